"""The one-sequence search's A*: a shortest winning line, once the walks (:mod:`.walks`) have
found a win. Moves are counted as the app counts them (every removal, draw and recycle is one);
the lower bound is :meth:`~pyramide.solver.exact._Search.bound`.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping

from ..moves import Move
from .exact import _Search
from .sequence import _Edge, _State, check_clock


def _edge_cost(edge: _Edge) -> int:
    return edge[0] + edge[1] + edge[2] + 1


def shortest_win(search: _Search, known: int) -> list[Move] | None:
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
        check_clock(search)
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
