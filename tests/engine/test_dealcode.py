"""The deal-code codec: CODE-FORMAT, CODE-REDEAL, CODE-DOCUMENTED, OPEN-CODE-LETTER."""

from __future__ import annotations

import pytest
from pyramide import PROFILES, DealCodeError, Profile, parse_code
from pyramide.conformance.deal_fixtures import documented_layout
from pyramide.dealcode import BASE_DECK, MAX_SEED, DealCode, SplitMix64, encode_seed, shuffle

from .boards import line


@pytest.mark.parametrize(
    ("suffix", "seed"),
    [
        ("AAAAAAA", 0),
        ("AAAAAAB", 1),
        ("AAAAAAJ", 9),
        ("AAAAAAS", 18),
        ("AAAAAA7", 31),
        ("AAAAABA", 32),
        ("BAAAAAA", 32**6),
        ("7777777", 32**7 - 1),
    ],
)
def test_the_seven_characters_are_a_base_32_number(suffix: str, seed: int) -> None:
    code = parse_code(f"PY1-N-{suffix}")
    assert code.seed == seed
    assert encode_seed(seed) == suffix
    assert str(code) == f"PY1-N-{suffix}"


@pytest.mark.parametrize("profile", list(PROFILES.values()), ids=lambda p: p.letter)
def test_the_letter_names_the_profile_and_the_code_reads_back(profile: Profile) -> None:
    code = parse_code(f"PY1-{profile.letter}-PYRAMID")
    assert code.profile is profile
    assert parse_code(str(code)) == code


def test_surrounding_white_space_is_ignored() -> None:
    assert parse_code("  PY1-N-AAAAAAS\n") == parse_code("PY1-N-AAAAAAS")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("PY1-NAAAAAAS", "three parts"),
        ("PY1-N-AAAA-AAS", "three parts"),
        ("", "three parts"),
        ("PY2-N-AAAAAAS", "must start with PY1-, not PY2-"),
        ("py1-N-AAAAAAS", "must start with PY1-, not py1-"),
        ("PY1-Q-AAAAAAS", "unknown profile letter 'Q'"),
        ("PY1-n-AAAAAAS", "unknown profile letter 'n'"),
        ("PY1-N-AAAAAS", "must be 7 characters, got 6"),
        ("PY1-N-AAAAAAAS", "must be 7 characters, got 8"),
        ("PY1-N-AAAAAA1", "'1' not in the base-32 alphabet"),
        ("PY1-N-aaaaaas", "'a', 's' not in the base-32 alphabet"),
        ("PY1-N-AAAA=80", "'0', '8', '=' not in the base-32 alphabet"),
    ],
)
def test_a_malformed_code_is_refused_naming_the_problem(text: str, problem: str) -> None:
    with pytest.raises(DealCodeError) as error:
        parse_code(text)
    assert problem in str(error.value)
    assert repr(text) in str(error.value), "the message quotes the code"


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1])
def test_a_seed_outside_35_bits_has_no_code(seed: int) -> None:
    with pytest.raises(DealCodeError, match="outside"):
        encode_seed(seed)


def test_splitmix64_gives_the_standard_outputs() -> None:
    """Seed 0's first outputs as published with the reference C implementation (splitmix64.c)."""
    generator = SplitMix64(0)
    assert [generator.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_the_shuffle_runs_fisher_yates_from_the_top_down_with_next_mod_i_plus_1() -> None:
    generator = SplitMix64(18)
    expected = list(range(52))
    for i in range(51, 0, -1):
        j = generator.next() % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffle(range(52), 18) == expected
    assert shuffle(range(52), 18) != shuffle(range(52), 19)


def test_the_base_deck_holds_every_card_once() -> None:
    assert len(set(BASE_DECK)) == 52


@pytest.mark.parametrize("code", ["PY1-N-AAAAAAS", "PY1-T-PYRAMID", "PY1-C-QWERTY2"])
def test_a_code_deals_exactly_the_same_cards_every_time(code: str) -> None:
    parsed = parse_code(code)
    assert parsed.layout() == parse_code(code).layout()
    assert DealCode(parsed.profile, parsed.seed).layout() == parsed.layout()


def test_the_letter_changes_the_waste_not_the_pyramid() -> None:
    dealt = {letter: parse_code(f"PY1-{letter}-QWERTY2").layout() for letter in "NWPRDCFTS"}
    assert len({layout.pyramid for layout in dealt.values()}) == 1
    assert {letter for letter, layout in dealt.items() if not layout.waste} == {"F", "T", "S"}


def test_the_documented_code_deals_the_documented_pyramid_and_waste() -> None:
    """The rules document's deal for PY1-N-AAAAAAS, as its fixture draws it."""
    dealt = parse_code("PY1-N-AAAAAAS").layout()
    documented = documented_layout("py1-n-aaaaaas")
    assert (dealt.pyramid, dealt.waste, len(dealt.stock)) == (
        documented.pyramid,
        documented.waste,
        23,
    )


FROZEN = {
    "PY1-N-AAAAAAS": (
        "JD / 6C 7H / AS 4D QS / 5H 3D 6H 8S / KH KC AD KS 9C / QC 2C 8D TD TS JS / "
        "7C TC 3H 4H 3S KD 7S",
        "7D",
        "2H JH 6S 8C 5S 3C AH QD 2D 5C 5D 9H QH TH AC 9S 4S 9D 6D 8H JC 4C 2S",
    ),
    "PY1-N-AAAAAAJ": (
        "3C / 9C JD / 4C 9S 5D / AD 2D 5C 5S / 3S 8C 6C 7H 2S / 4S KD 2H 8D 9H TD / "
        "3D 7S KC 6D AS 8S KS",
        "QC",
        "TS TH 2C 5H 7D 8H JH 6H QD QS 6S 4H AH QH 9D JC TC KH 7C AC JS 3H 4D",
    ),
    "PY1-N-7777777": (
        "KC / TC 7H / AD KH 5H / 9H 9D 5D 4C / 7C 5S 7D 7S JH / JC TS 3D QC 2S TD / "
        "TH JD 3S 6H 4H AC 6C",
        "3C",
        "9C AH AS KS 8D 2D JS 8H 2C 6D QS KD 6S 4D QH 4S 5C 8S 9S QD 2H 8C 3H",
    ),
    "PY1-T-PYRAMID": (
        "JS / 4S 4D / KS 7C 9S / TC 2S 8H QD / 5D 6D 2C 2D 8D / 3H 7H KC 6H 5S 3C / "
        "4H 2H 8C 6S 3S 4C 8S",
        "",
        "9D KD QC JH AD 7D TH 9C AS 5H QH TD 5C 3D QS TS 6C AC KH 9H 7S AH JD JC",
    ),
}


@pytest.mark.parametrize("code", sorted(FROZEN))
def test_frozen_vectors(code: str) -> None:
    """These deals are frozen on purpose: a code must deal the same cards for ever, so any change
    to the codec (generator, shuffle, base deck, dealing order) must fail here. A new codec needs
    a new prefix (PY2), never new values in this table."""
    pyramid, waste, stock = FROZEN[code]
    dealt = parse_code(code).layout()
    assert " / ".join(line(row) for row in dealt.rows()) == pyramid
    assert (line(dealt.waste), line(dealt.stock)) == (waste, stock)
