"""An exact, exhaustive solver: how far a position can go and the shortest way to win it.

Moves are counted as the app counts them: every removal, draw and recycle is one move. Two exact
reductions keep positions few enough for Python:

*The table and the deck come from the profile.* Which places lie on which (the pyramid, or the
Triangle's inverted rows) and which ranks pair (13 with the French deck, 12 with the Spanish
one, whose 6s pair with each other; the top rank, King or rey, goes alone) are read from the
position's profile when a search starts (:func:`geometry_tables`, :class:`PyramidBounds`).
Nothing below depends on the shape beyond "a card is free once the places on it are empty",
nor on the deck beyond "two ranks pair when they add up to the target, the top rank goes
alone": below, t is the target, and a King is a card of the top rank. The only case the French
deck never meets is a rank that pairs with itself; the bounds treat it apart (a matching
within one rank, an even count for the strict win).

*The piles of the variants are another search.* Reserve piles (Giza), several waste piles
(Apophis), several cards a draw (King Tut) and a draw that takes the waste's card out of play
(``waste_keeps: last``) break the one sequence below: :func:`solve` and
:func:`can_remove` hand those profiles (:func:`uses_variant_search`) to
:mod:`pyramide.variant_solver`, a plainer search that answers the same :class:`Solution`.

*The talon is one sequence.* Drawing and recycling never change the relative order of the
waste and stock cards: the waste (bottom first) followed by the stock (top first) is a fixed
sequence, and a boundary index says which of its cards are in the waste. A position is thus
the pyramid cards present (a 28-bit mask), the talon cards present (a mask), the boundary, the
recycles used (only when they are limited) and whether the last move was a draw (only for the
drawn-with-below switch, the one waste-pair switch that cares). Two boundaries with no present
card between them are the same position, so the boundary is always kept just above the waste
top. The waste top is then the last present card below the boundary, the card beneath it the
one before, and the stock top (the next card a draw would move) the first present card at or
above it: the waste top and the stock top are neighbours in the sequence.

*Draws are only a means.* Cards in the talon matter only when they are in play: the waste top,
the card beneath it (under the waste-pair switches, and then only with the waste top), and,
under the playable-stock-top switch, the stock top. The search never stores the positions in
the middle of a run of draws: from a position it goes in one step to "draw (recycling if need
be) until the boundary is where wanted, then make one removal" at the cost of those draws plus
one. Pyramid-only removals commute with draws, so nothing is lost. The runs are the shortest
possible (forward to the boundary, at most one recycle: a second one only comes back to places
already passed, with more moves and recycles spent), so costs are exact. Under the
playable-stock-top switch a card is in play one draw before it is the waste top, and the
removal it then makes leaves the same position one move cheaper; so past the first boundary
only the stock top's removals are tried (a King, a pair with a free pyramid card, a pair with
the waste top), the waste top's only where the position stands. That covers the waste-pair
switches too: the waste top and the card beneath it are, one draw earlier, the waste top and
the stock top.

*Two searches.* Whether a win exists and how far play can go do not depend on the moves
spent, so walks answer them first (:func:`_find_win`, depth first, then, with no win, the
best-first branch and bound of :func:`_most_removed`, which goes on from the positions the
first walk met but did not expand rather than from the start); only a win's length needs A*
(:func:`_shortest_win`).

The walks merge more positions than A* may. With unlimited recycling, draws and recycles alone
reach every boundary, so the boundary is dropped (:meth:`_Search.loose`), and talon cards of one
rank then stand in for each other, so only how many of each rank are left is kept
(:meth:`_Search.key`; not under the strict win when two talon cards may pair, which needs them
side by side). The walks then step by rank, not by card (:meth:`_Search.walk_steps`): one
removal per rank of talon card in play with a free pyramid card, the lowest slot of the rank
standing for all, and no talon King or pair of two talon cards unless the strict win asks for
every card (they free no pyramid place, and a talon with more cards reaches all that one with
fewer does when any card can be brought into play). Unless the strict win is asked for, talon
cards of rank r beyond the pyramid cards of rank t - r left are never needed, so the key counts
at most that many (:meth:`_Search.useful_key`). With limited recycling, of two positions with
the same cards the one with fewer recycles used, or as many and the lower boundary, reaches all
that the other does (draws alone take it there), so the walks skip the other
(:meth:`_Search.standing`); once no recycle is left, the waste cards beneath the cut (which
never leave nor pair with a card that leaves, :meth:`_Search.waste_cut`) are dropped
(:meth:`_Search.loose`). Under every switch, the walks remove a talon King as soon as it is in
play and never draw one over (:meth:`_Search._talon_king_step`): the position without it
reaches all that the position with it does.

Both walks prune with an upper bound on the pyramid places that can end empty
(:meth:`_Search.prospects`): cards proven to stay (no partner they can ever be free together
with) and a matching of the pairs still possible, with only the talon cards that can still
come into play. A position below what is already known (or needed) is not expanded, and a win
is only looked for where the bound is 28.

A* counts moves with a lower bound (:meth:`_Search.bound`): removals still needed (Kings, and
per pair of ranks the cards less the pairs that can leave two at a time) plus the moves that
must come before the talon cards the pyramid needs are in play
(:meth:`_Search._draws_needed`). It re-opens a position reached again more cheaply, so the
line it returns is a shortest one whatever the bound's consistency; a bound of None (no win
left) or one beyond a win already found prunes.

A time limit (:func:`solve`'s ``time_limit``) is checked every 256 positions; running out
raises :class:`SolverTimeout`, unless only the A* part is left, whose line is then given
unproven. ``docs/solver.md`` explains the search at more length, with its speed.

One more reduction is exact: a free pyramid King (or rey) is removed at once (taking it earlier
only frees cards and leaves the talon as it is, so the line keeps its length), except right after a
draw under the drawn-with-below switch, where that draw's pair would be lost. The other
switches give no move a time limit: the top-with-below pair and the stock top stay in play
until a draw or a removal moves them.
"""

from __future__ import annotations

import heapq
import time
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import count

from .cards import Card
from .game import Game
from .layout import PYRAMID_SIZE, Geometry
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair
from .profiles import WASTE_DRAWN_WITH_BELOW, WASTE_KEEPS_LAST, WASTE_TOP, Profile


@dataclass(frozen=True)
class GeometryTables:
    """A geometry's places as bit masks, for searches that keep a pyramid as one number."""

    cover_masks: tuple[int, ...]
    """For each place, the places of the next row that lie on it."""
    cones: tuple[int, ...]
    """For each place, every place that lies on it directly or not (it is free once they are
    gone)."""
    under: tuple[int, ...]
    """For each place, every place it lies on directly or not."""
    direct: tuple[int, ...]
    """For each place, the places touching it in the rows just below and just above."""


@cache
def geometry_tables(geometry: Geometry) -> GeometryTables:
    """The masks of ``geometry`` (the pyramid's or the Triangle's), built once per shape."""
    size, covered_by = geometry.size, geometry.covered_by
    cover_masks = tuple(sum(1 << j for j in covered_by[i]) for i in range(size))
    cones = [0] * size
    # a card lies on places of the next row, later in reading order: from the last place back,
    # every cone a card lies on is built before its own
    for i in reversed(range(size)):
        for j in covered_by[i]:
            cones[i] |= 1 << j | cones[j]
    under = tuple(sum(1 << j for j in range(size) if cones[j] >> i & 1) for i in range(size))
    direct = tuple(
        cover_masks[i] | sum(1 << j for j in range(size) if i in covered_by[j]) for i in range(size)
    )
    return GeometryTables(cover_masks, tuple(cones), under, direct)


_State = tuple[int, int, int, int, bool]
"""(pyramid mask, talon mask, boundary, recycles used, last move was a draw)."""

_Edge = tuple[int, bool, int, int, int, int]
"""(draws, recycled, draws after the recycle, removal kind, card slot, card slot)."""

_KING_PYRAMID, _KING_TALON, _PAIR_PYRAMID, _PAIR_WITH_TALON, _PAIR_TALON = range(5)
"""Removal kinds: a pyramid King, a talon King (waste top or stock top), two pyramid cards, a
pyramid card and a talon card, two talon cards (the earlier in the sequence first). A removal
names cards, not places, so one kind serves the waste top and the stock top alike."""


_UNLIMITED = 99
"""A number of partners no talon ever runs short of (see :meth:`_Search._partner_supply`)."""


class SolverTimeout(Exception):
    """The solver ran out of the time it was given before it proved what it was asked.

    ``winnable`` is what it had proved by then: False when the search for a win had ended
    without one and the time ran out finding the most cards removable, else None."""

    def __init__(self, winnable: bool | None = None) -> None:
        proven = "no win; the most removable not proven in time" if winnable is False else ""
        super().__init__(proven)
        self.winnable = winnable


_CHECK_EVERY = 255
"""The walks look at the clock once every 256 positions (when given a time limit)."""


@dataclass(frozen=True)
class Solution:
    """What the solver proves about a position.

    ``max_removed`` counts empty pyramid places at best (out of 28, so cards already gone in a
    hand-made position count); ``moves`` is a shortest winning line, empty when there is none.
    """

    max_removed: int
    winnable: bool
    moves: tuple[Move, ...]
    positions: int
    """How many distinct positions (between removals) the searches visited."""
    shortest: bool
    """Whether ``moves`` is proven shortest (always true when there is no win)."""


class PyramidBounds:
    """What the pyramid alone says about a position, under one profile's geometry and deck: the
    free cards, the removals still needed, and an upper bound on the places that can end empty.

    The talon enters only as how many cards of each rank are left (a *talon key*, 3 bits a rank:
    ``sum(1 << 3 * rank)``), whatever piles they lie in, so the variant search
    (:mod:`pyramide.variant_solver`) prunes with the same bounds. ``talon_meets`` says whether
    two talon cards may ever leave together (which the strict win's balance needs to know).

    Ranks pair when they add up to the deck's target (13, or 12 with the Spanish deck); the top
    rank (King, rey) goes alone. With an even target one rank pairs with itself (the Spanish
    6s): the pairs of ranks are then "classes" of one rank, which the matchings below handle
    apart. Everything derived from a mask is cached, as searches meet the same pyramids again
    and again.
    """

    def __init__(self, profile: Profile, pyramid: Sequence[Card | None], talon_meets: bool) -> None:
        geometry = profile.geometry
        if geometry.size != PYRAMID_SIZE:
            raise ValueError(f"the solver packs {PYRAMID_SIZE} places, not {geometry.size}")
        deck = profile.deck_cards
        self.profile = profile
        self.king = deck.top_rank
        """The rank that goes alone (13 French, 12 Spanish)."""
        self.pair_total = deck.target
        """What two ranks that pair add up to."""
        self.classes = tuple(
            (low, self.pair_total - low) for low in range(1, self.pair_total // 2 + 1)
        )
        """The pairs of ranks that pair, (low, high), low first; (6, 6) for the Spanish deck."""
        self.talon_meets = talon_meets
        tables = geometry_tables(geometry)
        self.cover_masks = tables.cover_masks
        self.under = tables.under
        self.pyramid_cards: list[Card | None] = list(pyramid)
        self.ranks = [card.rank if card else 0 for card in self.pyramid_cards]
        self.rank_masks = [0] * (self.king + 1)
        for i, rank in enumerate(self.ranks):
            self.rank_masks[rank] |= 1 << i
        covering = profile.pairs_with_covering_card
        self.out_of_reach = [
            (tables.cones[i] | tables.under[i]) & ~(tables.direct[i] if covering else 0)
            for i in range(PYRAMID_SIZE)
        ]
        """For each place, the places whose card can never be free at the same time as it."""
        self._partners_in_reach = [
            self.rank_masks[self.pair_total - rank] & ~self.out_of_reach[i] & ~(1 << i)
            if 0 < rank < self.king
            else 0
            for i, rank in enumerate(self.ranks)
        ]
        """For each place, the other places of its partner rank it can be free together with."""
        self._free_cache: dict[int, tuple[int, ...]] = {}
        self._needs_cache: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}
        self._counts_cache: dict[int, tuple[int, ...]] = {}
        self._prospects_cache: dict[int, tuple[int, bool]] = {}
        self._pairs_cache: dict[tuple[int, int, int], int] = {}
        self._partners_cache: dict[int, int] = {}
        self._lonely_cache: dict[int, int] = {}
        self._bag_cache: dict[int, int] = {}
        self._cut_cache: dict[int, int] = {}
        self._removals_cache: dict[int, int | None] = {}
        self._partner_counts_cache: dict[int, tuple[int, ...]] = {}

    def free(self, pyramid: int) -> tuple[int, ...]:
        found = self._free_cache.get(pyramid)
        if found is None:
            masks = self.cover_masks
            found = tuple(
                i for i in range(PYRAMID_SIZE) if pyramid >> i & 1 and not pyramid & masks[i]
            )
            self._free_cache[pyramid] = found
        return found

    def covering_pairs(self, pyramid: int, free: Sequence[int]) -> Iterator[tuple[int, int, int]]:
        """Under the covering-pair switch: (covered, cover, pyramid after) for each free card
        that is the only card left on a card it pairs with."""
        ranks, masks, total = self.ranks, self.cover_masks, self.pair_total
        for cover in free:
            for covered in range(PYRAMID_SIZE):
                if (
                    pyramid >> covered & 1
                    and pyramid & masks[covered] == 1 << cover
                    and ranks[covered] + ranks[cover] == total
                ):
                    yield covered, cover, pyramid & ~(1 << cover) & ~(1 << covered)

    def _needs(self, pyramid: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Removals still needed at least, and how many talon cards of each rank at least.

        Of the pyramid cards of ranks r and t - r (t the target; a and b of them), at most m
        can leave two at a time, m being the largest matching of pairs that can be free
        together; so they take at least a + b - m removals, at least a - m of the r cards leave
        with talon cards of rank t - r, and at least b - m of the others with talon cards of
        rank r. A rank that pairs with itself (a cards, matching m) takes at least a - m
        removals and a - 2m talon cards. Every one of these removals takes a pyramid card,
        whatever the switches.
        """
        found = self._needs_cache.get(pyramid)
        if found is None:
            masks = self.rank_masks
            removals = (pyramid & masks[self.king]).bit_count()
            needs = []
            for low, high in self.classes:
                lows, highs = pyramid & masks[low], pyramid & masks[high]
                if low == high:
                    matched = self._self_pairs(lows)
                    removals += lows.bit_count() - matched
                    needs.append((low, lows.bit_count() - 2 * matched))
                    continue
                matched = self._pyramid_pairs(lows, highs)
                removals += lows.bit_count() + highs.bit_count() - matched
                needs += [(high, lows.bit_count() - matched), (low, highs.bit_count() - matched)]
            found = (removals, tuple((rank, n) for rank, n in needs if n))
            self._needs_cache[pyramid] = found
        return found

    def moves_needed(self, pyramid: int) -> int:
        """Removals still needed at least (see :meth:`_needs`)."""
        return self._needs(pyramid)[0]

    def talon_needs(self, pyramid: int) -> tuple[tuple[int, int], ...]:
        """(rank, how many) of the talon cards the pyramid needs at least (see :meth:`_needs`)."""
        return self._needs(pyramid)[1]

    def strict_removals(self, pyramid: int, counts: Sequence[int]) -> int:
        """Under the strict win, the removals left exactly, when the cards balance (see
        :meth:`prospects_of`): every card leaves, a top-rank card alone and the others two at
        a time, one of each rank of their pair."""
        masks = self.rank_masks
        removals = counts[self.king] + (pyramid & masks[self.king]).bit_count()
        for low, high in self.classes:
            cards = (pyramid & masks[low]).bit_count() + counts[low]
            removals += cards // 2 if low == high else cards
        return removals

    def pyramid_partners(self, pyramid: int) -> int:
        """The ranks (as bits) that have a partner in the pyramid (never the top rank)."""
        found = self._partners_cache.get(pyramid)
        if found is None:
            found = 0
            for rank in range(1, self.king):
                if pyramid & self.rank_masks[self.pair_total - rank]:
                    found |= 1 << rank
            self._partners_cache[pyramid] = found
        return found

    def _pyramid_pairs(self, lows: int, highs: int) -> int:
        """The largest number of disjoint pairs, one card of ``lows`` and one of ``highs``,
        that can be free together (a rank holds four cards: trying them all is cheap)."""
        if not lows or not highs:
            return 0
        low = lows & -lows
        rest = lows ^ low
        best = self._pyramid_pairs(rest, highs)
        partners = highs & ~self.out_of_reach[low.bit_length() - 1]
        while partners and best <= rest.bit_count():
            high = partners & -partners
            partners ^= high
            best = max(best, 1 + self._pyramid_pairs(rest, highs ^ high))
        return best

    def _self_pairs(self, cards: int) -> int:
        """The largest number of disjoint pairs of ``cards`` (all of the rank that pairs with
        itself) that can be free together."""
        if not cards:
            return 0
        first = cards & -cards
        rest = cards ^ first
        best = self._self_pairs(rest)
        partners = rest & ~self.out_of_reach[first.bit_length() - 1]
        while partners:
            other = partners & -partners
            partners ^= other
            best = max(best, 1 + self._self_pairs(rest ^ other))
        return best

    def counts_of(self, talon_key: int) -> tuple[int, ...]:
        """How many talon cards of each rank (index 1 to the top rank) a talon key holds."""
        found = self._counts_cache.get(talon_key)
        if found is None:
            found = tuple(talon_key >> 3 * rank & 7 for rank in range(self.king + 1))
            self._counts_cache[talon_key] = found
        return found

    def prospects_of(self, pyramid: int, talon_key: int) -> tuple[int, bool]:
        """An upper bound on the pyramid places that can end empty, and whether a win is left.

        *Dead cards.* A pyramid card that is not of the top rank leaves only with a partner of
        rank t - r. No talon partner and no pyramid partner it can ever be free together with
        (one that lies on it, directly or not, or that it lies on; except a direct neighbour
        under the covering-pair switch) means it never leaves; neither does a partner already
        proven dead, nor a card that a dead card lies on (it is never free, and under the
        covering-pair switch its only cover would have to go first or be the dead card, which
        has no partner). Repeating until nothing changes proves every card it marks will stay.
        Where a talon card lies does not matter here, so this holds under every talon switch
        and with any piles (waste piles, reserves).

        *Pairs.* Each removed pyramid card of rank r takes a distinct card of rank t - r with
        it, one it can be free together with if it is a pyramid card: the removals form a
        matching, so at most as many live pyramid cards of ranks r and t - r leave as the
        best matching covers (see :meth:`_pairs_bound`); every live top-rank card can.

        A win needs all 28; the strict win also needs every talon card to leave, so each pair
        of ranks must balance (a + ta == b + tb; a rank that pairs with itself, an even count)
        and, unless two talon cards may meet, every talon card needs a pyramid partner.
        """
        key = pyramid | talon_key << PYRAMID_SIZE
        found = self._prospects_cache.get(key)
        if found is not None:
            return found
        counts = self.counts_of(talon_key)
        masks, reach, under = self.rank_masks, self._partners_in_reach, self.under
        # Only a card with no talon partner can die for want of a partner; a card a dead card
        # lies on dies with it (all of them at once: ``under`` is closed).
        lonely = pyramid & self._without_talon_partner(talon_key)
        live = pyramid
        changed = True
        while changed:
            changed = False
            rest = lonely & live
            while rest:
                bit = rest & -rest
                rest ^= bit
                i = bit.bit_length() - 1
                if bit & live and not reach[i] & live:
                    live &= ~(bit | under[i])
                    changed = True
        most = PYRAMID_SIZE - pyramid.bit_count() + (live & masks[self.king]).bit_count()
        balanced = True
        meets = self.talon_meets
        for low, high in self.classes:
            a, b = (live & masks[low]).bit_count(), (live & masks[high]).bit_count()
            ta, tb = counts[low], counts[high]
            if low == high:
                most += self._self_bound(live & masks[low], ta)
                balanced = balanced and not (a + ta) % 2 and (meets or ta <= a)
                continue
            most += self._pairs_bound(live & (masks[low] | masks[high]), low, ta, tb)
            balanced = balanced and a + ta == b + tb
            if not meets:
                balanced = balanced and ta <= b and tb <= a
        winnable = most == PYRAMID_SIZE and (not self.profile.strict_win or balanced)
        found = self._prospects_cache[key] = (most, winnable)
        return found

    def bag_most(self, pyramid: int, talon_key: int) -> int:
        """The most pyramid places that can end empty were every talon card in play at any
        time (the talon a bag of ranks): exact for that relaxation, so an upper bound here.

        Every line of the game maps onto a line of the relaxation with the same pyramid
        removals: keep its removals of pyramid cards (a King alone, two pyramid cards, or one
        with a talon card, which the bag then has too: it only ever lost the cards the line
        removed) and drop its draws, recycles and talon-only removals. The relaxation keeps
        what the matchings of :meth:`prospects_of` drop, the order in which the pyramid frees
        its cards, and so proves deals lost whose every card has a partner somewhere, but not
        in an order the pyramid allows.

        Searched depth first over (pyramid, bag), each value cached. A free top-rank card is
        removed at once (as in the searches). A talon card only ever leaves here with a
        pyramid card of its partner rank, so the bag keeps of each rank no more cards than
        the pyramid has partners for: the others change nothing, and positions that differ
        only in them share one cached value.
        """
        return self._bag(pyramid, self._cut_to_partners(pyramid, talon_key))

    def _cut_to_partners(self, pyramid: int, talon_key: int) -> int:
        """The bag with no more cards of a rank than the pyramid has partners for (cached:
        the searches ask it of every position they meet, some twice)."""
        key = pyramid | talon_key << PYRAMID_SIZE
        found = self._cut_cache.get(key)
        if found is None:
            found = talon_key
            partners = self._partner_counts(pyramid)
            for rank in range(1, self.king + 1):
                extra = (talon_key >> 3 * rank & 7) - partners[rank]
                if extra > 0:
                    found -= extra << 3 * rank
            self._cut_cache[key] = found
        return found

    def _partner_counts(self, pyramid: int) -> tuple[int, ...]:
        """For each rank (index 1 to the top rank), the pyramid cards of its partner rank:
        :meth:`partner_supply` without the talon, none for the top rank (it pairs with
        nothing), cached."""
        found = self._partner_counts_cache.get(pyramid)
        if found is None:
            supply = self.partner_supply(pyramid, None)
            found = self._partner_counts_cache[pyramid] = (*supply[: self.king], 0)
        return found

    def _bag(self, pyramid: int, talon_key: int) -> int:
        """:meth:`bag_most` for a bag already cut to the pyramid's partners."""
        key = pyramid | talon_key << PYRAMID_SIZE
        found = self._bag_cache.get(key)
        if found is None:
            found = PYRAMID_SIZE - pyramid.bit_count()
            for rest, bag in self._bag_steps(pyramid, talon_key):
                if found == PYRAMID_SIZE:
                    break
                found = max(found, self._bag(rest, bag))
            self._bag_cache[key] = found
        return found

    def bag_removals(self, pyramid: int, talon_key: int) -> int | None:
        """The fewest removals that clear the pyramid in the relaxation of :meth:`bag_most`
        (None if none does): a lower bound on the removals a win still needs, which sees the
        order the pyramid frees its cards in, as the matchings of :meth:`moves_needed` do
        not. Every removal takes one or two pyramid cards; a line of the game keeps its
        removals of pyramid cards in the relaxation, so it makes at least as many."""
        return self._bag_removals(pyramid, self._cut_to_partners(pyramid, talon_key))

    def _bag_removals(self, pyramid: int, talon_key: int) -> int | None:
        if not pyramid:
            return 0
        key = pyramid | talon_key << PYRAMID_SIZE
        if key in self._removals_cache:
            return self._removals_cache[key]
        fewest: int | None = None
        for rest, bag in self._bag_steps(pyramid, talon_key):
            if self._bag(rest, bag) < PYRAMID_SIZE:
                continue
            after = self._bag_removals(rest, bag)
            if after is not None and (fewest is None or after + 1 < fewest):
                fewest = after + 1
        self._removals_cache[key] = fewest
        return fewest

    def _bag_steps(self, pyramid: int, talon_key: int) -> list[tuple[int, int]]:
        """The relaxation's moves from a position, as (pyramid after, bag after); only the
        first free top-rank card's when there is one (it goes at once)."""
        free, ranks, total = self.free(pyramid), self.ranks, self.pair_total
        king = next((i for i in free if ranks[i] == self.king), -1)
        if king >= 0:
            return [(pyramid & ~(1 << king), talon_key)]
        steps: list[tuple[int, int]] = []
        for n, i in enumerate(free):
            for j in free[n + 1 :]:
                if ranks[i] + ranks[j] == total:
                    rest = pyramid & ~(1 << i) & ~(1 << j)
                    steps.append((rest, self._cut(rest, talon_key, ranks[i], ranks[j])))
            partner = 1 << 3 * (total - ranks[i])
            if talon_key & 7 * partner:
                steps.append((pyramid & ~(1 << i), talon_key - partner))
        if self.profile.pairs_with_covering_card:
            steps += [
                (rest, self._cut(rest, talon_key, ranks[a], ranks[b]))
                for a, b, rest in self.covering_pairs(pyramid, free)
            ]
        return steps

    def _cut(self, pyramid: int, talon_key: int, *ranks: int) -> int:
        """The bag after two pyramid cards of ``ranks`` left together: each took away one
        partner of the talon cards of the other's rank, so one of those may now be extra."""
        partners = self._partner_counts(pyramid)
        for rank in ranks:
            if talon_key >> 3 * rank & 7 > partners[rank]:
                talon_key -= 1 << 3 * rank
        return talon_key

    def partner_supply(self, pyramid: int, counts: Sequence[int] | None) -> tuple[int, ...]:
        """For each rank r, how many cards could ever take a talon card of rank r away: the
        pyramid cards of rank t - r and, when two talon cards may pair (``counts``, the talon
        cards of each rank, given), the talon cards of rank t - r. A top-rank card goes alone
        (no limit). For a rank that pairs with itself, another talon card of it is a partner
        only when two talon cards may pair (then no limit is claimed while two are left).

        A pile of talon cards of which only the top is in play is thus cut (see
        :meth:`_Search.waste_cut`): going down from its top, the first card of a rank r
        that makes more cards of rank r than ``supply[r]`` can never all leave, so one of
        them stays, and every card beneath it stays beneath."""
        masks, total = self.rank_masks, self.pair_total
        supply = [0] * (self.king + 1)
        supply[self.king] = _UNLIMITED
        for rank in range(1, self.king):
            partner = total - rank
            supply[rank] = (pyramid & masks[partner]).bit_count()
            if counts is not None and rank == partner:
                supply[rank] = _UNLIMITED if counts[rank] > 1 else supply[rank]
            elif counts is not None:
                supply[rank] += counts[partner]
        return tuple(supply)

    def _without_talon_partner(self, talon_key: int) -> int:
        """The pyramid places (as a mask) whose card is not of the top rank and has no talon
        card of its partner rank left, given a talon key."""
        found = self._lonely_cache.get(talon_key)
        if found is None:
            found = 0
            for rank in range(1, self.king):
                if not talon_key >> 3 * (self.pair_total - rank) & 7:
                    found |= self.rank_masks[rank]
            self._lonely_cache[talon_key] = found
        return found

    def _self_bound(self, cards: int, talon: int) -> int:
        """The most pyramid cards of the rank that pairs with itself (the places in ``cards``)
        that can leave with ``talon`` talon cards of that rank: 2m + min(a - 2m, talon) for a
        matching of m pairs free together, which grows with m, so the largest one gives it."""
        key = (cards, talon, -1)
        found = self._pairs_cache.get(key)
        if found is None:
            matched = self._self_pairs(cards)
            found = 2 * matched + min(cards.bit_count() - 2 * matched, talon)
            self._pairs_cache[key] = found
        return found

    def _pairs_bound(self, cards: int, low: int, talon_low: int, talon_high: int) -> int:
        """The most pyramid cards of ranks ``low`` and t - ``low`` (the places in ``cards``)
        that a matching can cover: a pyramid card pairs with a talon card of the other rank,
        or with one of the other rank it can be free together with (covering 2 at once).
        The classes hold at most four cards a side, so trying every matching is cheap."""
        key = (cards, talon_low, talon_high)
        found = self._pairs_cache.get(key)
        if found is not None:
            return found
        lows = [i for i in range(PYRAMID_SIZE) if cards >> i & 1 and self.ranks[i] == low]
        highs = cards & ~sum(1 << i for i in lows)
        out_of_reach = self.out_of_reach

        def best(n: int, highs_left: int, talon_high_left: int) -> int:
            if n == len(lows):
                return min(highs_left.bit_count(), talon_low)
            i = lows[n]
            most = best(n + 1, highs_left, talon_high_left)
            if talon_high_left:
                most = max(most, 1 + best(n + 1, highs_left, talon_high_left - 1))
            partners = highs_left & ~out_of_reach[i]
            while partners:
                j = partners & -partners
                partners ^= j
                most = max(most, 2 + best(n + 1, highs_left & ~j, talon_high_left))
            return most

        found = self._pairs_cache[key] = best(0, highs, talon_high)
        return found


class _Search(PyramidBounds):
    """One position's search space: its cards, its positions and edges, and the bounds the
    searches prune with (those of the pyramid come from :class:`PyramidBounds`). Everything
    derived from a mask is cached, as the searches meet the same pyramids and talons again and
    again."""

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
        self._playable_cache: dict[int, int] = {}
        self._cut_cache: dict[int, int] = {}
        self._counted_cache: dict[int, int] = {}
        self._playable_slots_cache: dict[int, int] = {}
        self._present_cache: dict[int, tuple[int, ...]] = {}
        self._free_partners_cache: dict[int, tuple[tuple[int, ...], ...]] = {}
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

    def _draws_needed(self, state: _State, needs: Sequence[tuple[int, int]]) -> int | None:
        """The moves that take no pyramid card (draws, recycles, removals of talon cards
        alone) that must come before the talon cards the pyramid needs are all in play: for
        each (rank, how many) of ``needs``, the cost of the card of that rank that makes up the
        number, cheapest first; the largest of those, or None when the talon cannot make up a
        number.

        The cost of a card is the fewest such moves before it can be in play. A stock card is
        not in play before every stock card above it has left the stock. Without the playable
        stock top each of them is drawn, and so is the card itself: its cost is its distance.
        With it, a card above may also leave from the stock top, but a removal that takes no
        pyramid card is a move like a draw, and only one stock card leaves per move; so it
        costs the cards above it that have no pyramid partner (Kings included), and nothing for
        the card itself.

        The waste top, and the cards beneath it down to the :meth:`waste_cut`, can come up by
        removing the cards above them, which are removals counted elsewhere (or not at all:
        zero is a bound). The cards beneath the cut wait for a recycle: the whole stock leaves,
        then the recycle, then every card left from the bottom of the waste up to them, costed
        as the stock cards above; never, when no recycle is left.

        Costs grow along the stock from its top, and along the waste from its bottom after the
        recycle, and every one of those comes after the whole stock: so the cheapest cards of a
        rank are those at or above the cut, then its stock cards from the top, then its cards
        beneath the cut from the bottom, and each cost is a count of bits below the card.
        """
        pyramid, talon, boundary, recycles, _ = state
        limit = self.profile.max_recycles
        waste = talon & ((1 << boundary) - 1)
        stock = talon ^ waste
        cut = self.waste_cut(pyramid, talon, boundary)
        beneath = waste & (1 << cut) - 1 if cut > 0 else 0
        up = waste ^ beneath
        if limit is not None and recycles >= limit:
            beneath = 0  # out of reach
        counted = self._counted_slots(pyramid)
        own = 0 if self.stock_playable else 1
        after_stock = (stock & counted).bit_count() + 1 + own
        masks = self.talon_rank_masks
        draws = 0
        for rank, wanted in needs:
            cards = masks[rank] & talon
            wanted -= (cards & up).bit_count()
            if wanted <= 0:
                continue
            in_stock = cards & stock
            if in_stock.bit_count() >= wanted:
                card = _nth_lowest(in_stock, wanted)
                cost = (stock & counted & (1 << card) - 1).bit_count() + own
            else:
                later = cards & beneath
                wanted -= in_stock.bit_count()
                if later.bit_count() < wanted:
                    return None
                card = _nth_lowest(later, wanted)
                cost = after_stock + (beneath & counted & (1 << card) - 1).bit_count()
            draws = max(draws, cost)
        return draws

    def _counted_slots(self, pyramid: int) -> int:
        """The talon slots (as a mask) of the cards that cost a move in :meth:`_draws_needed`
        when they lie above the one wanted: every card, or, under the playable stock top, the
        cards with no pyramid partner (which can only be drawn)."""
        if not self.stock_playable:
            return (1 << len(self.talon)) - 1
        found = self._counted_cache.get(pyramid)
        if found is None:
            paired = self.pyramid_partners(pyramid)
            found = 0
            for rank in range(1, self.king + 1):
                if not paired >> rank & 1:
                    found |= self.talon_rank_masks[rank]
            self._counted_cache[pyramid] = found
        return found

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

    def bound(self, state: _State) -> int | None:
        """A lower bound on the moves left to win, or None when no win is left.

        Removals taking a pyramid card and the talon cards the pyramid needs are counted by
        :meth:`_needs`; the k-th talon card of a rank needed is at least the k-th smallest of
        :meth:`_draws_needed` away, moves that take no pyramid card, and the needs are met in one
        line, so the largest of those costs adds to the removals.

        Under the strict win every talon card leaves too, so every removal is known
        (:meth:`PyramidBounds.strict_removals`); what comes on top are draws and recycles.
        Without the playable stock top every stock card is drawn (and the draws the needs count
        are draws). With it, a stock card that is never drawn leaves from the stock top with a
        pyramid card, a card of the waste from the start, or a card drawn from the stock, each
        of the other rank of its pair and each used once: so of a pair of ranks, at least
        sl - b - wh cards are drawn (stock cards of rank r against pyramid and waste cards of
        rank t - r), and likewise for the other rank. For a rank that pairs with itself (s in
        the stock, p in the pyramid, w in the waste), the d drawn ones are partners too:
        s - d <= p + w + d, so d >= (s - p - w) / 2.
        """
        pyramid, talon, boundary = state[0], state[1], state[2]
        if not self.win_left(state):
            return None
        removals, needs = self._needs(pyramid)
        draws = 0
        if needs:
            needed = self._draws_needed(state, needs)
            if needed is None:
                return None
            draws = needed
        if self.profile.strict_win:
            masks = self.rank_masks
            removals = self.strict_removals(pyramid, self.talon_counts(talon))
            stock = talon >> boundary << boundary
            if not self.stock_playable:
                draws = max(draws, stock.bit_count())
            else:
                in_stock = self.talon_counts(stock)
                in_waste = self.talon_counts(talon & ~stock)
                draws = 0
                for low, high in self.classes:
                    if low == high:
                        alone = in_stock[low] - (pyramid & masks[low]).bit_count() - in_waste[low]
                        draws += max(0, alone + 1) // 2
                        continue
                    draws += max(
                        0,
                        in_stock[low] - (pyramid & masks[high]).bit_count() - in_waste[high],
                        in_stock[high] - (pyramid & masks[low]).bit_count() - in_waste[low],
                    )
        return removals + draws

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

    def steps(
        self, state: _State, walk: bool = False, every_run: bool = False
    ) -> list[tuple[_Edge, _State]]:
        """Every removal reachable from ``state``, each after the shortest run of draws that
        makes it possible; only a free pyramid King's when there is one (unless the last move
        was a draw under the drawn-with-below switch: see the module's last reduction).

        With ``walk`` (the walks, which do not count moves), a talon King goes as soon as it is
        in play, and no run of draws goes past one; under the playable stock top A*'s runs do
        not draw one either (see :meth:`_talon_king_step`), unless ``every_run`` is asked for
        (the replay of a walk's line, which may have to draw one over where the walk stood
        higher or, with unlimited recycling, on no boundary at all)."""
        pyramid, talon, boundary, recycles, fresh = state
        free = self.free(pyramid)
        ranks = self.ranks
        king, total = self.king, self.pair_total
        kept = (talon, boundary, recycles, False)
        found: list[tuple[_Edge, _State]] = []
        if not fresh:
            for i in free:
                if ranks[i] == king:
                    found.append(((0, False, 0, _KING_PYRAMID, i, 0), (pyramid & ~(1 << i), *kept)))
                    return found
        for n, i in enumerate(free):
            if ranks[i] == king:
                found.append(((0, False, 0, _KING_PYRAMID, i, 0), (pyramid & ~(1 << i), *kept)))
            for j in free[n + 1 :]:
                if ranks[i] + ranks[j] == total:
                    pair = pyramid & ~(1 << i) & ~(1 << j)
                    found.append(((0, False, 0, _PAIR_PYRAMID, i, j), (pair, *kept)))
        if self.profile.pairs_with_covering_card:
            for covered, cover, pair in self.covering_pairs(pyramid, free):
                found.append(((0, False, 0, _PAIR_PYRAMID, covered, cover), (pair, *kept)))
        if walk:
            forced = self._talon_king_step(state)
            if forced is not None:
                return [forced]
        stop_at_king = not every_run and (walk or self.stock_playable)
        if self.talon_meets:
            present = self.present(talon)
            self._run_steps(found, state, present, bisect_left(present, boundary), stop_at_king)
        else:
            self._waste_top_steps(found, state, stop_at_king)
        return found

    def _run_steps(
        self,
        found: list[tuple[_Edge, _State]],
        state: _State,
        present: tuple[int, ...],
        in_waste: int,
        stop_at_king: bool,
    ) -> None:
        """Append :meth:`steps`' removals of talon cards, boundary by boundary along the runs
        of :meth:`_reachable_boundaries` (``in_waste`` of the ``present`` cards in the waste
        where ``state`` stands), under any switches."""
        pyramid, talon, _, recycles, fresh = state
        total = self.pair_total
        partners = self.free_partners(pyramid)
        # the ranks of the talon cards that can leave alone or with a free pyramid card
        playable = self.playable_ranks(pyramid)
        talon_ranks = self.talon_ranks
        stock_playable = self.stock_playable
        talon_pairs = self.talon_pairs
        pair_needs_draw = self.pair_needs_draw
        size = len(present)
        runs = self._reachable_boundaries(state, present, in_waste, stop_at_king)
        for draws_before, recycled, draws_after, k in runs:
            here = draws_before == 0 and not recycled
            drew = draws_after > 0 if recycled else draws_before > 0 or fresh
            used = recycles + recycled if self.limited else 0
            # The removals with the talon cards in play when the first k present cards are in
            # the waste: (card or cards, where in ``present`` the waste top then is).
            top = present[k - 1] if k else -1
            if stock_playable and k < size:
                stock_top = present[k]
                if playable >> talon_ranks[stock_top] & 1:
                    self._card_steps(
                        found,
                        pyramid,
                        talon,
                        stock_top,
                        partners,
                        top + 1,
                        (draws_before, recycled, draws_after),
                        used,
                    )
                if top >= 0 and talon_ranks[top] + talon_ranks[stock_top] == total:
                    both = talon & ~(1 << top) & ~(1 << stock_top)
                    found.append(
                        (
                            (draws_before, recycled, draws_after, _PAIR_TALON, top, stock_top),
                            (pyramid, both, present[k - 2] + 1 if k >= 2 else 0, used, False),
                        )
                    )
            if top < 0 or not (here or not stock_playable):
                continue
            if playable >> talon_ranks[top] & 1:
                self._card_steps(
                    found,
                    pyramid,
                    talon,
                    top,
                    partners,
                    present[k - 2] + 1 if k >= 2 else 0,
                    (draws_before, recycled, draws_after),
                    used,
                )
            if (
                talon_pairs
                and (drew or not pair_needs_draw)
                and k >= 2
                and talon_ranks[present[k - 2]] + talon_ranks[top] == total
            ):
                below = present[k - 2]
                both = talon & ~(1 << top) & ~(1 << below)
                found.append(
                    (
                        (draws_before, recycled, draws_after, _PAIR_TALON, below, top),
                        (pyramid, both, present[k - 3] + 1 if k >= 3 else 0, used, False),
                    )
                )

    def _waste_top_steps(
        self, found: list[tuple[_Edge, _State]], state: _State, stop_at_king: bool
    ) -> None:
        """Append :meth:`steps`' removals of talon cards when only the waste top is in play
        (neither a waste pair nor the playable stock top): the same runs as
        :meth:`_reachable_boundaries`, but read off the talon mask, looking only at the cards
        that can leave (:meth:`playable_slots`) rather than at every boundary."""
        pyramid, talon, boundary, recycles, _ = state
        waste = talon & ((1 << boundary) - 1)
        stock = talon ^ waste
        useful = self.playable_slots(pyramid) & talon
        partners = self.free_partners(pyramid)
        top = waste.bit_length() - 1
        if waste and useful >> top & 1:  # where the position stands
            self._talon_removal(found, state, partners, top, (0, False, 0), recycles)
        # no run goes past a King, not even the waste top (then none at all)
        in_play = stock | (1 << top if waste else 0)
        kings = in_play & self._king_slots if stop_at_king else 0
        for card in _slots(_up_to_lowest(stock, kings) & useful):
            draws = (stock & (2 << card) - 1).bit_count()
            self._talon_removal(found, state, partners, card, (draws, False, 0), recycles)
        limit = self.profile.max_recycles
        if kings or not waste or (limit is not None and recycles >= limit):
            return  # (no run goes past a King to the recycle)
        rest = waste ^ 1 << top  # round again, up to the card beneath the waste top
        rest = _up_to_lowest(rest, rest & self._king_slots if stop_at_king else 0)
        used = recycles + 1 if self.limited else 0
        in_stock = stock.bit_count()
        for card in _slots(rest & useful):
            draws = (talon & (2 << card) - 1).bit_count()
            self._talon_removal(found, state, partners, card, (in_stock, True, draws), used)

    def _talon_removal(
        self,
        found: list[tuple[_Edge, _State]],
        state: _State,
        partners: tuple[tuple[int, ...], ...],
        card: int,
        draws: tuple[int, bool, int],
        used: int,
    ) -> None:
        """:meth:`_card_steps` for the waste top ``card``, the card beneath it (the last
        present below it) becoming the waste top."""
        talon = state[1]
        beneath = (talon & (1 << card) - 1).bit_length()
        self._card_steps(found, state[0], talon, card, partners, beneath, draws, used)

    def _card_steps(
        self,
        found: list[tuple[_Edge, _State]],
        pyramid: int,
        talon: int,
        card: int,
        partners: tuple[tuple[int, ...], ...],
        boundary: int,
        draws: tuple[int, bool, int],
        used: int,
    ) -> None:
        """Append the removals of talon card ``card``, in play: alone if a King, else with a
        free pyramid card (``boundary`` is the position's boundary after it)."""
        rank = self.talon_ranks[card]
        without = talon & ~(1 << card)
        if rank == self.king:
            found.append(
                ((*draws, _KING_TALON, card, 0), (pyramid, without, boundary, used, False))
            )
            return
        for i in partners[rank]:
            found.append(
                (
                    (*draws, _PAIR_WITH_TALON, i, card),
                    (pyramid & ~(1 << i), without, boundary, used, False),
                )
            )

    def playable_ranks(self, pyramid: int) -> int:
        """The ranks (as bits) of the talon cards that can leave when in play, with no other
        talon card: the top rank, and those with a partner among the free pyramid cards."""
        found = self._playable_cache.get(pyramid)
        if found is None:
            found = 1 << self.king
            for rank, partners in enumerate(self.free_partners(pyramid)):
                if partners:
                    found |= 1 << rank
            self._playable_cache[pyramid] = found
        return found

    def playable_slots(self, pyramid: int) -> int:
        """The talon slots (as a mask) of the cards of :meth:`playable_ranks`."""
        found = self._playable_slots_cache.get(pyramid)
        if found is None:
            ranks = self.playable_ranks(pyramid)
            masks = self.talon_rank_masks
            found = 0
            for rank in range(1, self.king + 1):
                if ranks >> rank & 1:
                    found |= masks[rank]
            self._playable_slots_cache[pyramid] = found
        return found

    def free_partners(self, pyramid: int) -> tuple[tuple[int, ...], ...]:
        """For each rank r, the free pyramid places whose card pairs with a card of rank r."""
        found = self._free_partners_cache.get(pyramid)
        if found is None:
            free, ranks = self.free(pyramid), self.ranks
            king, total = self.king, self.pair_total
            found = tuple(
                tuple(i for i in free if ranks[i] + rank == total) for rank in range(king + 1)
            )
            self._free_partners_cache[pyramid] = found
        return found

    def walk_steps(self, state: _State) -> Iterator[tuple[_Edge, _State]]:
        """The steps the walks (which do not count moves) take: :meth:`steps`, or, when
        :attr:`by_rank`, one removal per rank of talon card rather than per talon card.

        With unlimited recycling every talon card present can be brought into play (with the
        card beneath it, freshly drawn, under the waste-pair switches), so which card of a rank
        goes does not matter to what follows (:meth:`key` counts ranks only): the lowest slot
        of the rank stands for all. The draws before a removal are not counted here (the
        replay of a line finds them). Unless the strict win is asked for, talon Kings and pairs
        of two talon cards are not tried: they free no pyramid place, and a talon with more
        cards reaches every pyramid one with fewer does (see :meth:`useful_key`)."""
        if not self.by_rank:
            yield from self.steps(state, walk=True)
            return
        pyramid, talon = state[0], state[1]
        free = self.free(pyramid)
        ranks = self.ranks
        king, total = self.king, self.pair_total
        here = (talon, talon.bit_length(), 0, False)
        for i in free:
            if ranks[i] == king:
                yield (0, False, 0, _KING_PYRAMID, i, 0), (pyramid & ~(1 << i), *here)
                return
        for n, i in enumerate(free):
            for j in free[n + 1 :]:
                if ranks[i] + ranks[j] == total:
                    yield (
                        (0, False, 0, _PAIR_PYRAMID, i, j),
                        (pyramid & ~(1 << i) & ~(1 << j), *here),
                    )
        if self.profile.pairs_with_covering_card:
            for covered, cover, pair in self.covering_pairs(pyramid, free):
                yield (0, False, 0, _PAIR_PYRAMID, covered, cover), (pair, *here)
        strict = self.profile.strict_win
        masks = self.talon_rank_masks
        for rank in range(1, king + 1):
            cards = talon & masks[rank]
            if not cards:
                continue
            card = (cards & -cards).bit_length() - 1
            without = talon & ~(1 << card)
            after = (without, without.bit_length(), 0, False)
            if rank == king:
                if strict:
                    yield (0, False, 0, _KING_TALON, card, 0), (pyramid, *after)
                continue
            partner = total - rank
            for i in free:
                if ranks[i] == partner:
                    yield (0, False, 0, _PAIR_WITH_TALON, i, card), (pyramid & ~(1 << i), *after)

    def present(self, talon: int) -> tuple[int, ...]:
        """The talon cards left, in sequence order (the waste from the bottom, then the stock
        from the top)."""
        found = self._present_cache.get(talon)
        if found is None:
            found = tuple(i for i in range(len(self.talon)) if talon >> i & 1)
            self._present_cache[talon] = found
        return found

    def _talon_king_step(self, state: _State) -> tuple[_Edge, _State] | None:
        """The removal of a talon King in play where ``state`` stands (the waste top, or the
        playable stock top), which the walks make at once.

        The position without the King reaches all that the position with it does, whatever
        the switches: every other card keeps its place in the sequence, so the cards in play
        at a boundary are the same but where the King is one of them (and it pairs with none),
        or where it lies on the one that would then be in play; the stock runs out at the same
        boundary, so recycles come as before; and a card drawn onto the King could only have
        made a fresh pair with the King. Hence also no run of draws past a King (see
        :meth:`_reachable_boundaries`). The one exception: a King at the stock top right after
        a draw under the drawn-with-below switch waits, so that the fresh pair (the waste top
        and the card beneath it) may go first; no run goes past it either (drawing it loses
        that pair too).

        A* may not remove a King at once (a win may never need that move), but under the
        playable stock top its runs do not draw one either: removing it from the stock top is
        one move, as drawing it is, and either way the card after it is the next stock top, but
        for the King left on the waste top. (Without that switch a stock King must be drawn.)"""
        pyramid, talon, boundary, recycles, fresh = state
        waste = talon & ((1 << boundary) - 1)
        stock = talon ^ waste
        top, stock_top = waste.bit_length() - 1, (stock & -stock).bit_length() - 1
        kings = self._king_slots
        if waste and kings >> top & 1:
            card, waste = top, waste ^ 1 << top
        elif (
            self.stock_playable
            and stock
            and kings >> stock_top & 1
            and not (fresh and self.pair_needs_draw)
        ):
            card = stock_top
        else:
            return None
        after = (pyramid, talon ^ 1 << card, waste.bit_length(), recycles, False)
        return (0, False, 0, _KING_TALON, card, 0), after

    def _reachable_boundaries(
        self, state: _State, present: tuple[int, ...], in_waste: int, stop_at_king: bool
    ) -> Iterator[tuple[int, bool, int, int]]:
        """Each boundary that draws can bring, with the shortest run that does it: (draws,
        recycled, draws after the recycle, how many of the ``present`` talon cards are then in
        the waste).

        Forward, each stock card drawn in turn (under the playable stock top, not the last: with
        the stock drawn out, the waste top alone is in play, and it was the stock top one draw
        before). With a recycle left, round again to each place below the waste top: just after
        the recycle (the waste empty; only the stock top is in play, so only under its switch),
        then after each card left from the bottom of the waste up to the one beneath the waste
        top. Back to the waste top itself only pays under the drawn-with-below switch, to pair
        it, freshly drawn, with the card beneath it; and not even then under the playable stock
        top, where the same pair is the waste top and the stock top one draw before. With no
        card in the waste, going round comes back to here.

        With ``stop_at_king`` (the walks), no run goes past the boundary where a talon King
        comes into play (see :meth:`_talon_king_step`).
        """
        talon, recycles = state[1], state[3]
        # boundary k (k of the present cards in the waste) brings present[k - shift] into play:
        # the stock top under its switch, else the waste top
        shift = 0 if self.stock_playable else 1
        in_stock = len(present) - in_waste
        last = in_waste + in_stock - self.stock_playable
        king = -1
        if stop_at_king:
            king = self._first_king(talon, present, max(in_waste - shift, 0), last - shift)
            last = last if king < 0 else king + shift
        yield 0, False, 0, in_waste
        for k in range(in_waste + 1, last + 1):
            yield k - in_waste, False, 0, k
        limit = self.profile.max_recycles
        if king >= 0 or not in_waste or (limit is not None and recycles >= limit):
            return
        first = shift
        last = in_waste if self.pair_needs_draw and not self.stock_playable else in_waste - 1
        if stop_at_king:
            king = self._first_king(talon, present, 0, last - shift)
            last = last if king < 0 else king + shift
        for k in range(first, last + 1):
            yield in_stock, True, k, k

    def _first_king(self, talon: int, present: tuple[int, ...], low: int, high: int) -> int:
        """The index in ``present`` of the first King among ``present[low:high + 1]``, or -1."""
        if low > high:
            return -1
        span = (2 << present[high]) - (1 << present[low])
        kings = talon & self._king_slots & span
        return bisect_left(present, (kings & -kings).bit_length() - 1) if kings else -1

    def line(self, edge: _Edge) -> list[Move]:
        """The moves one search edge stands for."""
        draws_before, recycled, draws_after, kind, a, b = edge
        head: list[Move] = [Draw()] * draws_before
        head += [Recycle()] * recycled + [Draw()] * draws_after
        pyramid, talon = self.pyramid_cards, self.talon
        if kind == _KING_PYRAMID:
            removal: Move = RemoveKing(_present(pyramid[a]))
        elif kind == _KING_TALON:
            removal = RemoveKing(talon[a])
        elif kind == _PAIR_PYRAMID:
            removal = RemovePair(_present(pyramid[a]), _present(pyramid[b]))
        elif kind == _PAIR_WITH_TALON:
            removal = RemovePair(_present(pyramid[a]), talon[b])
        else:
            removal = RemovePair(talon[a], talon[b])
        return [*head, removal]


def _slots(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _nth_lowest(mask: int, n: int) -> int:
    """The slot of the ``n``-th lowest set bit of ``mask`` (``n`` from 1)."""
    for _ in range(n - 1):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _up_to_lowest(cards: int, stops: int) -> int:
    """The bits of ``cards`` up to the lowest bit of ``stops`` included (all if none)."""
    return cards & ((stops & -stops) << 1) - 1 if stops else cards


def _present(card: Card | None) -> Card:
    assert card is not None, "the search only touches cards that are present"
    return card


def _top(talon: int, boundary: int) -> int:
    """Index of the highest present talon card below ``boundary``, or -1."""
    return (talon & ((1 << boundary) - 1)).bit_length() - 1


def solve(game: Game, shortest: bool = True, time_limit: float | None = None) -> Solution:
    """Prove how far ``game``'s current position can go under its profile.

    A depth-first walk first looks for a win among the positions where one is still possible;
    when there is none, a branch-and-bound walk finds the most cards removable. Then, if
    ``shortest``, A* finds a winning line with the fewest moves. Without ``shortest`` the line
    is merely a winning one.

    With a ``time_limit`` (seconds), :class:`SolverTimeout` is raised if the most cards
    removable and whether a win exists are not proven in time (its ``winnable`` says whether
    the second was); if they are but A* runs out of time, the winning line already found is
    returned with ``shortest`` false.
    """
    if uses_variant_search(game.profile):
        from .variant_solver import solve_variant

        return solve_variant(game, shortest, time_limit)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _Search(game, deadline)
    most, line, met, deferred = _find_win(search)
    if line is None:
        goal = search.upper_bound(search.start)
        try:
            most = _most_removed(search, most, goal=goal, needed=0, met=met, pending=deferred)
        except SolverTimeout:
            raise SolverTimeout(winnable=False) from None
        return Solution(most, False, (), search.visited, True)
    proven = False
    if shortest:
        try:
            best = _shortest_win(search, len(line))
        except SolverTimeout:
            best = None
        else:
            assert best is not None, "A* finds a win whenever the depth-first walk does"
            proven = True
        line = best if best is not None else line
    return Solution(PYRAMID_SIZE, True, tuple(line), search.visited, proven)


def uses_variant_search(profile: Profile) -> bool:
    """Whether the talon is beyond this module's one sequence: reserve piles, several waste
    piles, several cards a draw, or a draw that takes the waste's card out of play (a card
    passed over is gone, so draws are no longer only a means) (:mod:`pyramide.variant_solver`
    searches those; it imports this module, hence the import where it is needed)."""
    return (
        profile.reserves > 0
        or profile.waste_piles > 1
        or profile.draw_count > 1
        or profile.waste_keeps == WASTE_KEEPS_LAST
    )


def _check_clock(search: _Search) -> None:
    """Raise :class:`SolverTimeout` past the search's deadline (looking every 256 calls)."""
    if search.deadline is None:
        return
    search.ticks += 1
    if not search.ticks & _CHECK_EVERY and time.perf_counter() > search.deadline:
        raise SolverTimeout


def can_remove(game: Game, count: int, time_limit: float | None = None) -> bool:
    """Whether some line leaves at most ``28 - count`` pyramid cards; stops once one does.
    Raises :class:`SolverTimeout` if not proven within ``time_limit`` seconds."""
    if uses_variant_search(game.profile):
        from .variant_solver import can_remove_variant

        return can_remove_variant(game, count, time_limit)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _Search(game, deadline)
    removed = search.removed(search.start)
    if removed >= count:
        return True
    return _most_removed(search, removed, goal=count, needed=count) >= count


def _edge_cost(edge: _Edge) -> int:
    return edge[0] + edge[1] + edge[2] + 1


def _shortest_win(search: _Search, known: int) -> list[Move] | None:
    """A* from the start; positions from which no win is left, or none in at most ``known``
    moves (the length of a win already found), are not queued. Positions are kept packed in
    one number each (:func:`_pack`): hard deals queue millions."""
    start = search.start
    first_bound = search.bound(start)
    if search.is_won(start):
        return []
    if first_bound is None:
        return None
    cost: dict[int, int] = {_pack(start): 0}
    bounds: dict[int, int | None] = {}
    parent: dict[int, tuple[int, _Edge]] = {}
    queue: list[tuple[int, int, int]] = [(first_bound, 0, _pack(start))]
    expanded = 0
    while queue:
        _, negative_cost, key = heapq.heappop(queue)
        if -negative_cost > cost[key]:
            continue
        expanded += 1
        _check_clock(search)
        state = _unpack(key)
        if search.is_won(state):
            search.visited += expanded
            return _unwind(search, parent, key)
        spent = -negative_cost
        for edge, following in search.steps(state):
            total = spent + _edge_cost(edge)
            following_key = _pack(following)
            if total >= cost.get(following_key, total + 1):
                continue
            bound = bounds.get(following_key, -1)
            if bound == -1:
                bound = bounds[following_key] = search.bound(following)
            if bound is None or total + bound > known:
                continue
            cost[following_key] = total
            parent[following_key] = (key, edge)
            heapq.heappush(queue, (total + bound, -total, following_key))
    search.visited += expanded
    return None


def _pack(state: _State) -> int:
    """A position as one number: pyramid (28 bits), talon (24), boundary (5), fresh draw (1),
    recycles used (the rest)."""
    pyramid, talon, boundary, recycles, fresh = state
    return pyramid | talon << 28 | boundary << 52 | fresh << 57 | recycles << 58


def _unpack(key: int) -> _State:
    return (
        key & (1 << 28) - 1,
        key >> 28 & (1 << 24) - 1,
        key >> 52 & 31,
        key >> 58,
        bool(key >> 57 & 1),
    )


def _unwind(search: _Search, parent: Mapping[int, tuple[int, _Edge]], key: int) -> list[Move]:
    line: list[Move] = []
    while (link := parent.get(key)) is not None:
        key, edge = link
        line[:0] = search.line(edge)
    return line


def _find_win(
    search: _Search,
) -> tuple[int, list[Move] | None, dict[object, int], list[_State]]:
    """Depth first, Kings and pyramid pairs before draws, through the positions from which a
    win is still possible (see :meth:`_Search.prospects`), as :meth:`_Search.loose` ones;
    stop at the first win.

    Returns the most pyramid places emptied in any position met, a winning line if any, and,
    for :func:`_most_removed` to go on from where this walk stops, the best standing of every
    position met and the positions met but not expanded (no win left from them): every other
    position met was expanded, and its successors are among those met.
    """
    start = search.loose(search.start)
    parent: dict[object, tuple[_State, _Edge] | None] = {search.key(start): None}
    best = {search.key(start): search.standing(start)}
    most = search.removed(start)
    pending = [start] if search.win_left(start) else []
    deferred = [] if pending else [start]
    while pending:
        state = pending.pop()
        _check_clock(search)
        if search.standing(state) > best[search.key(state)]:
            continue
        if search.is_won(state):
            search.visited += len(best)
            return most, _replay(search, parent, state), best, deferred
        following_states = []
        for edge, step in search.walk_steps(state):
            following = _meet(search, best, step)
            if following is not None:
                parent[search.key(following)] = (state, edge)
                most = max(most, search.removed(following))
                if search.win_left(following):
                    following_states.append(following)
                else:
                    deferred.append(following)
        pending.extend(reversed(following_states))
    search.visited += len(best)
    return most, None, best, deferred


def _meet(search: _Search, best: dict[object, int], state: _State) -> _State | None:
    """The :meth:`_Search.loose` position of ``state``, recorded in ``best`` (each key's
    lowest standing), or None when a position met before stands for it: one with its key and
    a standing no higher, or, when :meth:`_Search.loose` took blocked waste cards out, one
    with all of ``state``'s cards and a standing no higher (say, fewer recycles used, or the
    same position before the draws that raised its cut). So ``state``'s own key is recorded
    too: it stands for every later position with its cards and no lower standing."""
    loose = search.loose(state)
    standing = search.standing(loose)
    key = search.key(loose)
    if standing >= best.get(key, standing + 1):
        return None
    if search.limited and loose[1] != state[1]:
        whole = search.key(state)
        known = best.get(whole)
        if known is not None and standing >= known:
            return None
        search.visited -= known is None  # a second key, not another position
        best[whole] = standing
    best[key] = standing
    return loose


def _replay(
    search: _Search, parent: Mapping[object, tuple[_State, _Edge] | None], state: _State
) -> list[Move]:
    """The moves of a line of loose positions, from the real start: each removal is made
    after the shortest run of draws that allows it from where the previous one left.

    The line's positions may stand lower (:meth:`_Search.standing`) than the ones its removals
    were found from, which only leaves more runs to choose from; and the positions the replay
    reaches stand no higher than the line's: a removal of talon cards leaves the boundary just
    above the talon card before them wherever they were in play (others keep it), and the first
    run found recycles only if no run without a recycle allows the removal."""
    removals: list[_Edge] = []
    while (link := parent.get(search.key(state))) is not None:
        state, edge = link
        removals.append(edge)
    line: list[Move] = []
    state = search.start
    for wanted in reversed(removals):
        kind, a, b = wanted[3:]
        if kind in (_KING_PYRAMID, _PAIR_PYRAMID):
            # no draw before it: the step :meth:`_Search.steps` gives, made directly
            edge = (0, False, 0, kind, a, b)
            gone = 1 << a | (1 << b if kind == _PAIR_PYRAMID else 0)
            state = (state[0] & ~gone, state[1], state[2], state[3], False)
        else:
            edge, state = next(
                (edge, following)
                for edge, following in search.steps(state, every_run=True)
                if edge[3:] == wanted[3:]
            )
        line += search.line(edge)
    return line


def _most_removed(
    search: _Search,
    most: int,
    goal: int,
    needed: int,
    met: dict[object, int] | None = None,
    pending: list[_State] | None = None,
) -> int:
    """Branch and bound, best first: the most pyramid places emptied, once ``most`` are known
    possible, stopping as soon as ``goal`` are.

    Positions wait in order of their :meth:`_Search.upper_bound`, highest first (then the
    most removed, so that the walk goes deep among equals), and one is expanded only if its
    bound beats both what is known and ``needed`` (when only reaching ``needed`` matters); no
    position it skips can lead further than what is already known, so the result is exact up
    to ``goal``. Taking the highest bounds first finds the best positions early, so that the
    many positions of middling bound are never expanded.

    Given ``met`` and ``pending`` (from :func:`_find_win`), the walk goes on from there rather
    than from the start: the positions met and not pending were expanded already, so the walk
    needs only the pending ones and what they lead to.
    """
    if met is None or pending is None:
        start = search.loose(search.start)
        met, pending = {search.key(start): search.standing(start)}, [start]
    else:
        search.visited -= len(met)  # counted again below, with the positions met from here
    best = met
    order = count()
    queue = [(-search.upper_bound(state), 0, next(order), state) for state in pending]
    heapq.heapify(queue)
    while queue and most < goal:
        negative_bound, _, _, state = heapq.heappop(queue)
        if -negative_bound < max(most + 1, needed):
            break
        _check_clock(search)
        if search.standing(state) > best[search.key(state)]:
            continue
        for _, step in search.walk_steps(state):
            following = _meet(search, best, step)
            if following is not None:
                removed = search.removed(following)
                most = max(most, removed)
                bound = search.upper_bound(following)
                heapq.heappush(queue, (-bound, -removed, next(order), following))
    search.visited += len(best)
    return most
