"""An exact, exhaustive solver: how far a position can go and the shortest way to win it.

Moves are counted as the app counts them: every removal, draw and recycle is one move. Two exact
reductions keep positions few enough for Python:

*The table and the deck come from the profile.* Which places lie on which (the pyramid, or the
Triangle's inverted rows) and which ranks pair (13 with the French deck, 12 with the Spanish
one, whose 6s pair with each other; the top rank, King or rey, goes alone) are read from the
position's profile when a search starts (:func:`~pyramide.solver.pyramid.geometry_tables`,
:class:`~pyramide.solver.bounds.PyramidBounds`).
Nothing below depends on the shape beyond "a card is free once the places on it are empty",
nor on the deck beyond "two ranks pair when they add up to the target, the top rank goes
alone": below, t is the target, and a King is a card of the top rank. The only case the French
deck never meets is a rank that pairs with itself; the bounds treat it apart (a matching
within one rank, an even count for the strict win).

*The piles of the variants are another search.* Reserve piles (Giza), several waste piles
(Apophis), several cards a draw (King Tut) and a draw that takes the waste's card out of play
(``waste_keeps: last``) break the one sequence below: :func:`solve` and
:func:`can_remove` hand those profiles (:func:`uses_variant_search`) to
:mod:`pyramide.solver.variant`, a plainer search that answers the same :class:`Solution`.

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

*Two searches.* Whether a win exists and how far play can go do not depend on the moves spent, so
walks answer them first (:func:`~pyramide.solver.walks.find_win`, depth first, then, with no win,
the best-first branch and bound of :func:`~pyramide.solver.walks.most_removed`, which goes on from
the positions the first walk met but did not expand rather than from the start); only a win's length
needs A* (:func:`~pyramide.solver.shortest.shortest_win`).

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

from bisect import bisect_left
from collections.abc import Iterator, Sequence

from ..cards import Card
from ..game import Game
from ..moves import Draw, Move, Recycle, RemoveKing, RemovePair
from .sequence import (
    _KING_PYRAMID,
    _KING_TALON,
    _PAIR_PYRAMID,
    _PAIR_WITH_TALON,
    _Edge,
    _State,
)
from .talon_runs import TalonRuns


class _Search(TalonRuns):
    """One position's search space: its cards and positions (:class:`SequencePositions`), the
    removals of talon cards after runs of draws (:class:`TalonRuns`), and here the steps both
    walks and A* take, A*'s lower bound on the moves left, and the moves a step stands for."""

    def __init__(self, game: Game, deadline: float | None = None) -> None:
        super().__init__(game, deadline)
        self._counted_cache: dict[int, int] = {}

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


def _nth_lowest(mask: int, n: int) -> int:
    """The slot of the ``n``-th lowest set bit of ``mask`` (``n`` from 1)."""
    for _ in range(n - 1):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _present(card: Card | None) -> Card:
    assert card is not None, "the search only touches cards that are present"
    return card
