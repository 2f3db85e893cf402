"""The text drawing of a table that ``pyramide deal`` prints.

Drawing is not a rule: no rule says how a table looks, so it lives apart from the rule modules
(whose every line the conformance suite must guard, docs/suite-strength.md) and the project's
own tests check it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .layout import EMPTY, Layout

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
