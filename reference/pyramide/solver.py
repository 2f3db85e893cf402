"""An exact, exhaustive solver: how far a position can go and the shortest way to win it.

Moves are counted as the app counts them: every removal, draw and recycle is one move. The
search is A* over positions, with two exact reductions that keep it small enough for Python:

*The talon is one sequence.* Drawing and recycling never change the relative order of the
waste and stock cards: the waste (bottom first) followed by the stock (top first) is a fixed
sequence, and a boundary index says which of its cards are in the waste. A position is thus
the pyramid cards present (a 28-bit mask), the talon cards present (a mask), the boundary, the
recycles used (only when they are limited) and whether the last move was a draw (only for the
drawn-with-waste switch). Two boundaries with no present card between them are the same
position, so the boundary is always kept just above the waste top.

*Draws are only a means.* Cards in the talon matter only when they are the waste top, so the
search never stores the positions in the middle of a run of draws: from a position it goes in
one step to "draw until card t is on top (recycling if need be), then remove t" at the cost of
those draws plus one. Pyramid-only removals commute with draws, so nothing is lost. The runs
are the shortest possible (forward to t, at most one recycle), so costs are exact.

The remaining cost is bounded below by the removals still needed: every King left in the
pyramid is one move, and for each pair of ranks (r, 13 - r) at least max(count r, count 13-r)
moves remove those pyramid cards. The bound falls by at most one per move, so A* with it finds
a shortest win, and when there is none it visits every reachable position and reports the
exact largest number of pyramid cards removed.

One more reduction is exact: a free pyramid King is removed at once (taking it earlier only
frees cards and the line keeps its length), except right after a draw under the drawn-with-waste
switch, where that draw's pair would be lost.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .cards import KING, PAIR_TOTAL, Card
from .game import Game
from .layout import COVERED_BY, PYRAMID_SIZE
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair

_COVER_MASKS = tuple(sum(1 << j for j in COVERED_BY[i]) for i in range(PYRAMID_SIZE))

_State = tuple[int, int, int, int, bool]
"""(pyramid mask, talon mask, boundary, recycles used, last move was a draw)."""

_Edge = tuple[int, bool, int, int, int, int]
"""(draws, recycled, draws after the recycle, removal kind, card slot, card slot)."""

_KING_PYRAMID, _KING_TALON, _PAIR_PYRAMID, _PAIR_WASTE, _PAIR_TALON = range(5)


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


class _Search:
    def __init__(self, game: Game) -> None:
        self.profile = game.profile
        self.pyramid_cards: list[Card | None] = list(game.pyramid)
        self.ranks = [card.rank if card else 0 for card in self.pyramid_cards]
        self.talon: list[Card] = [*game.waste, *game.stock]
        self.talon_ranks = [card.rank for card in self.talon]
        self.limited = self.profile.max_recycles is not None
        self.visited = 0
        self._free_cache: dict[int, tuple[int, ...]] = {}
        self._needs_cache: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}
        talon = (1 << len(self.talon)) - 1
        self.start: _State = (
            sum(1 << i for i, card in enumerate(self.pyramid_cards) if card),
            talon,
            _top(talon, len(game.waste)) + 1,
            game.recycles if self.limited else 0,
            game.fresh_draw and self.profile.drawn_pairs_with_waste,
        )

    def free(self, pyramid: int) -> tuple[int, ...]:
        found = self._free_cache.get(pyramid)
        if found is None:
            found = tuple(
                i for i in range(PYRAMID_SIZE) if pyramid >> i & 1 and not pyramid & _COVER_MASKS[i]
            )
            self._free_cache[pyramid] = found
        return found

    def _needs(self, pyramid: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """Removals still needed at least, and the talon ranks the pyramid needs (how many)."""
        found = self._needs_cache.get(pyramid)
        if found is None:
            counts = [0] * (KING + 1)
            for i in range(PYRAMID_SIZE):
                if pyramid >> i & 1:
                    counts[self.ranks[i]] += 1
            removals = counts[KING]
            needs = []
            for low in range(1, 7):
                high = PAIR_TOTAL - low
                removals += max(counts[low], counts[high])
                if counts[low] != counts[high]:
                    short = low if counts[low] < counts[high] else high
                    needs.append((short, abs(counts[low] - counts[high])))
            found = (removals, tuple(needs))
            self._needs_cache[pyramid] = found
        return found

    def bound(self, state: _State) -> int | None:
        """A lower bound on the moves left to win, or None when no win is left.

        Removals: every pyramid King is one move, and the cards of ranks r and 13 - r take at
        least max(count r, count 13 - r) moves. Draws: the surplus of one of those ranks must
        meet talon cards of the other rank; counting every waste card as reachable for free,
        the k-th card needed from the stock lies at least its distance in draws away.
        """
        removals, needs = self._needs(state[0])
        talon, boundary = state[1], state[2]
        draws = 0
        for rank, wanted in needs:
            for i, talon_rank in enumerate(self.talon_ranks):
                if talon_rank == rank and talon >> i & 1 and i < boundary:
                    wanted -= 1
            if wanted <= 0:
                continue
            distance = 0
            for i in range(boundary, len(self.talon)):
                if talon >> i & 1:
                    distance += 1
                    if self.talon_ranks[i] == rank:
                        wanted -= 1
                        if not wanted:
                            break
            if wanted:
                return None
            draws = max(draws, distance)
        return removals + draws

    def is_won(self, state: _State) -> bool:
        return state[0] == 0 and (not self.profile.strict_win or state[1] == 0)

    def steps(self, state: _State) -> Iterator[tuple[_Edge, _State]]:
        """Every removal reachable from ``state``, each after the draws that make it possible."""
        pyramid, talon, boundary, recycles, fresh = state
        free = self.free(pyramid)
        ranks = self.ranks
        kept = (talon, boundary, recycles, False)
        if not fresh:
            for i in free:
                if ranks[i] == KING:
                    yield (0, False, 0, _KING_PYRAMID, i, 0), (pyramid & ~(1 << i), *kept)
                    return
        for n, i in enumerate(free):
            if ranks[i] == KING:
                yield (0, False, 0, _KING_PYRAMID, i, 0), (pyramid & ~(1 << i), *kept)
            for j in free[n + 1 :]:
                if ranks[i] + ranks[j] == PAIR_TOTAL:
                    pair = pyramid & ~(1 << i) & ~(1 << j)
                    yield (0, False, 0, _PAIR_PYRAMID, i, j), (pair, *kept)
        if self.profile.pairs_with_covering_card:
            for cover in free:
                for covered in range(PYRAMID_SIZE):
                    if (
                        pyramid >> covered & 1
                        and pyramid & _COVER_MASKS[covered] == 1 << cover
                        and ranks[covered] + ranks[cover] == PAIR_TOTAL
                    ):
                        pair = pyramid & ~(1 << cover) & ~(1 << covered)
                        yield (0, False, 0, _PAIR_PYRAMID, covered, cover), (pair, *kept)
        for draws_before, recycled, draws_after, top in self._reachable_tops(state):
            drew = draws_before + draws_after > 0 or fresh
            used = recycles + recycled if self.limited else 0
            for kind, a, b, remaining_pyramid, remaining_talon in self._talon_removals(
                pyramid, talon, top, free, drew
            ):
                yield (
                    (draws_before, recycled, draws_after, kind, a, b),
                    (
                        remaining_pyramid,
                        remaining_talon,
                        _top(remaining_talon, top) + 1,
                        used,
                        False,
                    ),
                )

    def _reachable_tops(self, state: _State) -> Iterator[tuple[int, bool, int, int]]:
        """Each talon card that draws can bring to the waste top, with the run that does it."""
        _, talon, boundary, recycles, _ = state
        if boundary:
            yield 0, False, 0, boundary - 1
        stock = [i for i in range(boundary, len(self.talon)) if talon >> i & 1]
        for n, i in enumerate(stock, start=1):
            yield n, False, 0, i
        limit = self.profile.max_recycles
        if not boundary or (limit is not None and recycles >= limit):
            return
        below_top = (i for i in range(boundary - 1) if talon >> i & 1)
        for n, i in enumerate(below_top, start=1):
            yield len(stock), True, n, i

    def _talon_removals(
        self, pyramid: int, talon: int, top: int, free: tuple[int, ...], drew: bool
    ) -> Iterator[tuple[int, int, int, int, int]]:
        """Removals using talon card ``top`` once it is the waste top: (kind, a, b, masks)."""
        rank = self.talon_ranks[top]
        without = talon & ~(1 << top)
        if rank == KING:
            yield _KING_TALON, top, 0, pyramid, without
            return
        for i in free:
            if self.ranks[i] + rank == PAIR_TOTAL:
                yield _PAIR_WASTE, i, top, pyramid & ~(1 << i), without
        below = _top(talon, top)
        if (
            drew
            and self.profile.drawn_pairs_with_waste
            and below >= 0
            and self.talon_ranks[below] + rank == PAIR_TOTAL
        ):
            yield _PAIR_TALON, below, top, pyramid, without & ~(1 << below)

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
        elif kind == _PAIR_WASTE:
            removal = RemovePair(_present(pyramid[a]), talon[b])
        else:
            removal = RemovePair(talon[a], talon[b])
        return [*head, removal]


def _present(card: Card | None) -> Card:
    assert card is not None, "the search only touches cards that are present"
    return card


def _top(talon: int, boundary: int) -> int:
    """Index of the highest present talon card below ``boundary``, or -1."""
    return (talon & ((1 << boundary) - 1)).bit_length() - 1


def solve(game: Game, shortest: bool = True) -> Solution:
    """Prove how far ``game``'s current position can go under its profile.

    A depth-first walk first finds whether a win exists (and, when none does, visits every
    reachable position to find the most cards removable); then, if ``shortest``, A* finds a
    winning line with the fewest moves. Without ``shortest`` the line is merely a winning one.
    """
    search = _Search(game)
    fewest_left, line = _explore(search)
    if line is None:
        return Solution(PYRAMID_SIZE - fewest_left, False, (), search.visited, True)
    if shortest:
        best = _shortest_win(search)
        assert best is not None, "A* finds a win whenever the exhaustive walk does"
        line = best
    return Solution(PYRAMID_SIZE, True, tuple(line), search.visited, shortest)


def can_remove(game: Game, count: int) -> bool:
    """Whether some line leaves at most ``28 - count`` pyramid cards; stops once one does."""
    fewest_left, _ = _explore(_Search(game), enough=PYRAMID_SIZE - count)
    return PYRAMID_SIZE - fewest_left >= count


def _edge_cost(edge: _Edge) -> int:
    return edge[0] + edge[1] + edge[2] + 1


def _shortest_win(search: _Search) -> list[Move] | None:
    """A* from the start; positions from which no win is left are not expanded."""
    start = search.start
    first_bound = search.bound(start)
    if search.is_won(start):
        return []
    if first_bound is None:
        return None
    cost: dict[_State, int] = {start: 0}
    parent: dict[_State, tuple[_State, _Edge]] = {}
    queue: list[tuple[int, int, _State]] = [(first_bound, 0, start)]
    settled: set[_State] = set()
    while queue:
        _, negative_cost, state = heapq.heappop(queue)
        if state in settled:
            continue
        settled.add(state)
        if search.is_won(state):
            search.visited += len(settled)
            return _unwind(search, parent, state)
        spent = -negative_cost
        for edge, following in search.steps(state):
            total = spent + _edge_cost(edge)
            if total >= cost.get(following, total + 1):
                continue
            bound = search.bound(following)
            if bound is None:
                continue
            cost[following] = total
            parent[following] = (state, edge)
            heapq.heappush(queue, (total + bound, -total, following))
    search.visited += len(settled)
    return None


def _unwind(
    search: _Search, parent: Mapping[_State, tuple[_State, _Edge] | None], state: _State
) -> list[Move]:
    line: list[Move] = []
    while (link := parent.get(state)) is not None:
        state, edge = link
        line[:0] = search.line(edge)
    return line


def _explore(search: _Search, enough: int = 0) -> tuple[int, list[Move] | None]:
    """Depth first, Kings and pyramid pairs before draws; stop at the first win found, or as
    soon as no more than ``enough`` pyramid cards are left.

    Returns the fewest pyramid cards left in any position visited, and a winning line if any.
    """
    start = search.start
    parent: dict[_State, tuple[_State, _Edge] | None] = {start: None}
    pending = [start]
    fewest_left = start[0].bit_count()
    while pending:
        state = pending.pop()
        fewest_left = min(fewest_left, state[0].bit_count())
        if search.is_won(state):
            search.visited += len(parent)
            return fewest_left, _unwind(search, parent, state)
        if fewest_left <= enough:
            break
        following_states = []
        for edge, following in search.steps(state):
            if following not in parent:
                parent[following] = (state, edge)
                following_states.append(following)
        pending.extend(reversed(following_states))
    search.visited += len(parent)
    return fewest_left, None
