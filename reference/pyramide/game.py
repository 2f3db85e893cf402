"""The move-level engine: legal moves, play a move, undo — in the style of python-chess.

:class:`Game` knows the rules of one profile and nothing of taps or selections (that is
:mod:`pyramide.table`). It keeps the score (10 per pyramid card removed), the move counter
(removals, draws and recycles; it never goes down) and an undo history of the last 100 actions.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from .cards import Card
from .layout import Layout
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair
from .profiles import (
    APP,
    WASTE_DRAWN_WITH_BELOW,
    WASTE_KEEPS_LAST,
    WASTE_TOP_WITH_BELOW,
    Profile,
)

POINTS_PER_PYRAMID_CARD = 10
UNDO_LIMIT = 100


class IllegalMoveError(ValueError):
    """A move the rules do not allow in the current position."""


class Status(str, Enum):
    """Where a game stands. ``NO_MORE_MOVES`` is the app's « Plus aucun coup possible »."""

    PLAYING = "playing"
    WON = "won"
    NO_MORE_MOVES = "no-more-moves"


@dataclass(frozen=True)
class Place:
    """Where a card that can be played lies: a pyramid index, or a depth (0 = top) in waste
    pile ``number`` (0 for the first), in a reserve pile or in the stock."""

    pile: str
    index: int
    number: int = 0


@dataclass(frozen=True)
class _Saved:
    """What undo restores: everything but the move counter."""

    move: Move
    pyramid: tuple[Card | None, ...]
    wastes: tuple[tuple[Card, ...], ...]
    reserves: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    recycles: int
    fresh_draw: bool
    score: int


class Game:
    """A game of Pyramid under one :class:`Profile`, started from any legal layout."""

    def __init__(self, layout: Layout, profile: Profile = APP, code: str | None = None) -> None:
        self.profile = profile
        self.code = code
        if layout.geometry is not profile.geometry:
            raise ValueError(f"a {layout.geometry.name} table under the {profile.name} rules")
        self.covered_by = profile.geometry.covered_by
        self.target = profile.deck_cards.target
        """What two cards removed together are worth (13, or 12 with the Spanish deck)."""
        self.pyramid: list[Card | None] = list(layout.pyramid)
        self.wastes: list[list[Card]] = [list(pile) for pile in layout.wastes]
        self.wastes.extend([] for _ in range(profile.waste_piles - len(self.wastes)))
        self.reserves: list[list[Card]] = [list(pile) for pile in layout.reserves]
        self.reserves.extend([] for _ in range(profile.reserves - len(self.reserves)))
        self._stock: list[Card] = list(reversed(layout.stock))  # top of the stock at the end
        self.recycles = 0
        self.fresh_draw = False
        """True right after a draw: the only moment the drawn card may meet the card beneath it."""
        self.score = 0
        self.move_count = 0
        self._history: deque[_Saved] = deque(maxlen=UNDO_LIMIT)

    # --- observation -------------------------------------------------------------------------

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple(reversed(self._stock))

    @property
    def waste(self) -> list[Card]:
        """The first (with the app's rules, the only) waste pile, bottom first."""
        return self.wastes[0]

    @property
    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    def layout(self) -> Layout:
        return Layout(
            tuple(self.pyramid),
            tuple(self.waste),
            self.stock,
            tuple(tuple(pile) for pile in self.wastes[1:]),
            tuple(tuple(pile) for pile in self.reserves),
            self.profile.geometry,
        )

    def position_copy(self) -> Game:
        """A new game at this position: the same cards, recycles used and draw bit, and no
        history (score and counter at 0). The solvers play their lines out on one, rather
        than by push and pop here, whose undo keeps only the last moves."""
        copy = Game(self.layout(), self.profile, self.code)
        copy.recycles, copy.fresh_draw = self.recycles, self.fresh_draw
        return copy

    def is_free(self, index: int) -> bool:
        """A pyramid card is free when neither place of the row below holds a card."""
        return self.pyramid[index] is not None and all(
            self.pyramid[i] is None for i in self.covered_by[index]
        )

    def covering(self, index: int) -> list[int]:
        """The places of the row below that still lie on pyramid place ``index``."""
        return [i for i in self.covered_by[index] if self.pyramid[i] is not None]

    @property
    def pyramid_cleared(self) -> bool:
        return all(card is None for card in self.pyramid)

    @property
    def status(self) -> Status:
        if self.is_won():
            return Status.WON
        return Status.PLAYING if self.has_legal_move() else Status.NO_MORE_MOVES

    def is_won(self) -> bool:
        """The app wins on an empty pyramid; the strict win also needs stock and waste empty."""
        if not self.pyramid_cleared:
            return False
        return not self.profile.strict_win or not (
            self._stock or any(self.wastes) or any(self.reserves)
        )

    @property
    def stock_top(self) -> Card | None:
        """The stock's top card, the next one drawn."""
        return self._stock[-1] if self._stock else None

    def place_of(self, card: Card) -> Place | None:
        """Where ``card`` lies if it may ever be played here: a pyramid card, the waste top or
        the card beneath it, or (with the playable stock top) the stock's top card."""
        if card in self.pyramid:
            return Place("pyramid", self.pyramid.index(card))
        for depth, waste_card in enumerate(reversed(self.waste[-2:])):
            if waste_card == card:
                return Place("waste", depth)
        for number, pile in enumerate(self.wastes[1:], start=1):
            if pile and pile[-1] == card:
                return Place("waste", 0, number)
        for number, pile in enumerate(self.reserves):
            if pile and pile[-1] == card:
                return Place("reserve", 0, number)
        if self.profile.stock_top_playable and card == self.stock_top:
            return Place("stock", 0)
        return None

    def in_play(self) -> list[Card]:
        """The cards a removal may take: pyramid cards, the top two waste cards, the tops of
        the other waste piles and of the reserves and, with the playable stock top, the stock's
        top card (:meth:`is_legal` decides which are free)."""
        cards: list[Card] = [c for c in self.pyramid if c is not None]
        cards.extend(self.waste[-2:])
        cards.extend(pile[-1] for pile in (*self.wastes[1:], *self.reserves) if pile)
        if self.profile.stock_top_playable and self._stock:
            cards.append(self._stock[-1])
        return cards

    def can_recycle(self) -> bool:
        limit = self.profile.max_recycles
        return not self._stock and any(self.wastes) and (limit is None or self.recycles < limit)

    # --- the rules ---------------------------------------------------------------------------

    def _is_available(self, place: Place) -> bool:
        """Free on its own: a free pyramid card, the waste top or the playable stock top."""
        if place.pile == "pyramid":
            return self.is_free(place.index)
        return place.index == 0

    def waste_below_in_play(self) -> bool:
        """Whether the card beneath the waste top may pair with the top now: always under
        top-with-below (VAR-WASTE-PAIR-ANYTIME), right after a draw under drawn-with-below
        (VAR-DRAWN-WITH-WASTE), never under the app's rules."""
        if self.profile.waste_play == WASTE_DRAWN_WITH_BELOW:
            return self.fresh_draw
        return self.profile.waste_play == WASTE_TOP_WITH_BELOW

    def _pair_allowed(self, a: Place, b: Place) -> bool:
        if self._is_available(a) and self._is_available(b):
            return True
        if {a, b} == {Place("waste", 0), Place("waste", 1)}:
            return self.waste_below_in_play()
        if self.profile.pairs_with_covering_card and a.pile == b.pile == "pyramid":
            return self._is_only_cover(a.index, b.index) or self._is_only_cover(b.index, a.index)
        return False

    def _is_only_cover(self, covered: int, cover: int) -> bool:
        return self.covering(covered) == [cover] and self.is_free(cover)

    def is_legal(self, move: Move) -> bool:
        if self.is_won():
            return False
        if isinstance(move, Draw):
            return bool(self._stock) and move.pile in self.draw_piles()
        if isinstance(move, Recycle):
            return self.can_recycle()
        if isinstance(move, RemoveKing):
            place = self.place_of(move.card)
            return move.card.goes_alone and place is not None and self._is_available(place)
        first, second = self.place_of(move.first), self.place_of(move.second)
        return (
            move.first != move.second  # a Spanish 6 makes 12 with a 6, never with itself
            and move.first.rank + move.second.rank == self.target
            and first is not None
            and second is not None
            and self._pair_allowed(first, second)
        )

    def _removals(self) -> Iterator[Move]:
        """The removals worth asking :meth:`is_legal` about: Kings, then pairs of the cards in
        play that make the target."""
        candidates = self.in_play()
        yield from (RemoveKing(c) for c in candidates if c.goes_alone)
        for n, a in enumerate(candidates):
            yield from (
                RemovePair(a, b) for b in candidates[n + 1 :] if a.rank + b.rank == self.target
            )

    def draw_piles(self) -> range:
        """The waste piles a draw may name: any of them where the player chooses
        (VAR-APOPHIS-CHOICE), else only pile 1, which stands for the draw the rules deal."""
        return range(1, 1 + (len(self.wastes) if self.profile.chosen_pile else 1))

    def has_legal_move(self) -> bool:
        """Whether :meth:`legal_moves` would list anything, without listing it all: the status
        is asked after every tap, and a stock to draw from answers at once."""
        if self.is_won():
            return False
        if self._stock or self.can_recycle():
            return True
        return any(self.is_legal(m) for m in self._removals())

    def legal_moves(self) -> list[Move]:
        """Every legal move: Kings, then pairs, then draw or recycle."""
        if self.is_won():
            return []
        moves = [m for m in self._removals() if self.is_legal(m)]
        if self._stock:
            moves.extend(Draw(pile) for pile in self.draw_piles())
        elif self.can_recycle():
            moves.append(Recycle())
        return moves

    # --- playing -----------------------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move``; raise :class:`IllegalMoveError` if the rules forbid it."""
        if not self.is_legal(move):
            raise IllegalMoveError(f"{move} is not legal here")
        self._history.append(
            _Saved(
                move,
                tuple(self.pyramid),
                tuple(tuple(pile) for pile in self.wastes),
                tuple(tuple(pile) for pile in self.reserves),
                tuple(self._stock),
                self.recycles,
                self.fresh_draw,
                self.score,
            )
        )
        self.move_count += 1
        self.fresh_draw = False
        if isinstance(move, Draw):
            self._draw(move.pile)
        elif isinstance(move, Recycle):
            self._recycle()
        else:
            cards = [move.card] if isinstance(move, RemoveKing) else [move.first, move.second]
            for card in cards:
                self._remove(card)

    def _recycle(self) -> None:
        """The waste piles back into the stock. Where the player chose the piles, pile 1's
        bottom card comes first, then the rest of pile 1, then pile 2's and pile 3's, each
        from its bottom: one pile keeps the app's order (VAR-APOPHIS-CHOICE-RECYCLE). Where
        the rules deal rows, pile 1 is gathered first, each pile from its top, so the last
        pile's bottom card is the next one dealt, and a row is dealt at once, in the same move
        (PySolFC's redeal, VAR-APOPHIS-RECYCLE-ORDER)."""
        if self.profile.chosen_pile:
            self._stock = [card for pile in reversed(self.wastes) for card in reversed(pile)]
        else:
            self._stock = [card for pile in self.wastes for card in reversed(pile)]
        self.wastes = [[] for _ in self.wastes]
        self.recycles += 1
        if self.profile.dealt_rows:
            self._draw(1)

    def _draw(self, pile: int) -> None:
        """One card onto each waste pile in turn, one card onto waste pile ``pile`` where the
        player names it, or ``draw_count`` cards onto the one pile. Under
        ``waste_keeps: last`` the card on the waste first goes out of play
        (VAR-WASTE-LAST-ONLY): nothing scores it, and only undo brings it back."""
        if self.profile.waste_keeps == WASTE_KEEPS_LAST:
            self.waste.clear()
        if self.profile.chosen_pile:
            self.wastes[pile - 1].append(self._stock.pop())
        elif len(self.wastes) > 1:
            for each in self.wastes:
                if self._stock:
                    each.append(self._stock.pop())
        else:
            for _ in range(min(self.profile.draw_count, len(self._stock))):
                self.waste.append(self._stock.pop())
            self.fresh_draw = True

    def _remove(self, card: Card) -> None:
        if card in self.pyramid:
            self.pyramid[self.pyramid.index(card)] = None
            self.score += POINTS_PER_PYRAMID_CARD
            return
        for pile in (*self.wastes, *self.reserves, self._stock):
            if card in pile:
                pile.remove(card)
                return

    def can_undo(self) -> bool:
        return bool(self._history)

    def pop(self) -> Move:
        """Undo the last action (of the last 100): cards and points come back, the counter stays."""
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        saved = self._history.pop()
        self.pyramid = list(saved.pyramid)
        self.wastes = [list(pile) for pile in saved.wastes]
        self.reserves = [list(pile) for pile in saved.reserves]
        self._stock = list(saved.stock)
        self.recycles = saved.recycles
        self.fresh_draw = saved.fresh_draw
        self.score = saved.score
        return saved.move
