"""``docs/deal-codes.md`` against the codec, so that the page cannot drift from the code.

Every table of the page marked with an HTML comment (``<!-- deals -->`` ...) is read back and
each of its lines recomputed; the page is how another implementation learns the codec.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pyramide import DealCodeError, Layout, get_profile, parse_code
from pyramide.dealcode import BASE_DECK, SplitMix64
from pyramide.profiles import PROFILES_BY_LETTER

from .boards import line

PAGE = Path(__file__).resolve().parents[2] / "docs" / "deal-codes.md"
REQUIRED_CODES = {"PY1-N-AAAAAAS", "PY1-N-AAAAAAJ", "PY1-N-AAAAAAA", "PY1-N-7777777"}


def _section(marker: str) -> list[str]:
    """The lines after ``<!-- marker -->`` up to the first blank line."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    start = next(n for n, text in enumerate(lines) if text.strip() == f"<!-- {marker} -->")
    section = []
    for text in lines[start + 1 :]:
        if not text.strip():
            break
        section.append(text.strip())
    return section


def _table(marker: str) -> list[list[str]]:
    """The body cells of the table after a marker, back-quotes removed."""
    rows = [
        [cell.strip().strip("`") for cell in row.strip("|").split("|")] for row in _section(marker)
    ]
    header, separator, *body = rows
    assert all(set(cell) <= set("-:") for cell in separator), f"{marker}: no table"
    assert all(len(row) == len(header) for row in body), f"{marker}: ragged table"
    return body


DEALS = _table("deals")


def test_the_page_has_the_required_vectors() -> None:
    codes = {row[0] for row in DEALS}
    assert len(DEALS) >= 8
    assert codes >= REQUIRED_CODES
    assert {code[4] for code in codes} >= {"N", "F", "T"}


@pytest.mark.parametrize("row", DEALS, ids=[row[0] for row in DEALS])
def test_every_deal_vector_is_what_the_codec_deals(row: list[str]) -> None:
    code, seed, pyramid, waste, stock = row
    parsed = parse_code(code)
    dealt = parsed.layout()
    assert parsed.seed == int(seed)
    assert " / ".join(line(cards) for cards in dealt.rows()) == pyramid
    assert line(dealt.waste) == ("" if waste == "(empty)" else waste)
    assert line(dealt.stock) == stock


VARIANT_DEALS = _table("variant-deals")


def face_up_piles(layout: Layout) -> str:
    """The face-up piles as the variants' table writes them."""
    if layout.reserves:
        return "; ".join(f"reserve {n}: {line(p)}" for n, p in enumerate(layout.reserves, 1))
    if layout.more_wastes:
        return "; ".join(f"waste {n}: {line(p)}" for n, p in enumerate(layout.wastes, 1))
    return f"waste: {line(layout.waste) or '(empty)'}"


def test_every_named_variant_has_a_deal_vector() -> None:
    letters = {row[0][4] for row in VARIANT_DEALS}
    variants = {p.letter for p in PROFILES_BY_LETTER.values() if p.geometry.name != "pyramid"}
    variants |= {
        p.letter
        for p in PROFILES_BY_LETTER.values()
        if p.reserves or p.waste_piles > 1 or p.draw_count > 1 or p.deck != "french" or p.decks > 1
    }
    assert letters == variants


@pytest.mark.parametrize("row", VARIANT_DEALS, ids=[row[0] for row in VARIANT_DEALS])
def test_every_variant_deal_vector_is_what_the_codec_deals(row: list[str]) -> None:
    code, seed, places, piles, stock = row
    parsed = parse_code(code)
    dealt = parsed.layout()
    assert parsed.seed == int(seed)
    assert " / ".join(line(cards) for cards in dealt.rows()) == places
    assert face_up_piles(dealt) == piles
    assert (line(dealt.stock) or "(empty)") == stock
    assert len(dealt.cards) == len(parsed.profile.cards)


def test_the_page_gives_the_codec_base_deck() -> None:
    fence, *body, closing = _section("base-deck")
    assert fence == closing == "```"
    assert " ".join(body).split() == [card.ascii for card in BASE_DECK]


@pytest.mark.parametrize("row", _table("splitmix64"), ids=lambda row: f"seed{row[0]}-{row[1]}")
def test_every_splitmix64_vector_is_what_the_generator_gives(row: list[str]) -> None:
    seed, call, hex_output, decimal_output, i, j = row
    generator = SplitMix64(int(seed))
    outputs = [generator.next() for _ in range(int(call))]
    assert int(hex_output, 16) == int(decimal_output) == outputs[-1]
    assert int(i) == 52 - int(call)
    assert int(j) == outputs[-1] % (int(i) + 1)


def test_the_letter_table_matches_the_profiles() -> None:
    rows = _table("letters")
    assert sorted(row[0] for row in rows) == sorted(PROFILES_BY_LETTER)
    for letter, name, start in rows:
        profile = get_profile(letter)
        assert profile.name == name
        assert ("24 cards" in start) is profile.stock_24


ERRORS_IN_ORDER = [
    "expected three parts",
    "must start with PY1-",
    "unknown profile letter",
    "must be 7 characters",
    "not in the base-32 alphabet",
]
"""What the codec says for each line of the error table, in the order the page gives."""


@pytest.mark.parametrize(
    ("row", "says"), list(zip(_table("errors"), ERRORS_IN_ORDER, strict=True)), ids=ERRORS_IN_ORDER
)
def test_every_error_example_is_refused_for_the_reason_given(row: list[str], says: str) -> None:
    example = row[1]
    with pytest.raises(DealCodeError) as error:
        parse_code(example)
    assert says in str(error.value)
    assert repr(example) in str(error.value)
