"""The one-sequence search's positions: how a position of the app's talon is kept, which
positions the walks merge, and the upper bounds they prune with.

The waste (bottom first) followed by the stock (top first) is one fixed sequence, and a
boundary says which of its cards are in the waste (:mod:`.exact` explains why that is exact,
and :mod:`.talon_runs` how draws move the boundary). A position (:data:`_State`) is the
pyramid mask, the talon mask over the sequence, the boundary, the recycles used and whether
the last move was a draw.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..cards import Card
from ..game import Game
from ..layout import PYRAMID_SIZE
from ..profiles import WASTE_DRAWN_WITH_BELOW, WASTE_TOP
from .bounds import PyramidBounds
from .outcome import CHECK_EVERY, SolverTimeout

_State = tuple[int, int, int, int, bool]
"""(pyramid mask, talon mask, boundary, recycles used, last move was a draw)."""

_Edge = tuple[int, bool, int, int, int, int]
"""(draws, recycled, draws after the recycle, removal kind, card slot, card slot)."""

_KING_PYRAMID, _KING_TALON, _PAIR_PYRAMID, _PAIR_WITH_TALON, _PAIR_TALON = range(5)
"""Removal kinds: a pyramid King, a talon King (waste top or stock top), two pyramid cards, a
pyramid card and a talon card, two talon cards (the earlier in the sequence first). A removal
names cards, not places, so one kind serves the waste top and the stock top alike."""


class SequencePositions(PyramidBounds):
    """One position's cards in the one-sequence search, and what the walks and the bounds read
    off a position: its talon as counts of ranks, the waste cut, the merged (:meth:`loose`)
    position, its :meth:`key` and :meth:`standing`, and the upper bound
    (:meth:`outlook`). Everything derived from a mask is cached, as the searches meet the same
    pyramids and talons again and again."""

    def __init__(self, game: Game, deadline: float | None = None) -> None:
        profile = game.profile
        self.talon_pairs = profile.waste_play != WASTE_TOP
        """Whether the waste top may pair with the card beneath it (the waste-pair switches)."""
        self.pair_needs_draw = profile.waste_play == WASTE_DRAWN_WITH_BELOW
        """Whether that pair is only allowed right after a draw (drawn-with-below)."""
        self.stock_playable = profile.stock_top_playable
        """Whether the stock top is in play (the playable-stock-top switch)."""
        # Whether two talon cards may ever leave together: the waste top with the card beneath
        # it, or the waste top with the stock top.
        super().__init__(profile, game.pyramid, self.talon_pairs or self.stock_playable)
        self.deadline = deadline
        """``time.perf_counter()`` past which the walks raise :class:`SolverTimeout`."""
        self.ticks = 0
        self.talon: list[Card] = [*game.waste, *game.stock]
        self.talon_ranks = [card.rank for card in self.talon]
        self.limited = profile.max_recycles is not None
        self.by_rank = not self.limited and not (self.talon_meets and profile.strict_win)
        """Whether the walks see the talon as counts of ranks (see :meth:`walk_steps`)."""
        self.visited = 0
        weights = [1 << 3 * card.rank for card in self.talon]
        weights += [0] * (24 - len(weights))
        tables = []
        for byte in range(3):
            table = [0]
            for weight in weights[8 * byte : 8 * byte + 8]:
                table += [value + weight for value in table]
            tables.append(table)
        self._key_tables = tuple(tables)
        """Per byte of a talon mask, the :meth:`talon_key` of each of its 256 values."""
        self._supply_cache: dict[int, tuple[int, ...]] = {}
        self._cut_cache: dict[int, int] = {}
        self.talon_rank_masks = [0] * (self.king + 1)
        for i, rank in enumerate(self.talon_ranks):
            self.talon_rank_masks[rank] |= 1 << i
        self._king_slots = self.talon_rank_masks[self.king]
        """The talon slots of the top-rank cards."""
        self._caps_cache: dict[int, tuple[int, ...]] = {}
        talon = (1 << len(self.talon)) - 1
        self.start: _State = (
            sum(1 << i for i, card in enumerate(self.pyramid_cards) if card),
            talon,
            _top(talon, len(game.waste)) + 1,
            game.recycles if self.limited else 0,
            game.fresh_draw and self.pair_needs_draw,
        )

    def _partner_supply(self, pyramid: int, talon: int) -> tuple[int, ...]:
        """:meth:`PyramidBounds.partner_supply` for a talon mask, cached."""
        counts = self.talon_counts(talon) if self.talon_meets else None
        key = pyramid | (self.talon_key(talon) << PYRAMID_SIZE if counts else 0)
        found = self._supply_cache.get(key)
        if found is None:
            found = self._supply_cache[key] = self.partner_supply(pyramid, counts)
        return found

    def waste_cut(self, pyramid: int, talon: int, boundary: int) -> int:
        """The slot of the waste card beneath which no card comes up again before a recycle,
        or -1 when any may.

        Going down the waste from its top, the k-th card of rank r is the first whose rank
        asks more partners than :meth:`_partner_supply` has: for every card above it and it to
        leave, each card of rank r among them needs a partner of its own, which is one too many.
        So one of them (it, or one above it) stays for good, and every card beneath it stays
        beneath until a recycle: such a card is never the waste top, and it is the card beneath
        the waste top only when the one that stays is the waste top, which it then never pairs
        with (the supply counts the talon cards of the partner rank). A card with no partner
        left at all (the first card of a rank with none in the supply) is the simplest case.
        """
        waste = talon & ((1 << boundary) - 1)
        if not waste:
            return -1
        # the supply reads the whole talon only when two talon cards may pair
        key = pyramid | (talon if self.talon_meets else waste) << PYRAMID_SIZE | boundary << 52
        found = self._cut_cache.get(key)
        if found is None:
            supply = self._partner_supply(pyramid, talon)
            found = self._cut_cache[key] = self._scan_waste(waste, supply)
        return found

    def _scan_waste(self, waste: int, supply: Sequence[int]) -> int:
        """:meth:`waste_cut` for the waste cards ``waste`` (a mask) and partners ``supply``."""
        demand = [0] * (self.king + 1)
        ranks = self.talon_ranks
        while waste:
            i = waste.bit_length() - 1
            rank = ranks[i]
            demand[rank] += 1
            if demand[rank] > supply[rank]:
                return i
            waste ^= 1 << i
        return -1

    def talon_counts(self, talon: int) -> tuple[int, ...]:
        """How many talon cards of each rank (index 1 to the top rank) are left."""
        return self.counts_of(self.talon_key(talon))

    def prospects(self, pyramid: int, talon: int) -> tuple[int, bool]:
        """:meth:`PyramidBounds.prospects_of` for the talon cards of a talon mask."""
        return self.prospects_of(pyramid, self.talon_key(talon))

    def loose(self, state: _State) -> _State:
        """The one position standing for every position with the same cards, when the moves
        do not count and recycling is unlimited: then draws and recycles alone reach every
        boundary (with the waste top and the stock top there, whatever is in play), and bring
        any talon card freshly drawn onto the one beneath it, so what can be removed from here on
        depends on the cards left only.

        With limited recycles, once no recycle is left the waste cards beneath the
        :meth:`waste_cut` are taken out: they never leave, never pair with a card that leaves,
        and stay beneath it, so the position without them has the same future (and the same
        verdict on the strict win, lost either way: a card at or above the cut stays)."""
        if self.limited:
            reachable = self.reachable(state)
            if reachable == state[1]:
                return state
            return state[0], reachable, state[2], state[3], state[4]
        pyramid, talon = state[0], state[1]
        return (pyramid, talon, talon.bit_length(), 0, False)

    def key(self, state: _State) -> object:
        """What tells :meth:`loose` positions apart, but for their :meth:`standing`.

        With unlimited recycling, the order of the talon matters to them no more than the
        boundary (any of its cards can be brought into play with any free pyramid card), so
        talon cards of one rank stand in for each other and only how many of each rank are left
        counts. Only a pair of two talon cards (the waste-pair switches, the waste top with the
        playable stock top) needs them next to each other, and such a pair matters only to the
        strict win: it never frees a pyramid card, and with every talon card within reach
        anyway, taking two away never brings another one into play."""
        if self.limited:
            return state[0] | state[1] << PYRAMID_SIZE | state[4] << 52
        if not self.by_rank:
            return state
        if self.profile.strict_win:
            return state[0] | self.talon_key(state[1]) << PYRAMID_SIZE
        return state[0] | self.useful_key(state[0], state[1]) << PYRAMID_SIZE

    def useful_key(self, pyramid: int, talon: int) -> int:
        """:meth:`talon_key` counting only the talon cards that can still be of use when the
        pyramid alone must be cleared: a talon card of rank r leaves only with a pyramid card of
        rank t - r (talon Kings and pairs of talon cards free no pyramid place), and each such
        pyramid card takes one, so talon cards of rank r beyond the pyramid cards of rank
        t - r left are never needed. With unlimited recycling extra talon cards never stand in
        the way either (any of them can be brought into play), so two positions that differ
        only in such cards reach the same pyramids."""
        caps = self._caps_cache.get(pyramid)
        if caps is None:
            masks = self.rank_masks
            caps = tuple(
                (pyramid & masks[self.pair_total - rank]).bit_count() if 0 < rank < self.king else 0
                for rank in range(self.king + 1)
            )
            self._caps_cache[pyramid] = caps
        counts = self.talon_counts(talon)
        key = 0
        for rank in range(1, self.king):
            n = counts[rank]
            if n:
                cap = caps[rank]
                key |= (n if n < cap else cap) << 3 * rank
        return key

    def standing(self, state: _State) -> int:
        """Of two positions with one :meth:`key`, the one with the smaller standing reaches all
        that the other does (the walks, which do not count moves, skip the other).

        With limited recycling it is the recycles used, then the boundary: draws alone take a
        position to every boundary above its own, with the same cards and recycles, and a
        position with a recycle more to spend reaches every boundary of the next round (draw
        the stock out, recycle, draw up to it). This holds under every switch, as whatever is in
        play at a boundary (waste top, the card beneath it, stock top) depends on the cards and
        the boundary only, and a run of draws that ends on a card has just drawn it (so the
        drawn-with-below pair is there too). With unlimited recycling, :meth:`loose` positions
        all stand alike."""
        if not self.limited:
            return 0
        return state[3] << 5 | state[2]

    def talon_key(self, talon: int) -> int:
        """How many talon cards of each rank are left, as one number (3 bits a rank): the sum
        of ``1 << 3 * rank`` over the cards present, added up a byte of the mask at a time."""
        low, middle, high = self._key_tables
        return low[talon & 255] + middle[talon >> 8 & 255] + high[talon >> 16]

    def removed(self, state: _State) -> int:
        """Empty pyramid places."""
        return PYRAMID_SIZE - state[0].bit_count()

    def outlook(self, state: _State) -> tuple[int, bool]:
        """:meth:`prospects` with only the talon cards that can still come into play: once no
        recycle is left, the waste cards beneath the :meth:`waste_cut` stay there (nor do they
        come back to the stock: only a recycle puts waste cards there), and the strict win is
        lost, as a card at or above the cut stays for good."""
        pyramid, talon, boundary = state[0], state[1], state[2]
        if not self.last_round(state):
            return self.prospects(pyramid, talon)
        cut = self.waste_cut(pyramid, talon, boundary)
        if cut < 0:
            return self.prospects(pyramid, talon)
        most, winnable = self.prospects(pyramid, talon & ~((1 << cut) - 1))
        return most, winnable and not self.profile.strict_win

    def last_round(self, state: _State) -> bool:
        """Whether no recycle is left."""
        limit = self.profile.max_recycles
        return limit is not None and state[3] >= limit

    def reachable(self, state: _State) -> int:
        """The talon cards that can still come into play (see :meth:`outlook`): all of them
        while a recycle is left; after the last one, all but the waste cards beneath the
        :meth:`waste_cut`."""
        pyramid, talon, boundary = state[0], state[1], state[2]
        if not self.last_round(state):
            return talon
        cut = self.waste_cut(pyramid, talon, boundary)
        return talon if cut < 0 else talon & ~((1 << cut) - 1)

    def upper_bound(self, state: _State) -> int:
        return self.outlook(state)[0]

    def win_left(self, state: _State) -> bool:
        return self.outlook(state)[1]

    def is_won(self, state: _State) -> bool:
        return state[0] == 0 and (not self.profile.strict_win or state[1] == 0)


def _top(talon: int, boundary: int) -> int:
    """Index of the highest present talon card below ``boundary``, or -1."""
    return (talon & ((1 << boundary) - 1)).bit_length() - 1


def check_clock(search: SequencePositions) -> None:
    """Raise :class:`SolverTimeout` past the search's deadline (looking every 256 calls)."""
    if search.deadline is None:
        return
    search.ticks += 1
    if not search.ticks & CHECK_EVERY and time.perf_counter() > search.deadline:
        raise SolverTimeout
