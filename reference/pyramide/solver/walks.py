"""The one-sequence search's two walks, which do not count moves: a depth-first walk for a win
(:func:`find_win`), then, with none, a best-first branch and bound for the most cards removable
(:func:`most_removed`), which goes on from the positions the first walk met but did not expand.

Both merge positions as :meth:`~pyramide.solver.sequence.SequencePositions.loose` ones, keyed
by :meth:`~pyramide.solver.sequence.SequencePositions.key` and kept at their lowest
:meth:`~pyramide.solver.sequence.SequencePositions.standing` (``docs/solver.md`` says why each
merge is exact); a winning line of merged positions is replayed from the real start with the
shortest draw runs (:func:`_replay`).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from itertools import count

from ..moves import Move
from .exact import _Search
from .sequence import _KING_PYRAMID, _PAIR_PYRAMID, _Edge, _State, check_clock


def find_win(
    search: _Search,
) -> tuple[int, list[Move] | None, dict[object, int], list[_State]]:
    """Depth first, Kings and pyramid pairs before draws, through the positions from which a
    win is still possible (see :meth:`_Search.prospects`), as :meth:`_Search.loose` ones;
    stop at the first win.

    Returns the most pyramid places emptied in any position met, a winning line if any, and,
    for :func:`most_removed` to go on from where this walk stops, the best standing of every
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
        check_clock(search)
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


def most_removed(
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

    Given ``met`` and ``pending`` (from :func:`find_win`), the walk goes on from there rather
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
        check_clock(search)
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
