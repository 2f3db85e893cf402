"""The table's geometry and a position of the cards on it.

The pyramid has 7 rows, row 1 at the apex and row 7 at the bottom; row ``r`` holds ``r`` cards,
numbered ``1..r`` from the left. Card ``(r, c)`` is covered by ``(r+1, c)`` and ``(r+1, c+1)``.
Positions are also numbered 0..27 in reading order (row by row, left to right), which is how a
list of pyramid cards is stored.

A :class:`Layout` is everything on the table at one moment: the 28 pyramid places (a card or
``None`` once removed), the waste from bottom to top and the stock from top to bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import DECK, Card, CardError

ROWS = 7
PYRAMID_SIZE = ROWS * (ROWS + 1) // 2
EMPTY = "--"
"""How an empty pyramid place is written."""


class LayoutError(ValueError):
    """A layout that cannot occur: wrong shape, duplicate cards, a hole under a card."""


Position = tuple[int, int]
"""(row, column), both counted from 1."""


def index_of(row: int, col: int) -> int:
    """Reading-order index 0..27 of pyramid place (row, col)."""
    if not (1 <= row <= ROWS and 1 <= col <= row):
        raise LayoutError(f"no pyramid place at row {row}, column {col}")
    return row * (row - 1) // 2 + col - 1


POSITIONS: tuple[Position, ...] = tuple(
    (row, col) for row in range(1, ROWS + 1) for col in range(1, row + 1)
)
"""Every pyramid place in reading order: ``POSITIONS[index_of(r, c)] == (r, c)``."""

COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    (index_of(r + 1, c), index_of(r + 1, c + 1)) if r < ROWS else () for r, c in POSITIONS
)
"""For each place, the places of the next row that lie on it (none for the bottom row)."""

COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(PYRAMID_SIZE) if j in COVERED_BY[i]) for j in range(PYRAMID_SIZE)
)
"""For each place, the places of the row above that it lies on (the inverse of COVERED_BY)."""


def position_name(index: int) -> str:
    """A place as people say it: ``row 7 card 6``."""
    row, col = POSITIONS[index]
    return f"row {row} card {col}"


@dataclass(frozen=True)
class Layout:
    """Cards on the table: pyramid in reading order, waste bottom→top, stock top→bottom."""

    pyramid: tuple[Card | None, ...]
    waste: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.pyramid) != PYRAMID_SIZE:
            raise LayoutError(f"a pyramid has {PYRAMID_SIZE} places, got {len(self.pyramid)}")
        seen: set[Card] = set()
        for card in (*self.pyramid, *self.waste, *self.stock):
            if card is not None:
                if card in seen:
                    raise LayoutError(f"{card} appears twice")
                seen.add(card)
        for index, card in enumerate(self.pyramid):
            if card is not None:
                continue
            for above in COVERED_BY[index]:
                if self.pyramid[above] is not None:
                    raise LayoutError(
                        f"{position_name(index)} is empty but {self.pyramid[above]} "
                        f"at {position_name(above)} still lies on it"
                    )

    @property
    def removed(self) -> tuple[Card, ...]:
        """Cards no longer on the table, in canonical deck order."""
        present = {c for c in (*self.pyramid, *self.waste, *self.stock) if c is not None}
        return tuple(card for card in DECK if card not in present)

    def rows(self) -> list[list[Card | None]]:
        """The pyramid as 7 lists, apex first."""
        return [
            [self.pyramid[index_of(row, col)] for col in range(1, row + 1)]
            for row in range(1, ROWS + 1)
        ]

    def to_text(self, ascii_only: bool = False) -> str:
        """Readable rows, centred like the pyramid, then the waste and the stock."""

        def name(card: Card | None) -> str:
            if card is None:
                return EMPTY
            return card.ascii if ascii_only else str(card)

        width = 4
        lines = []
        for row in self.rows():
            cells = "".join(name(card).center(width) for card in row)
            lines.append(" " * (width // 2) * (ROWS - len(row)) + cells.rstrip())
        waste = " ".join(name(c) for c in self.waste) or EMPTY
        lines.append(f"waste (bottom→top): {waste}")
        lines.append(f"stock: {len(self.stock)} cards, face down")
        return "\n".join(lines)

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str] | Sequence[Sequence[str]],
        waste: str | Sequence[str] = "",
        stock: str | Sequence[str] = "",
    ) -> Layout:
        """Build a layout from rows written as in the rulebook (``--`` for an empty place).

        Fewer than 7 rows are the *bottom* rows missing: the first rows given are row 1, 2...
        """
        if len(rows) != ROWS:
            raise LayoutError(f"a pyramid has {ROWS} rows, got {len(rows)}")
        pyramid: list[Card | None] = []
        for number, row in enumerate(rows, start=1):
            words = row.split() if isinstance(row, str) else row
            if len(words) != number:
                raise LayoutError(f"row {number} must hold {number} places, got {len(words)}")
            for word in words:
                pyramid.append(None if word == EMPTY else _card(word, f"row {number}"))
        return cls(
            tuple(pyramid),
            tuple(_cards(waste, "waste")),
            tuple(_cards(stock, "stock")),
        )


def _card(word: str, where: str) -> Card:
    try:
        return Card.parse(word)
    except CardError as error:
        raise LayoutError(f"{where}: {error}") from None


def _cards(words: str | Sequence[str], where: str) -> list[Card]:
    items = words.split() if isinstance(words, str) else list(words)
    return [_card(word, where) for word in items]
