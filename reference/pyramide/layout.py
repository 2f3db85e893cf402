"""The table's geometry and a position of the cards on it.

The pyramid has 7 rows, row 1 at the apex and row 7 at the bottom; row ``r`` holds ``r`` cards,
numbered ``1..r`` from the left. Card ``(r, c)`` is covered by ``(r+1, c)`` and ``(r+1, c+1)``.
Positions are also numbered 0..27 in reading order (row by row, left to right), which is how a
list of pyramid cards is stored. The Pharaoh's larger pyramid has 10 rows (55 places) and the
same covering; :func:`geometry_of` gives the shape of any layout and number of rows.

The Triangle variant turns the pyramid upside down (PySolFC's ``_createInvertedPyramid``): row 1
holds 7 cards and row 7 one; card ``(r, c)`` is covered by ``(r+1, c-1)`` and ``(r+1, c)``
where they exist, so the two ends of a row lie under one card only. :class:`Geometry` holds
either shape; the module-level names (``ROWS``, ``COVERED_BY``, ``index_of``...) are the
pyramid's.

A :class:`Layout` is everything on the table at one moment: the 28 places (a card or ``None``
once removed), the waste from bottom to top, the stock from top to bottom and, under the
variants that have them, more waste piles (Apophis) and face-up reserve piles (Giza), each from
bottom to top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

from .cards import Card

EMPTY = "--"
"""How an empty place is written."""


class LayoutError(ValueError):
    """A layout that cannot occur: wrong shape, duplicate cards, a hole under a card."""


Position = tuple[int, int]
"""(row, column), both counted from 1."""


@dataclass(frozen=True)
class Geometry:
    """A shape of places: how many places each row holds and which places lie on which."""

    name: str
    row_lengths: tuple[int, ...]
    inverted: bool = False
    """False: (r, c) lies under (r+1, c) and (r+1, c+1); True: under (r+1, c-1) and (r+1, c)."""

    @cached_property
    def positions(self) -> tuple[Position, ...]:
        """Every place in reading order: ``positions[index_of(r, c)] == (r, c)``."""
        return tuple(
            (row, col)
            for row, length in enumerate(self.row_lengths, start=1)
            for col in range(1, length + 1)
        )

    @property
    def size(self) -> int:
        return sum(self.row_lengths)

    @property
    def rows(self) -> int:
        return len(self.row_lengths)

    def has(self, row: int, col: int) -> bool:
        return 1 <= row <= self.rows and 1 <= col <= self.row_lengths[row - 1]

    def index_of(self, row: int, col: int) -> int:
        """Reading-order index of place (row, col)."""
        if not self.has(row, col):
            raise LayoutError(f"no {self.name} place at row {row}, column {col}")
        return sum(self.row_lengths[: row - 1]) + col - 1

    @cached_property
    def covered_by(self) -> tuple[tuple[int, ...], ...]:
        """For each place, the places of the next row that lie on it."""
        shift = -1 if self.inverted else 0
        return tuple(
            tuple(self.index_of(r + 1, c + d) for d in (shift, shift + 1) if self.has(r + 1, c + d))
            for r, c in self.positions
        )

    def position_name(self, index: int) -> str:
        """A place as people say it: ``row 7 card 6``."""
        row, col = self.positions[index]
        return f"row {row} card {col}"


LAYOUTS = ("pyramid", "triangle")
"""The shapes a table's places can take: rows growing downwards, or the pyramid upside down."""


def geometry_of(layout: str, rows: int = 7) -> Geometry:
    """The shape of ``layout`` (``pyramid``: rows of 1 to ``rows`` places; ``triangle``: rows of
    ``rows`` down to 1, lying on the places ``c - 1`` and ``c`` of the row below), one object
    per shape so that two tables of one shape share it."""
    if layout not in LAYOUTS:
        raise LayoutError(f"no such layout: {layout!r} (expected {' or '.join(LAYOUTS)})")
    return _geometry(layout, rows)


@cache
def _geometry(layout: str, rows: int) -> Geometry:
    lengths = tuple(range(1, rows + 1))
    inverted = layout == "triangle"
    return Geometry(layout, lengths[::-1] if inverted else lengths, inverted)


PYRAMID = geometry_of("pyramid")
TRIANGLE = geometry_of("triangle")


def layout_by_first_row(width: int) -> str | None:
    """The layout a table's row 1 says it has: one place starts a pyramid, several the
    Triangle, whose row 1 is the widest; None for a row of no place."""
    if width < 1:
        return None
    return "pyramid" if width == 1 else "triangle"


def by_row_lengths(lengths: Sequence[int]) -> Geometry | None:
    """The shape whose rows hold exactly ``lengths`` places (a snapshot's rows), or None."""
    layout = layout_by_first_row(lengths[0]) if lengths else None
    if layout is None:
        return None
    geometry = geometry_of(layout, len(lengths))
    return geometry if geometry.row_lengths == tuple(lengths) else None


def decks_for(geometry: Geometry, deck_size: int) -> int:
    """How many decks of ``deck_size`` cards a game on ``geometry`` is played with: as few as
    fill its places (one deck for 28 places, two for the 55 of a 10-row pyramid)."""
    return -(-geometry.size // deck_size)


ROWS = PYRAMID.rows
PYRAMID_SIZE = PYRAMID.size
POSITIONS = PYRAMID.positions
COVERED_BY = PYRAMID.covered_by
index_of = PYRAMID.index_of
position_name = PYRAMID.position_name


@dataclass(frozen=True)
class Layout:
    """Cards on the table: places in reading order, waste bottom→top, stock top→bottom, then
    the extra waste piles and the reserve piles (bottom→top) of the variants with them."""

    pyramid: tuple[Card | None, ...]
    waste: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    more_wastes: tuple[tuple[Card, ...], ...] = ()
    """Waste piles 2, 3... (Apophis); ``waste`` is pile 1."""
    reserves: tuple[tuple[Card, ...], ...] = ()
    geometry: Geometry = field(default=PYRAMID)

    def __post_init__(self) -> None:
        size = self.geometry.size
        if len(self.pyramid) != size:
            raise LayoutError(f"a {self.geometry.name} has {size} places, got {len(self.pyramid)}")
        seen: set[Card] = set()
        for card in self.cards:  # every card on the table, pyramid places first
            if card in seen:
                raise LayoutError(f"{card} appears twice")
            seen.add(card)
        if len({card.deck.name for card in seen}) > 1:
            raise LayoutError("cards of the French and the Spanish deck on one table")
        if seen:
            decks = decks_for(self.geometry, len(next(iter(seen)).deck.cards))
            copies = Counter((card.rank, card.suit) for card in seen)
            extra = next((card for card in seen if card.copy >= decks), None)
            if extra is not None:
                count = copies[extra.rank, extra.suit]
                raise LayoutError(
                    f"{extra} appears {'twice' if count == 2 else f'{count} times'}, but a "
                    f"{self.geometry.rows}-row {self.geometry.name} is played with {decks} "
                    f"deck{'s' if decks > 1 else ''}"
                )
        for index, held in enumerate(self.pyramid):
            if held is not None:
                continue
            for above in self.geometry.covered_by[index]:
                if self.pyramid[above] is not None:
                    raise LayoutError(
                        f"{self.geometry.position_name(index)} is empty but "
                        f"{self.pyramid[above]} at {self.geometry.position_name(above)} "
                        "still lies on it"
                    )

    @property
    def wastes(self) -> tuple[tuple[Card, ...], ...]:
        """Every waste pile, pile 1 first."""
        return (self.waste, *self.more_wastes)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card on the table."""
        piles = (*self.wastes, self.stock, *self.reserves)
        return tuple(c for c in self.pyramid if c is not None) + tuple(
            card for pile in piles for card in pile
        )

    def rows(self) -> list[list[Card | None]]:
        """The places row by row, row 1 first."""
        return [
            [self.pyramid[self.geometry.index_of(row, col)] for col in range(1, length + 1)]
            for row, length in enumerate(self.geometry.row_lengths, start=1)
        ]
