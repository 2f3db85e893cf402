"""The text notation of a table: reading the rows a rulebook table is written in, and drawing a
table the way ``pyramide deal`` prints it.

Neither is a rule: no rule says how a table is written down or how it looks. Both live apart
from the rule modules, whose every line the conformance suite must guard
(docs/suite-strength.md); the project's own tests check them. The suite's steps read the
Gherkin drawings into the protocol's table (``conformance/steps.py``), which the reference
adapter turns into a :class:`~pyramide.layout.Layout` with :func:`read_layout`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from .cards import Card, CardError
from .layout import EMPTY, PYRAMID, Geometry, Layout, LayoutError


def read_layout(
    rows: Sequence[str] | Sequence[Sequence[str]],
    waste: str | Sequence[str] = "",
    stock: str | Sequence[str] = "",
    *,
    more_wastes: Sequence[str | Sequence[str]] = (),
    reserves: Sequence[str | Sequence[str]] = (),
    geometry: Geometry = PYRAMID,
) -> Layout:
    """A layout from rows written as in the rulebook (``--`` for an empty place), each pile's
    cards as a string or a list of card names; a malformed row or a misspelt card is refused
    with a message naming where it is. A card written twice (two decks) is two cards: the
    first one met, in the order of the arguments, is the first deck's (:attr:`Card.copy`)."""
    if len(rows) != geometry.rows:
        raise LayoutError(f"a {geometry.name} has {geometry.rows} rows, got {len(rows)}")
    pyramid: list[Card | None] = []
    for number, (row, length) in enumerate(zip(rows, geometry.row_lengths, strict=True), 1):
        words = row.split() if isinstance(row, str) else row
        if len(words) != length:
            raise LayoutError(f"row {number} must hold {length} places, got {len(words)}")
        for word in words:
            pyramid.append(None if word == EMPTY else _card(word, f"row {number}"))
    seen: Counter[Card] = Counter()

    def copies(cards: Sequence[Card | None]) -> tuple[Card | None, ...]:
        numbered = []
        for card in cards:
            if card is not None:
                seen[card] += 1
                card = replace(card, copy=seen[card] - 1)
            numbered.append(card)
        return tuple(numbered)

    def pile(cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(card for card in copies(cards) if card is not None)

    return Layout(
        copies(pyramid),
        pile(_cards(waste, "waste")),
        pile(_cards(stock, "stock")),
        tuple(pile(_cards(p, f"waste {n}")) for n, p in enumerate(more_wastes, 2)),
        tuple(pile(_cards(p, f"reserve {n}")) for n, p in enumerate(reserves, 1)),
        geometry,
    )


def _card(word: str, where: str) -> Card:
    try:
        return Card.parse(word)
    except CardError as error:
        raise LayoutError(f"{where}: {error}") from None


def _cards(words: str | Sequence[str], where: str) -> list[Card]:
    items = words.split() if isinstance(words, str) else list(words)
    return [_card(word, where) for word in items]


CELL_WIDTH = 4
"""Characters per place: wide enough for ``10♣`` and a space."""


def draw_layout(layout: Layout, ascii_only: bool = False) -> str:
    """Readable rows, centred like the pyramid, then the reserves, the waste piles and the stock."""

    def name(card: Card | None) -> str:
        if card is None:
            return EMPTY
        return card.ascii if ascii_only else str(card)

    def pile(cards: Sequence[Card]) -> str:
        return " ".join(name(c) for c in cards) or EMPTY

    widest = max(layout.geometry.row_lengths)
    lines = []
    for row in layout.rows():
        cells = "".join(name(card).center(CELL_WIDTH) for card in row)
        lines.append(" " * (CELL_WIDTH // 2) * (widest - len(row)) + cells.rstrip())
    for number, reserve in enumerate(layout.reserves, start=1):
        lines.append(f"reserve {number} (bottom→top): {pile(reserve)}")
    for number, waste in enumerate(layout.wastes, start=1):
        label = "waste" if not layout.more_wastes else f"waste {number}"
        if waste or not layout.reserves:
            lines.append(f"{label} (bottom→top): {pile(waste)}")
    if not layout.reserves:
        lines.append(f"stock: {len(layout.stock)} cards, face down")
    return "\n".join(lines)
