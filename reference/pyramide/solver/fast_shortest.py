"""A compiled A* for the proven-shortest winning line, the optional speed-up of the
reference's ``shortest_win`` (``solve(game)`` with ``shortest``), for the profiles the
compiled core (:mod:`pyramide.solver.fast_verdict`) supports.

It searches what the reference's A* searches, built from the core's parts: the same positions
(one int64: the core's, with the boundary kept and the recycles used), the same steps (each
removal after the shortest run of draws that allows it, costing those draws and recycles plus
one; ``steps(state)`` of :mod:`pyramide.solver.exact`), the same lower bound on the moves left
(``bound``: the removals the pyramid needs, and the draws before the talon cards it needs can
be in play) and the same pruning of positions from which no win is left. A position reached
again more cheaply is opened again, so the line is shortest whatever the bound's consistency,
as in the reference. ``docs/solver.md`` says why the steps and the bound are exact. The two
talons the reference leaves to :mod:`pyramide.solver.variant` are searched here too: King
Tut's runs of draws turn three cards a draw (a stock card k places down is in play after
k // 3 + 1 draws at the earliest), and Giza's reserve tops leave one move at a time, with no
draws to count.

The line itself is played out in Python: the core returns the positions along it and the
moves spent to reach each, and :class:`~pyramide.Game` plays each step's draws (or recycles)
and its removal, checking every move; the line must end won, in as many moves as the core
proved. ``tests/solver/test_fast_shortest.py`` compares the core's steps, costs and bound with
the reference's, position by position.

Queued positions wait in buckets by (moves so far + bound, then the most moves so far), so
that the walk pops the lowest estimate first and, among equals, goes deep; the estimates are
capped by :data:`_CEILING` (a line longer than that is left to the reference).
"""

from __future__ import annotations

import time

import numpy as np

from ..game import Game
from ..layout import PYRAMID_SIZE, Layout
from ..moves import Draw, Move, Recycle, RemoveKing, RemovePair
from .fast_bounds import (
    _matching,
    _of_rank,
    _outlook,
    _self_pairs,
)
from .fast_core import (
    _COMPATIBLE,
    _DRAW,
    _EMPTY,
    _KING,
    _LIMIT,
    _MAX_STEPS,
    _MEETS,
    _PLACES,
    _RANK_MASK,
    _RESERVES,
    _RULES,
    _STOCK_TOP,
    _STRICT,
    _TALON,
    _TALON_AT,
    _TALON_MASK,
    _TALON_RANK,
    _TOTAL,
    _WORK_ROWS,
    Array,
    _count,
    _decode,
    _jit,
    _length,
    _low,
    _unowned,
)
from .fast_steps import (
    _pyramid_moves,
    _reserve_steps,
    _talon_steps,
)
from .fast_table import (
    _problem,
    talon_cards,
)
from .fast_verdict import (
    _filled,
    _home,
    _push,
    _room,
    fast_verdict,
)
from .outcome import Solution

_CEILING = 512
"""Estimates of a whole line's moves the queue holds (a shortest win is far shorter)."""
_GAVE_UP = -2
"""What the search returns when a line could need the ceiling's moves or more."""


@_jit
def _waste_cut(position: int, game: Array) -> int:
    """The reference's ``waste_cut``: going down the waste from its top, the slot of the first
    card whose rank then counts more cards than could ever take them away (``partner_supply``:
    the pyramid cards of the partner rank, and the talon's when two talon cards may pair; a
    King goes alone; a rank that pairs with itself has no limit while two talon cards of it
    may pair), -1 if none. No card beneath it comes up again before a recycle.
    Twin: :meth:`pyramide.solver.sequence.SequencePositions.waste_cut`."""
    pyramid, talon, boundary, _, _ = _decode(position)
    waste = talon & ((1 << boundary) - 1)
    king, total, meets = game[_RULES, _KING], game[_RULES, _TOTAL], game[_RULES, _MEETS]
    demand = 0
    while waste:
        j = _length(waste) - 1
        waste &= ~(1 << j)
        rank = game[_TALON_RANK, j]
        if rank == king:
            continue
        partner = total - rank
        supply = _count(pyramid & game[_RANK_MASK, partner])
        if meets and rank == partner:
            if _count(talon & game[_TALON_MASK, rank]) > 1:
                continue
        elif meets:
            supply += _count(talon & game[_TALON_MASK, partner])
        demand += 1 << 4 * rank
        if demand >> 4 * rank & 15 > supply:
            return j
    return -1


@_jit
def _needs(pyramid: int, game: Array, needs: Array) -> tuple[int, int]:
    """The reference's ``_needs``: (removals still needed at least, how many entries of
    ``needs`` it filled), each entry a rank and how many talon cards of it the pyramid needs
    at least (rank << 8 | count). Of the pyramid cards of two ranks that pair (a and b of
    them, m pairs of them free together at most), a + b - m removals, a - m talon cards of one
    rank and b - m of the other; of a rank that pairs with itself, a - m and a - 2m.
    Twin: :meth:`pyramide.solver.bounds.PyramidBounds._needs`."""
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    removals = _count(pyramid & game[_RANK_MASK, king])
    filled = 0
    for low in range(1, total // 2 + 1):
        high = total - low
        lows = _of_rank(pyramid, game[_PLACES, low])
        compatible = game[_COMPATIBLE, low]
        a = _count(lows)
        if low == high:
            matched = _self_pairs(lows, compatible)
            removals += a - matched
            if a - 2 * matched:
                needs[filled] = low << 8 | a - 2 * matched
                filled += 1
            continue
        highs = _of_rank(pyramid, game[_PLACES, high])
        b = _count(highs)
        matched = _matching(lows, highs, compatible)
        removals += a + b - matched
        if a - matched:
            needs[filled] = high << 8 | a - matched
            filled += 1
        if b - matched:
            needs[filled] = low << 8 | b - matched
            filled += 1
    return removals, filled


@_jit
def _nth_lowest(mask: int, n: int) -> int:
    """The slot of the ``n``-th lowest set bit of ``mask`` (``n`` from 1).
    Twin: :func:`pyramide.solver.exact._nth_lowest`."""
    for _ in range(n - 1):
        mask &= mask - 1
    return _low(mask)


@_jit
def _counted(pyramid: int, game: Array) -> int:
    """The reference's ``_counted_slots``: the talon slots whose cards cost a move when they lie
    above a wanted one; all of them, or under the playable stock top those whose rank has no
    pyramid partner (they can only be drawn).
    Twin: :meth:`pyramide.solver.exact._Search._counted_slots`."""
    if not game[_RULES, _STOCK_TOP]:
        return _TALON
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    found: int = game[_TALON_MASK, king]
    for rank in range(1, king):
        if not pyramid & game[_RANK_MASK, total - rank]:
            found |= game[_TALON_MASK, rank]
    return found


@_jit
def _draws_needed(position: int, cut: int, needs: Array, filled: int, game: Array) -> int:
    """The reference's ``_draws_needed``: the moves taking no pyramid card that must come
    before the talon cards the pyramid needs are in play (the largest of the costs of the
    cheapest cards making up each need: cards at or above the cut nothing, stock cards the
    counted cards above them, plus their own draw without the playable stock top, and the
    cards beneath the cut the whole stock, a recycle and the counted cards beneath them from
    the bottom), -1 when the talon cannot make up a need.
    Twin: :meth:`pyramide.solver.exact._Search._draws_needed`."""
    pyramid, talon, boundary, recycles, _ = _decode(position)
    limit = game[_RULES, _LIMIT]
    waste = talon & ((1 << boundary) - 1)
    stock = talon ^ waste
    beneath = waste & ((1 << cut) - 1) if cut > 0 else 0
    up = waste ^ beneath
    if limit >= 0 and recycles >= limit:
        beneath = 0
    counted = _counted(pyramid, game)
    own = 0 if game[_RULES, _STOCK_TOP] else 1
    per = game[_RULES, _DRAW]
    after_stock = (_count(stock & counted) + per - 1) // per + 1 + own
    draws = 0
    for entry in range(filled):
        rank, wanted = needs[entry] >> 8, needs[entry] & 255
        cards = game[_TALON_MASK, rank] & talon
        wanted -= _count(cards & up)
        if wanted <= 0:
            continue
        in_stock = cards & stock
        if _count(in_stock) >= wanted:
            card = _nth_lowest(in_stock, wanted)
            cost = _count(stock & counted & ((1 << card) - 1)) // per + own
        else:
            later = cards & beneath
            wanted -= _count(in_stock)
            if _count(later) < wanted:
                return -1
            card = _nth_lowest(later, wanted)
            cost = after_stock + _count(beneath & counted & ((1 << card) - 1)) // per
        draws = max(draws, cost)
    return draws


@_jit
def _strict_moves(position: int, draws: int, game: Array) -> int:
    """The reference's ``bound`` under the strict win, where every card leaves: the removals
    (a King alone, the others one of each rank of their pair) and the draws (every stock card,
    or under the playable stock top those that cannot leave from it: of a pair of ranks, the
    stock cards of one beyond the pyramid and waste cards of the other), given the ``draws``
    the needs take. Twin: the strict win's part of :meth:`pyramide.solver.exact._Search.bound`."""
    pyramid, talon, boundary, _, _ = _decode(position)
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    stock = talon >> boundary << boundary
    removals = _count(talon & game[_TALON_MASK, king]) + _count(pyramid & game[_RANK_MASK, king])
    extra = 0
    for low in range(1, total // 2 + 1):
        high = total - low
        cards = _count(pyramid & game[_RANK_MASK, low]) + _count(talon & game[_TALON_MASK, low])
        removals += cards // 2 if low == high else cards
        stock_low = _count(stock & game[_TALON_MASK, low])
        stock_high = _count(stock & game[_TALON_MASK, high])
        waste_low = _count(talon & ~stock & game[_TALON_MASK, low])
        waste_high = _count(talon & ~stock & game[_TALON_MASK, high])
        pyramid_low = _count(pyramid & game[_RANK_MASK, low])
        pyramid_high = _count(pyramid & game[_RANK_MASK, high])
        if low == high:
            extra += max(0, stock_low - pyramid_low - waste_low + 1) // 2
        else:
            extra += max(
                0, stock_low - pyramid_high - waste_high, stock_high - pyramid_low - waste_low
            )
    if game[_RULES, _RESERVES]:
        return removals
    if not game[_RULES, _STOCK_TOP]:
        per: int = game[_RULES, _DRAW]
        return removals + max(draws, (_count(stock) + per - 1) // per)
    return removals + extra


@_jit
def _moves_left(position: int, game: Array, counts: Array, known: Array, needs: Array) -> int:
    """The reference's ``bound``: a lower bound on the moves left to win, -1 when no win is
    left (by the bound on the pyramid places that can end empty, with the talon cards that can
    still come into play: in the last round, none beneath the waste cut).
    Twin: :meth:`pyramide.solver.exact._Search.bound`."""
    pyramid, _, _, recycles, _ = _decode(position)
    limit = game[_RULES, _LIMIT]
    cut = _waste_cut(position, game)
    reachable = position
    if limit >= 0 and recycles >= limit and cut > 0:
        reachable = position & ~(((1 << cut) - 1) << _TALON_AT)
    _, win_left = _outlook(
        reachable, limit >= 0 and recycles >= limit and cut >= 0, game, counts, known
    )
    if not win_left:
        return -1
    removals, filled = _needs(pyramid, game, needs)
    if game[_RULES, _RESERVES]:  # no draws: the strict win's removals, or the pyramid's
        return _strict_moves(position, 0, game) if game[_RULES, _STRICT] else removals
    draws = _draws_needed(position, cut, needs, filled, game) if filled else 0
    if draws < 0:
        return -1
    if game[_RULES, _STRICT]:
        return _strict_moves(position, draws, game)
    return removals + draws


@_jit
def _costed_steps(position: int, game: Array, work: Array) -> int:
    """The reference's ``steps(state)`` (A*'s: a talon King stays until a step takes it) into
    ``work[2]``, their moves into ``work[5]``, how many: a free pyramid King alone when there is
    one (not right after a draw under drawn-with-below); else the pyramid's removals, one move
    each, and each removal of talon cards after the shortest run of draws (forward, or through
    one recycle) that brings them into play (the core's ``_talon_steps``); under the playable
    stock top no run draws a King over (removing it from the stock top costs the move drawing
    it would). Twin: :meth:`pyramide.solver.exact._Search.steps`."""
    found, free = _pyramid_moves(position, game, work)
    if found < 0:  # a free pyramid King, alone
        return 1
    if game[_RULES, _RESERVES]:  # (a reserve King waits: a line may not need its move)
        return _reserve_steps(position, free, game, work, found)
    return _talon_steps(position, free, game[_RULES, _STOCK_TOP] != 0, game, work, found)


@_jit
def _place(keys: Array, key: int) -> int:
    """The slot of ``key`` in a table of whole positions, or the empty slot where it would go
    (linear probing)."""
    mask = len(keys) - 1
    slot = _home(key, mask)
    while keys[slot] != _EMPTY and keys[slot] != key:
        slot = (slot + 1) & mask
    return slot


@_jit
def _won(position: int, game: Array) -> bool:
    """Whether the position is won: the pyramid cleared (and the talon, under the strict win).
    Twin: :meth:`pyramide.solver.sequence.SequencePositions.is_won`."""
    pyramid, talon, _, _, _ = _decode(position)
    return not pyramid and (not game[_RULES, _STRICT] or not talon)


@_jit
def _shortest(
    start: int, game: Array, work: Array, bounds: Array, ceiling: int
) -> tuple[int, int, Array]:
    """(the fewest moves that win from ``start``, -1 if no win, :data:`_GAVE_UP`; positions
    expanded; the positions along a shortest line, ``start`` first), or :data:`_GAVE_UP`
    when a line could need ``ceiling`` moves or more.

    ``table`` (four parallel arrays: position, moves to reach it, the position it was reached
    from, its bound) keeps every position met; a position is queued again when reached more
    cheaply. ``work`` rows: talon cards present, steps, their costs, needs, talon counts;
    ``bounds`` caches the bound on places (see the core's ``_outlook``).
    Twin: :func:`pyramide.solver.shortest.shortest_win`."""
    counts, out, needs, costs = work[0], work[2], work[3], work[5]
    keys = _filled(1 << 12, _EMPTY)
    spent = np.empty(1 << 12, np.int64)
    parents = np.empty(1 << 12, np.int64)
    estimates = np.empty(1 << 12, np.int64)
    stored = 0
    heads = _filled(ceiling * ceiling, -1)
    items = np.empty(1 << 10, np.int64)
    links = np.empty(1 << 10, np.int64)
    nodes, spare, lowest, expanded, overflow = 0, -1, ceiling * ceiling, 0, False
    first = _moves_left(start, game, counts, bounds, needs)
    if _won(start, game):
        first = 0
    if first < 0:
        return -1, 0, np.empty((2, 0), np.int64)
    if first >= ceiling:
        return _GAVE_UP, 0, np.empty((2, 0), np.int64)
    slot = _place(keys, start)
    keys[slot], spent[slot], parents[slot], estimates[slot] = start, 0, -1, first
    stored = 1
    out[0], costs[0], steps, position, moves = start, 0, 1, -1, 0
    while True:
        for step in range(steps):
            following = out[step]
            total = moves + costs[step]
            if position >= 0:
                if (stored + 1) * 2 > len(keys):
                    keys, spent, parents, estimates = _regrown(keys, spent, parents, estimates)
                slot = _place(keys, following)
                if keys[slot] == _EMPTY:
                    estimate = _moves_left(following, game, counts, bounds, needs)
                    keys[slot], spent[slot], estimates[slot] = following, total, estimate
                    stored += 1
                elif spent[slot] <= total:
                    continue
                else:
                    estimate = estimates[slot]
                spent[slot], parents[slot] = total, position
                if estimate < 0:
                    continue
            else:
                estimate = first
            if total + estimate >= ceiling:
                overflow = True
                continue
            bucket = (total + estimate) * ceiling + ceiling - 1 - total
            items, links = _room(items, links, spare, nodes)
            spare, nodes = _push(
                following, bucket, _unowned(heads), _unowned(items), _unowned(links), spare, nodes
            )
            lowest = min(lowest, bucket)
        position = -1
        while position < 0:
            while lowest < len(heads) and heads[lowest] < 0:
                lowest += 1
            if lowest == len(heads):
                return _GAVE_UP if overflow else -1, expanded, np.empty((2, 0), np.int64)
            node = heads[lowest]
            heads[lowest] = links[node]
            links[node] = spare
            spare = node
            moves = ceiling - 1 - lowest % ceiling
            slot = _place(keys, items[node])
            if spent[slot] == moves:
                position = items[node]  # (else reached again since, more cheaply)
        if _won(position, game):
            return moves, expanded, _line(keys, spent, parents, position)
        expanded += 1
        steps = _costed_steps(position, game, work)


@_jit
def _regrown(
    keys: Array, spent: Array, parents: Array, estimates: Array
) -> tuple[Array, Array, Array, Array]:
    """The table at twice the size, every entry moved to its new slot."""
    size = 2 * len(keys)
    bigger = _filled(size, _EMPTY)
    spent_bigger = np.empty(size, np.int64)
    parents_bigger = np.empty(size, np.int64)
    estimates_bigger = np.empty(size, np.int64)
    for old in range(len(keys)):
        if keys[old] != _EMPTY:
            new = _place(bigger, keys[old])
            bigger[new], spent_bigger[new] = keys[old], spent[old]
            parents_bigger[new], estimates_bigger[new] = parents[old], estimates[old]
    return bigger, spent_bigger, parents_bigger, estimates_bigger


@_jit
def _line(keys: Array, spent: Array, parents: Array, goal: int) -> Array:
    """The positions from the start to ``goal``, following each position's parent (row 0),
    and the moves spent to reach each (row 1)."""
    length = 0
    position = goal
    while position >= 0:
        length += 1
        position = parents[_place(keys, position)]
    line = np.empty((2, length), np.int64)
    position = goal
    for index in range(length - 1, -1, -1):
        slot = _place(keys, position)
        line[0, index], line[1, index] = position, spent[slot]
        position = parents[slot]
    return line


def fast_solve(game: Game) -> Solution | None:
    """What ``solve(game)`` proves, with a shortest winning line: the verdict from the
    compiled core (:func:`pyramide.solver.fast_verdict.fast_verdict`), then, if there is a win, the
    line :func:`_shortest` proves, played out by :func:`_replayed`. None when the profile is
    one the core does not support, or when the line could take :data:`_CEILING` moves or
    more: then use :mod:`pyramide.solver`.

    Raises AssertionError if the line does not win in as many moves as the core proved, or if
    the core finds no win where the verdict has one (:class:`~pyramide.game.IllegalMoveError`
    if a move of it is not legal)."""
    verdict = fast_verdict(game)
    if verdict is None:
        return None
    most, winnable = verdict
    if not winnable:
        return Solution(most, False, (), 0, True)
    length, expanded, path = shortest_positions(game)
    if length == _GAVE_UP:
        return None
    assert length >= 0, "the compiled A* finds a win whenever the verdict has one"
    line = _replayed(game, path)
    assert len(line) == length, f"the core proved {length} moves, its line has {len(line)}"
    return Solution(most, True, tuple(line), expanded, True)


def fast_outcome(game: Game, shortest: bool = True) -> tuple[int, bool, int | None] | None:
    """(most pyramid places that can end empty, whether the position can be won, the moves of
    a proven shortest win or None without one) by the compiled core; without ``shortest``, the
    verdict alone (the length None). None when the core does not play the profile, or a line
    could take :data:`_CEILING` moves or more: then use :mod:`pyramide.solver`."""
    if not shortest:
        verdict = fast_verdict(game)
        return None if verdict is None else (*verdict, None)
    solution = fast_solve(game)
    if solution is None:
        return None
    length = len(solution.moves) if solution.winnable else None
    return solution.max_removed, solution.winnable, length


def _replayed(game: Game, path: Array) -> list[Move]:
    """The moves of the core's line (``path``: its positions and the moves spent to reach
    each), played out on a copy of ``game``: each step is the run of draws (or recycles, when
    the stock is empty: neither is ever a choice) its moves leave room for, then the removal of
    the cards its positions differ by. ``Game.push`` checks each move; the game must end won.
    (A copy, not push and pop on ``game``: its undo keeps only the last 100 moves.)"""
    play = game.position_copy()
    pyramid = list(game.pyramid)
    talon = talon_cards(game)
    line: list[Move] = []
    for step in range(1, path.shape[1]):
        before, after = int(path[0, step - 1]), int(path[0, step])
        for _ in range(int(path[1, step] - path[1, step - 1]) - 1):
            line.append(Draw() if play.stock else Recycle())
            play.push(line[-1])
        gone = [pyramid[i] for i in range(PYRAMID_SIZE) if (before & ~after) >> i & 1]
        slots = (before & ~after) >> _TALON_AT & _TALON
        gone += [talon[i] for i in range(len(talon)) if slots >> i & 1]
        cards = [card for card in gone if card is not None]
        line.append(RemoveKing(cards[0]) if len(cards) == 1 else RemovePair(*cards))
        play.push(line[-1])
    assert play.is_won(), "the core's line does not win"
    return line


def shortest_positions(game: Game, ceiling: int = _CEILING) -> tuple[int, int, Array]:
    """The compiled A* on ``game``'s position: (fewest moves to win, -1 if there is no win or
    :data:`_GAVE_UP`; positions expanded; the positions along a shortest line, the start
    first). :data:`_GAVE_UP` when a line could take ``ceiling`` moves or more. The profile must
    be one :func:`pyramide.solver.fast_verdict.supports`."""
    start, table = _problem(game)
    work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
    bounds = np.zeros((2, 1 << 16), np.int64)
    length, expanded, path = _shortest(start, table, work, bounds, ceiling)
    return int(length), int(expanded), path


def warm_up() -> float:
    """Compile the core's verdict and its A*, or load them from numba's on-disk cache, and
    return the seconds it took (the first call of :func:`fast_solve` in a process pays this)."""
    begun = time.perf_counter()
    fast_solve(Game(Layout((None,) * PYRAMID_SIZE)))
    return time.perf_counter() - begun
