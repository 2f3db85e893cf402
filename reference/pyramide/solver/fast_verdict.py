"""The compiled core's verdict: the most pyramid cards removable, and whether the
position can be won (what ``solve(game, shortest=False)`` answers), for the profiles with one
waste pile and no reserves: one card a draw, or several with only the waste top in play (King
Tut).

It is optional (``pip install .[fast]``, which brings numba) and only a speed-up: the walks
of :mod:`pyramide.solver.walks` stay the reference, and ``tests/solver/test_fast_solver.py``
checks that both give the same answers. The search is the reference's (``docs/solver.md``),
every reduction kept exact, written so that numba compiles it to machine code:

  - *A position is one integer* (:mod:`.fast_core`). The low 53 bits are the *key*, the high ones
  the *standing* (recycles << 5 | boundary): of two positions with one key,
  the one with the lower standing reaches all the other does (draws alone take it there, or a
  recycle more to spend), the reference's ``standing`` rule. With unlimited recycling the
  boundary is dropped (draws and recycles reach every one), so the standing adds nothing.
  With several cards a draw, draws do not reach every boundary above (they turn cards in
  threes): the boundary is kept and is part of the key, the standing is the recycles alone.
- *Visited positions* are kept in an open-addressing table, a numpy int64 array of positions
  (-1 for an empty slot, doubled when half full), each key with the lowest standing met.
- *One best-first walk* stands for the reference's two: positions wait in a bucket queue
  ordered by "a win is still possible", then the upper bound on pyramid cards removable,
  then (the others) the fewer recycles used, then the more cards removed, depth first among
  equals. Positions from which a win is possible come first and are expanded whatever their
  bound, so the walk stops at the first win; the others only while their bound beats the most
  found, and the walk stops when the queue's top cannot (nothing below it can either).

Steps, merging and bounds are the reference's (``docs/solver.md`` says why each is exact):
steps are removals after the shortest run of draws; a free pyramid King, or a talon King in
play, goes at once, and no run of draws passes a King (with one card a draw: with several, a
talon card fewer changes which cards the next draws turn up); with unlimited recycling and
one card a draw talon cards of one rank stand in for each other; in the last round the waste
beneath the cut is dropped; the bound counts dead cards and the largest matching of each pair
of ranks.

The data reach the compiled functions as few arrays as possible, and the functions called for
every position take few of them: numba counts references to an array passed to a function
with atomic operations, which would otherwise cost more than the search itself.

Not supported (:func:`fast_verdict` returns None, and callers use :func:`pyramide.solver.solve`):
several waste piles, several cards a draw with more than the waste top in play, a waste that
keeps only the last card drawn (a draw then takes a card out of the talon, which the fixed
sequence has no step for), and more than 31 recycles (the five bits the position keeps for
them).
"""

from __future__ import annotations

import time

import numpy as np

from ..game import Game
from ..layout import PYRAMID_SIZE, Layout
from ..profiles import WASTE_KEEPS_LAST, WASTE_TOP, Profile
from .fast_bounds import (
    _loose,
    _outlook,
)
from .fast_core import (
    _BY_RANK,
    _EMPTY,
    _HASH,
    _LIMIT,
    _MAX_RECYCLES,
    _MAX_STEPS,
    _PYRAMID,
    _RECYCLES_AT,
    _RULES,
    _STANDING_AT,
    _STRICT,
    _TALON,
    _TALON_AT,
    _WORK_ROWS,
    Array,
    _count,
    _jit,
    _keep_alive,
    _prefetch,
    _unowned,
)
from .fast_steps import (
    _rank_steps,
    _steps,
)
from .fast_table import _problem


@_jit
def _home(key: int, mask: int) -> int:
    """Where the search for ``key`` starts in a table of ``mask + 1`` slots (Fibonacci
    hashing: the multiplication wraps)."""
    mixed = key * _HASH
    return (mixed ^ mixed >> 32) & mask


@_jit
def _slot(table: Array, key: int, bits: int) -> int:
    """The slot of ``key`` (a position's ``bits`` below its standing) in the visited table, or
    the empty slot where it would go (linear probing)."""
    mask = len(table) - 1
    slot = _home(key, mask)
    while table[slot] != _EMPTY and table[slot] & bits != key:
        slot = (slot + 1) & mask
    return slot


@_jit
def _filled(size: int, value: int) -> Array:
    """A new array of ``size`` entries, each ``value``."""
    array = np.empty(size, np.int64)
    for index in range(size):
        array[index] = value
    return array


@_jit
def _grown(table: Array, bits: int) -> Array:
    """The visited table at twice the size, every entry moved to its new slot."""
    bigger = _filled(2 * len(table), _EMPTY)
    for entry in table:
        if entry != _EMPTY:
            bigger[_slot(bigger, entry & bits, bits)] = entry
    return bigger


@_jit
def _doubled(array: Array) -> Array:
    """``array`` with room for as many entries again."""
    bigger = np.empty(2 * len(array), np.int64)
    for index in range(len(array)):  # (a loop compiles faster than a slice assignment)
        bigger[index] = array[index]
    return bigger


@_jit
def _push(
    item: int, bucket: int, heads: Array, items: Array, links: Array, spare: int, nodes: int
) -> tuple[int, int]:
    """Put ``item`` on top of ``bucket``'s stack in a bucket queue: ``heads`` holds each
    bucket's top node, ``items`` and ``links`` each node's item and the node below it, and the
    free nodes are chained from ``spare`` (-1 for none; ``nodes`` have been used, and the
    arrays must have room for one more: see :func:`_room`). Returns the free chain and the
    nodes used. The callers pass the arrays :func:`_unowned`: this runs for every position
    queued."""
    if spare >= 0:
        node = spare
        spare = links[node]
    else:
        node = nodes
        nodes += 1
    items[node], links[node], heads[bucket] = item, heads[bucket], node
    return spare, nodes


@_jit
def _room(items: Array, links: Array, spare: int, nodes: int) -> tuple[Array, Array]:
    """The queue's node arrays, doubled when :func:`_push` would need one node more."""
    if spare < 0 and nodes == len(items):
        return _doubled(items), _doubled(links)
    return items, links


_BOUNDS = PYRAMID_SIZE + 1
"""Values an upper bound, or a count of cards removed, can take."""


@_jit
def _bucket(win: bool, bound: int, recycles: int, removed: int, rounds: int) -> int:
    """Where a position waits in the queue (higher buckets first): a win still possible first,
    then the higher upper bound, then, when no win is possible, the fewer recycles used (of
    ``rounds``; a position reached again with fewer is expanded again, with all that follows),
    then the more cards removed (the walk goes deep)."""
    later = 0 if win else recycles
    return (((1 if win else 0) * _BOUNDS + bound) * rounds + rounds - 1 - later) * _BOUNDS + removed


@_jit
def _search(start: int, game: Array, work: Array, bounds: Array) -> tuple[int, bool, int]:
    """(most pyramid places emptied, whether a win exists, positions expanded) from ``start``.

    Best first (see :func:`_bucket`): positions from which a win is still possible (by the
    bound, and from a position that had one: none is reachable from one that has none) are
    expanded whatever their bound, so the walk stops at the first win; the others only while
    their bound beats the most found and the start's bound (which holds for every position
    reached). A position is not queued if it cannot matter then, nor if a position with its key
    and a standing no higher was met (it reaches all this one does).

    ``work`` holds room for talon counts, a position's talon cards, its successors, their
    :func:`_loose` positions and cuts;
    ``bounds`` caches :func:`_prospects` (see :func:`_outlook`). Both and ``game`` come from
    the caller, which keeps them alive while the functions below use them uncounted
    (:func:`_unowned`), as does the visited table's counted reference here.

    The queue is a stack per bucket, kept as linked nodes in two arrays; a position's successors
    are pushed last first, so that among equals the walk is depth first and tries the removals
    in the order :func:`_steps` gives them (pyramid removals, then the fewest draws), as the
    reference's first walk does. The start goes through the same loop as the successors.
    Twin: :func:`pyramide.solver.walks.find_win` and :func:`pyramide.solver.walks.most_removed`, in
    one walk."""
    limit = game[_RULES, _LIMIT]
    at = game[_RULES, _STANDING_AT]
    key = (1 << at) - 1  # the bits of a position below its standing
    by_rank = game[_RULES, _BY_RANK] != 0
    strict = game[_RULES, _STRICT] != 0
    tables, counts = _unowned(game), _unowned(work[0])
    out, kept, cuts = _unowned(work[2]), _unowned(work[3]), _unowned(work[4])
    known, rows = _unowned(bounds), _unowned(work)
    # counted, and kept alive for the view below; 2^15 slots (256 kB) spare the median deal
    # of a strict single pass the three or four growths from 2^12 (a tenth of its time), at
    # 0.007 ms for a deal that needs none
    visited = _filled(1 << 15, _EMPTY)
    table = _unowned(visited)
    rounds = limit + 1 if limit >= 0 else 1
    heads = _filled(2 * _BOUNDS * rounds * _BOUNDS, -1)
    items = np.empty(1 << 10, np.int64)
    links = np.empty(1 << 10, np.int64)
    nodes, spare, queued, top = 0, -1, 0, 0
    stored, most, goal, expanded = 0, 0, PYRAMID_SIZE, 0
    out[0] = start
    steps, win = 1, True
    while True:
        for step in range(steps):
            if limit < 0:
                loose, cut = _loose(out[step], tables)
                kept[step], cuts[step] = loose, cut
                _prefetch(table, _home(loose & key, len(table) - 1))
            else:
                _prefetch(table, _home(out[step] & key, len(table) - 1))
        accepted = 0
        for step in range(steps):
            following = out[step]
            if (stored + 2) * 2 > len(table):
                visited = _grown(table, key)
                table = _unowned(visited)
            whole = -1
            if limit >= 0:
                # with limited recycling a position is recorded under its whole key too, so
                # that a position met later with all these cards and no lower standing is
                # known to be matched by this one; that check comes first, as it needs no
                # waste cut (a third of the steps stop there)
                whole = _slot(table, following & key, key)
                if table[whole] != _EMPTY and table[whole] >> at <= following >> at:
                    continue
                loose, cut = _loose(following, tables)
            else:
                loose, cut = kept[step], cuts[step] != 0
            same = limit >= 0 and loose == following
            slot = whole if same else _slot(table, loose & key, key)
            if table[slot] != _EMPTY and table[slot] >> at <= loose >> at:
                continue
            if limit >= 0 and loose != following:
                if table[whole] == _EMPTY:
                    stored += 1
                table[whole] = following
                slot = _slot(table, loose & key, key)
            if table[slot] == _EMPTY:
                stored += 1
            table[slot] = loose
            pyramid = loose & _PYRAMID
            removed = PYRAMID_SIZE - _count(pyramid)
            most = max(most, removed)
            if not pyramid and (not strict or not loose >> _TALON_AT & _TALON):
                return PYRAMID_SIZE, True, expanded
            bound, win_left = _outlook(loose, cut, tables, counts, known)
            win_left = win_left and win
            if not expanded:
                goal = bound
            if not win_left and bound <= most:
                continue
            kept[accepted] = loose
            out[accepted] = _bucket(win_left, bound, loose >> _RECYCLES_AT, removed, rounds)
            accepted += 1
        for index in range(accepted - 1, -1, -1):
            bucket = out[index]
            items, links = _room(items, links, spare, nodes)
            spare, nodes = _push(
                kept[index], bucket, _unowned(heads), _unowned(items), _unowned(links), spare, nodes
            )
            top = max(top, bucket)
            queued += 1
        position = -1
        while queued and position < 0:
            while heads[top] < 0:
                top -= 1
            node = heads[top]
            heads[top] = links[node]
            links[node] = spare
            spare = node
            queued -= 1
            first = top // _BOUNDS // rounds  # win * _BOUNDS + bound
            win = first >= _BOUNDS
            if not win and (first <= most or most >= goal):
                queued = 0  # nothing left can beat what is known
            elif table[_slot(table, items[node] & key, key)] == items[node]:
                position = items[node]  # (else met again since with a lower standing)
        if position < 0:
            _keep_alive(visited)
            return most, False, expanded
        expanded += 1
        steps = _rank_steps(position, tables, out) if by_rank else _steps(position, tables, rows)


def supports(profile: Profile) -> bool:
    """Whether the core can solve positions under ``profile``: one waste pile, at most 31
    recycles, and one card a draw, or several with only the waste top in play (King Tut: a draw
    puts its cards on the waste in the stock's order, so the talon stays one sequence), or
    reserve piles (Giza: every card left lies on them, and nothing is ever dealt onto them).
    Not a waste that keeps only the last card drawn (a draw takes a card out of play), nor a
    table of more places than the core packs (the 10-row pyramid's 55, two decks)."""
    if profile.geometry.size != PYRAMID_SIZE:
        return False
    limit = profile.max_recycles
    if profile.waste_piles > 1 or (limit is not None and limit > _MAX_RECYCLES):
        return False
    if profile.waste_keeps == WASTE_KEEPS_LAST:
        return False
    return (
        profile.draw_count == 1
        or profile.reserves > 0
        or (profile.waste_play == WASTE_TOP and not profile.stock_top_playable)
    )


def fast_verdict(game: Game) -> tuple[int, bool] | None:
    """(the most pyramid places that can end empty, whether the position can be won) for
    ``game``'s position, as ``solve(game, shortest=False)`` gives them; None when the profile
    is one the core does not support (see :func:`supports`): then use :mod:`pyramide.solver`."""
    if not supports(game.profile):
        return None
    most, winnable, _ = _solve(game)
    return int(most), bool(winnable)


def _solve(game: Game) -> tuple[int, bool, int]:
    """:func:`_search` on ``game``'s position, with the arrays it needs (the work rows, at
    least as long as :data:`_MAX_STEPS`, and the bound cache)."""
    start, table = _problem(game)
    work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
    bounds = np.zeros((2, 1 << 16), np.int64)
    return _search(start, table, work, bounds)


def warm_up() -> float:
    """Compile the core, or load it from numba's on-disk cache, and return the seconds it took.
    The first call of :func:`fast_verdict` in a process pays this; timing it apart keeps it
    out of the solving times."""
    begun = time.perf_counter()
    _solve(Game(Layout((None,) * PYRAMID_SIZE)))
    return time.perf_counter() - begun
