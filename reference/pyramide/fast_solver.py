"""A compiled core for the solver's verdict: the most pyramid cards removable, and whether the
position can be won (what ``solve(game, shortest=False)`` answers), for the profiles with one
waste pile and no reserves: one card a draw, or several with only the waste top in play (King
Tut).

It is optional (``pip install .[fast]``, which brings numba) and only a speed-up:
:mod:`pyramide.solver` stays the reference, and ``tests/solver/test_fast_solver.py`` checks that
both give the same answers. The search is the reference's (``docs/solver.md``), every
reduction kept exact, written so that numba compiles it to machine code:

- *A position is one integer* (int64, never negative): the pyramid mask (28 bits), the talon
  mask over the fixed waste-then-stock sequence (24 bits) << 28, the drawn-with-below bit << 52,
  the boundary (5 bits) << 53 and the recycles used (5 bits) << 58. The low 53 bits are the
  *key*, the high ones the *standing* (recycles << 5 | boundary): of two positions with one key,
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

Not supported (:func:`fast_verdict` returns None, and callers use :mod:`pyramide.solver`):
several waste piles, several cards a draw with more than the waste top in play, a waste that
keeps only the last card drawn (a draw then takes a card out of the talon, which the fixed
sequence has no step for), and more than 31 recycles (the five bits the position keeps for
them).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from .cards import Card
from .game import Game
from .layout import PYRAMID_SIZE, Geometry, Layout
from .profiles import (
    WASTE_DRAWN_WITH_BELOW,
    WASTE_KEEPS_LAST,
    WASTE_TOP,
    WASTE_TOP_WITH_BELOW,
    Profile,
)
from .solver import geometry_tables

_F = TypeVar("_F", bound=Callable[..., Any])

Array = npt.NDArray[np.int64]


def _jit(function: _F) -> _F:
    """Compile ``function`` in nopython mode, caching the machine code on disk (numba has no
    type stubs: the cast keeps the function's own signature for mypy)."""
    return cast(_F, njit(cache=True, nogil=True)(function))


_FALSE = ir.Constant(ir.IntType(1), 0)
"""LLVM's ``i1 false``: the bit counts below are asked of 0 too, and must then give 64."""


def _popcount(typingctx: object, value: object) -> tuple[object, Callable[..., object]]:
    def codegen(context: object, builder: Any, signature: object, args: Any) -> object:
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


def _trailing_zeros(typingctx: object, value: object) -> tuple[object, Callable[..., object]]:
    def codegen(context: object, builder: Any, signature: object, args: Any) -> object:
        return builder.cttz(args[0], _FALSE)

    return types.int64(types.int64), codegen


def _leading_zeros(typingctx: object, value: object) -> tuple[object, Callable[..., object]]:
    def codegen(context: object, builder: Any, signature: object, args: Any) -> object:
        return builder.ctlz(args[0], _FALSE)

    return types.int64(types.int64), codegen


def _null_meminfo(typingctx: object, array: Any) -> tuple[object, Callable[..., object]]:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> object:
        view = context.make_array(signature.args[0])(context, builder, value=args[0])
        view.meminfo = ir.Constant(view.meminfo.type, None)
        return view._getvalue()

    return array(array), codegen


def _prefetch_entry(
    typingctx: object, array: Any, index: object
) -> tuple[object, Callable[..., object]]:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> object:
        view = context.make_array(signature.args[0])(context, builder, value=args[0])
        pointer = builder.gep(view.data, [args[1]])
        flag = ir.IntType(32)
        kind = ir.FunctionType(ir.VoidType(), [pointer.type, flag, flag, flag])
        prefetch = builder.module.declare_intrinsic("llvm.prefetch", [pointer.type], kind)
        # a read (0), kept in every cache level (3), of data (1)
        builder.call(prefetch, [pointer, flag(0), flag(3), flag(1)])
        return context.get_dummy_value()

    return types.none(array, types.int64), codegen


def _no_code(typingctx: object, array: Any) -> tuple[object, Callable[..., object]]:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> object:
        return context.get_dummy_value()

    return types.none(array), codegen


# Operations Python's ``int`` has but numba lacks, and two on numba's reference counts, written
# as intrinsics (numba has no type stubs: the casts give their signatures as called).
_count = cast(Callable[[int], int], intrinsic(_popcount))
"""The set bits of an int64 (one ``popcnt``)."""
_low = cast(Callable[[int], int], intrinsic(_trailing_zeros))
"""The index of the lowest set bit of a non-zero int64 (one ``tzcnt``)."""
_zeros_above = cast(Callable[[int], int], intrinsic(_leading_zeros))
"""The leading zero bits of an int64 (64 for 0)."""
_unowned = cast(Callable[[Array], Array], intrinsic(_null_meminfo))
"""``array`` without its reference count (a null meminfo): numba counts the references to an
array passed to a function with two atomic operations a call, which would cost more than the
search itself; NRT_incref and NRT_decref return at once on a null pointer. The array must be
kept alive by a reference that stays counted (an argument, or a variable used later)."""
_prefetch = cast(Callable[[Array, int], None], intrinsic(_prefetch_entry))
"""Ask the processor to bring an array entry into its caches, while the code goes on: the
visited table is larger than the caches, and a position's successors are looked up there one
after the other, so their entries are asked for all at once beforehand."""
_keep_alive = cast(Callable[[Array], None], intrinsic(_no_code))
"""Nothing, but a use of ``array``: numba frees an array after its last use, so the array an
:func:`_unowned` view reads must be used after the view."""


@_jit
def _length(value: int) -> int:
    """Python's ``int.bit_length`` for a non-negative int64."""
    return 64 - _zeros_above(value)


_PYRAMID = (1 << 28) - 1
_TALON = (1 << 24) - 1
_TALON_AT, _FRESH_AT, _BOUNDARY_AT, _RECYCLES_AT = 28, 52, 53, 58
_EMPTY = -1
"""An empty slot of the visited table (no position is negative)."""
_MAX_RECYCLES = 31
_UNLIMITED = 15
"""A partner supply no rank ever exceeds (a rank has four cards)."""
_WORK_ROWS = 7
"""Rows of the work array: talon counts, the talon cards present, steps, kept positions, cuts,
the steps' moves, runs of draws."""
_MAX_STEPS = 1024
"""More than the removals of one position: at most 50 runs of draws, each with at most ten
removals, and the pyramid's own."""
_HASH = -7046029254386353131
"""0x9E3779B97F4A7C15 as an int64: Fibonacci hashing (the multiplication wraps)."""

# Rows of the game table (one int64 array, 64 columns): per place, its card's rank, the
# places on it, its partners it can be free together with, the places it lies on (directly or
# not) and the places it lies on directly; per rank, the pyramid's places of that rank, the
# talon's slots of that rank, the places of its cards (5 bits each: the place plus one) and
# which of them can be free together with which card of the partner rank (bit 4 * i + j); per
# talon slot, its card's rank and (reserve piles) the slots above it in its pile; and the rules.
_RANK, _COVER, _REACH, _UNDER, _PARENTS = range(5)
_RANK_MASK, _TALON_MASK, _PLACES, _COMPATIBLE, _TALON_RANK, _RULES, _ABOVE = range(5, 12)
# and, from row _COVERED on, what the cards of each 7 places lie on (see :func:`_free`)
_COVERED, _CHUNK = 12, 7
_COLUMNS = 64
# entries of the rules row
_KING, _TOTAL, _STRICT, _LIMIT, _TALON_PAIRS, _NEEDS_DRAW, _STOCK_TOP, _COVERING = range(8)
_BY_RANK, _MEETS, _DRAW, _STANDING_AT, _RESERVES = 8, 9, 10, 11, 12


@_jit
def _position(pyramid: int, talon: int, boundary: int, recycles: int) -> int:
    """A position right after a removal (never a fresh draw)."""
    return pyramid | talon << _TALON_AT | boundary << _BOUNDARY_AT | recycles << _RECYCLES_AT


@_jit
def _matching(lows: int, highs: int, compatible: int) -> int:
    """The largest number of disjoint pairs, one card of ``lows`` and one of ``highs`` (4-bit
    masks over the cards of two ranks), that can be free together (``compatible``: bit
    4 * i + j for low card i and high card j). By König's theorem it is |lows| less the largest
    deficiency |T| - |N(T)| over the subsets T of ``lows``, N(T) being the highs some card of T
    can be free with: at most 16 subsets."""
    deficiency = 0
    subset = lows
    while subset:
        reachable = 0
        rest = subset
        while rest:
            reachable |= compatible >> 4 * _low(rest) & 15
            rest &= rest - 1
        deficiency = max(deficiency, _count(subset) - _count(reachable & highs))
        subset = (subset - 1) & lows
    return _count(lows) - deficiency


@_jit
def _self_pairs(cards: int, compatible: int) -> int:
    """The largest number of disjoint pairs of ``cards`` (a 4-bit mask over the cards of the
    rank that pairs with itself) that can be free together: two if all four can, paired off
    one way or another, else one if two can."""
    if cards == 15:
        for a, b, c, d in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
            if compatible >> 4 * a + b & 1 and compatible >> 4 * c + d & 1:
                return 2
    rest = cards
    while rest:
        i = _low(rest)
        rest &= rest - 1
        if compatible >> 4 * i & rest:
            return 1
    return 0


@_jit
def _of_rank(live: int, places: int) -> int:
    """The cards of a rank among the places ``live``, as a 4-bit mask over the rank's cards
    (``places``: 5 bits a card, its place plus one, 0 for none)."""
    cards = 0
    for k in range(4):
        place = (places >> 5 * k & 31) - 1
        if place >= 0 and live >> place & 1:
            cards |= 1 << k
    return cards


@_jit
def _prospects(pyramid: int, game: Array, counts: Array) -> tuple[int, bool]:
    """The reference's ``PyramidBounds.prospects_of``: an upper bound on the pyramid places
    that can end empty, and whether a win is left, given how many talon cards of each rank can
    still come into play (``counts``, by rank).

    Dead cards: a card with no talon partner and no live pyramid partner it can be free with
    never leaves, nor does any card it lies on; repeating until nothing changes marks only
    cards that stay. Pairs: of ranks r and t - r (a and b live pyramid cards, ta and tb talon
    cards), with m pyramid pairs free together, at most 2m + min(a - m, tb) + min(b - m, ta)
    leave (the reference tries every matching; this grows with m, as a pair more adds two and
    costs at most two, so the largest matching gives the most); of a rank that pairs with
    itself, 2m + min(a - 2m, ta). The strict win also needs each pair of ranks to balance."""
    king, total, meets = game[_RULES, _KING], game[_RULES, _TOTAL], game[_RULES, _MEETS]
    lonely = 0
    for rank in range(1, king):
        if not counts[total - rank]:
            lonely |= game[_RANK_MASK, rank]
    lonely &= pyramid
    live = pyramid
    changed = True
    while changed:
        changed = False
        rest = lonely & live
        while rest:
            i = _low(rest)
            rest &= rest - 1
            if live >> i & 1 and not game[_REACH, i] & live:
                live &= ~(1 << i | game[_UNDER, i])
                changed = True
    most = PYRAMID_SIZE - _count(pyramid) + _count(live & game[_RANK_MASK, king])
    balanced = True
    for low in range(1, total // 2 + 1):
        high = total - low
        lows = _of_rank(live, game[_PLACES, low])
        a, talon_low = _count(lows), counts[low]
        compatible = game[_COMPATIBLE, low]
        if low == high:
            matched = _self_pairs(lows, compatible)
            most += 2 * matched + min(a - 2 * matched, talon_low)
            balanced = balanced and (a + talon_low) % 2 == 0 and (meets or talon_low <= a)
            continue
        highs = _of_rank(live, game[_PLACES, high])
        b, talon_high = _count(highs), counts[high]
        matched = _matching(lows, highs, compatible)
        most += 2 * matched + min(a - matched, talon_high) + min(b - matched, talon_low)
        balanced = balanced and a + talon_low == b + talon_high
        balanced = balanced and (meets or (talon_low <= b and talon_high <= a))
    return most, most == PYRAMID_SIZE and (not game[_RULES, _STRICT] or balanced)


@_jit
def _waste_meets(position: int, game: Array) -> bool:
    """Whether two cards already in the waste may still pair, in the last round: at any time
    under top-with-below; under drawn-with-below only if the last move drew the waste top."""
    anytime = game[_RULES, _TALON_PAIRS] != 0 and game[_RULES, _NEEDS_DRAW] == 0
    return anytime or position >> _FRESH_AT & 1 == 1


@_jit
def _waste_cut(position: int, game: Array) -> int:
    """The reference's ``waste_cut``, in the last round, made tighter: going down the waste from
    its top, the slot of the first card j such that the cards from the top down to j (S) count
    more cards of some rank than could ever take them away; -1 if none. One of the cards of S
    then stays for good, so every card beneath j stays beneath (no recycle is left).

    What can take a card of S away: a pyramid card of the partner rank (a King goes alone)
    and, when two talon cards may pair, a stock card of it (drawn onto it, or the stock top
    with it on the waste top), and, only if waste cards may still pair with each other (see
    :func:`_waste_meets`), a card of S or the card i just beneath j. No card further down: it
    can meet a card of S only once i has gone, and i goes as the waste top, after all of S
    above it, or as the card beneath the waste top, with the card of S above it. (The reference
    counts every talon card, and its cut is lower, or none.) A rank that pairs with itself has
    no limit when two cards of it lie in S or just beneath; else its partners are the
    pyramid's and, when two talon cards may pair, the stock's. Nothing beneath j counts, so
    the cut is the same once those cards are dropped (:func:`_loose`). The demand, and the
    cards of S and i, are counted 4 bits a rank."""
    pyramid = position & _PYRAMID
    talon = position >> _TALON_AT & _TALON
    waste = talon & ((1 << (position >> _BOUNDARY_AT & 31)) - 1)
    stock = talon & ~waste
    king, total, meets = game[_RULES, _KING], game[_RULES, _TOTAL], game[_RULES, _MEETS]
    among_waste = meets and _waste_meets(position, game)
    seen = 1 << 4 * game[_TALON_RANK, _length(waste) - 1] if among_waste and waste else 0
    demand = 0
    cut = -1
    while waste:
        j = _length(waste) - 1
        rank = game[_TALON_RANK, j]
        waste &= ~(1 << j)
        if among_waste and waste:
            seen += 1 << 4 * game[_TALON_RANK, _length(waste) - 1]  # the card beneath j
        demand += 1 << 4 * rank
        if rank == king:
            continue
        partner = total - rank
        supply = _count(pyramid & game[_RANK_MASK, partner])
        if meets:
            supply += _count(stock & game[_TALON_MASK, partner])
        if among_waste and partner != rank:
            supply += seen >> 4 * partner & 15
        elif among_waste and seen >> 4 * rank & 15 >= 2:
            supply = _UNLIMITED
        if demand >> 4 * rank & 15 > supply:
            cut = j
            waste = 0
    return cut


@_jit
def _outlook(
    position: int, cut: bool, game: Array, counts: Array, known: Array
) -> tuple[int, bool]:
    """The reference's ``outlook`` for a :func:`_loose` position: :func:`_prospects` with its
    talon cards (all that can still come into play), the strict win lost if the last round
    has a cut (a card at or above it stays).

    :func:`_prospects` depends on the pyramid and the talon's counts only, which many positions
    share: ``known`` keeps its answers, direct-mapped (row 0 the keys: the pyramid and 3 bits a
    rank but the top one, which no bound reads; row 1 the answers plus one, 0 for none), as the
    reference caches them."""
    pyramid = position & _PYRAMID
    talon = position >> _TALON_AT & _TALON
    king = game[_RULES, _KING]
    key = pyramid
    for rank in range(1, king + 1):
        count = _count(talon & game[_TALON_MASK, rank])
        counts[rank] = count
        if rank < king:
            key = key << 3 | count
    mixed = key * _HASH
    slot = (mixed ^ mixed >> 29) & (known.shape[1] - 1)
    if not known[1, slot] or known[0, slot] != key:
        most, winnable = _prospects(pyramid, game, counts)
        known[0, slot] = key
        known[1, slot] = 1 + (most << 1 | (1 if winnable else 0))
    answer = known[1, slot] - 1
    return answer >> 1, answer & 1 == 1 and not (cut and game[_RULES, _STRICT])


@_jit
def _loose(position: int, game: Array) -> tuple[int, bool]:
    """The one position the walk keeps for ``position`` (the reference's ``loose`` and
    ``key``), and whether the last round has a waste cut.

    Limited recycling, last round: without the waste beneath the cut (those cards never leave,
    never pair with a card that leaves and stay beneath, so the future is the same).
    Unlimited recycling: the boundary is dropped (draws and recycles reach every one), and,
    unless two talon cards may pair under the strict win, the talon is kept as counts of each
    rank (any of its cards can be brought into play with any free pyramid card), written as the
    lowest slots of each rank; without the strict win, a rank's count is capped at the pyramid
    cards it pairs with (one more can never be used, and a talon with more cards reaches all
    the pyramids one with fewer does), and talon Kings are dropped (they free no place)."""
    pyramid = position & _PYRAMID
    limit = game[_RULES, _LIMIT]
    if limit >= 0:
        cut = _waste_cut(position, game) if position >> _RECYCLES_AT >= limit else -1
        return position & ~(((1 << cut) - 1 if cut > 0 else 0) << _TALON_AT), cut >= 0
    if game[_RULES, _DRAW] > 1 or game[_RULES, _RESERVES]:
        return position, False
    talon = position >> _TALON_AT & _TALON
    if game[_RULES, _BY_RANK]:
        king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
        kept = 0
        for rank in range(1, king + 1):
            wanted = _count(talon & game[_TALON_MASK, rank])
            if not game[_RULES, _STRICT]:
                useful = _count(pyramid & game[_RANK_MASK, total - rank]) if rank < king else 0
                wanted = min(wanted, useful)
            slots = game[_TALON_MASK, rank]
            for _ in range(wanted):
                kept |= slots & -slots
                slots &= slots - 1
        talon = kept
    return _position(pyramid, talon, _length(talon), 0), False


@_jit
def _uncovered(cards: int, row: int, game: Array) -> int:
    """The cards of ``cards`` (a mask) with none of ``cards`` on them, ``game[row]`` giving
    what lies on each: the free pyramid places (``_COVER``), the reserve piles' tops
    (``_ABOVE``)."""
    found = 0
    rest = cards
    while rest:
        i = _low(rest)
        rest &= rest - 1
        if not cards & game[row, i]:
            found |= 1 << i
    return found


@_jit
def _free(pyramid: int, game: Array) -> int:
    """The free places: present, with no card of the next row on them. The places the cards
    lie on are read from a table, for each 7 places, by which of them are present (four
    lookups, not a loop over the cards: this runs for every position expanded)."""
    covered = 0
    for chunk in range(PYRAMID_SIZE // _CHUNK):
        entry = chunk << _CHUNK | pyramid >> _CHUNK * chunk & (1 << _CHUNK) - 1
        covered |= game[_COVERED + (entry >> 6), entry & 63]
    return pyramid & ~covered


@_jit
def _decode(position: int) -> tuple[int, int, int, int, bool]:
    """(pyramid, talon, boundary, recycles used, whether the last move was a draw)."""
    return (
        position & _PYRAMID,
        position >> _TALON_AT & _TALON,
        position >> _BOUNDARY_AT & 31,
        position >> _RECYCLES_AT,
        position >> _FRESH_AT & 1 == 1,
    )


@_jit
def _pyramid_moves(position: int, game: Array, work: Array) -> tuple[int, int]:
    """The removals of pyramid cards alone into ``work[2]``, one move each in ``work[5]``, and
    the free places: (how many, free), or (-1, free) when a free pyramid King goes at once, alone
    (not right after a draw under drawn-with-below: that draw's pair would be lost), as in
    every search; the position without it reaches all the one with it does."""
    out, costs = work[2], work[5]
    pyramid, talon, boundary, recycles, fresh = _decode(position)
    free = _free(pyramid, game)
    kings = free & game[_RANK_MASK, game[_RULES, _KING]]
    kept = _position(0, talon, boundary, recycles)
    if kings and not fresh:
        out[0], costs[0] = (pyramid & ~(kings & -kings)) | kept, 1
        return -1, free
    found = _pyramid_steps(pyramid, free, kept, game, out)
    for step in range(found):
        costs[step] = 1
    return found, free


@_jit
def _pyramid_steps(pyramid: int, free: int, kept: int, game: Array, out: Array) -> int:
    """The removals of pyramid cards alone into ``out`` (``kept``: the rest of the position),
    how many: free Kings, pairs of free cards and, under the covering-pair switch, a card with
    the only card left on it."""
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    found = 0
    rest = free
    while rest:
        i = _low(rest)
        rest &= rest - 1
        if game[_RANK, i] == king:
            out[found] = (pyramid & ~(1 << i)) | kept
            found += 1
            continue
        partners = rest & game[_RANK_MASK, total - game[_RANK, i]]
        while partners:
            j = _low(partners)
            partners &= partners - 1
            out[found] = (pyramid & ~(1 << i) & ~(1 << j)) | kept
            found += 1
    rest = free if game[_RULES, _COVERING] else 0
    while rest:
        top = _low(rest)
        rest &= rest - 1
        below = pyramid & game[_PARENTS, top]
        while below:
            i = _low(below)
            below &= below - 1
            only = pyramid & game[_COVER, i] == 1 << top
            if only and game[_RANK, i] + game[_RANK, top] == total:
                out[found] = (pyramid & ~(1 << i) & ~(1 << top)) | kept
                found += 1
    return found


@_jit
def _run(k: int, before: int, recycled: int, after: int) -> int:
    """A run of draws packed in one int64 (see :func:`_runs`)."""
    return k | before << 8 | recycled << 16 | after << 24


@_jit
def _runs(
    present: Array,
    size: int,
    in_waste: int,
    recycles: int,
    stop_at_king: bool,
    game: Array,
    runs: Array,
) -> int:
    """The reference's ``_reachable_boundaries`` into ``runs``, how many: each boundary draws
    can bring (k of the ``size`` talon cards left, ``present``, in the waste), with the
    shortest run that does it, packed by :func:`_run` (k, draws, recycled, draws after it).

    Forward, each draw in turn (a draw turns ``_DRAW`` cards; under the playable stock top, not
    the last draw: with the stock drawn out the waste top alone is in play, and it was the
    stock top one draw before). With a recycle left, round again: to each boundary below the
    waste top (and, under drawn-with-below, back to it, to pair it freshly drawn with the card
    beneath), and, when a draw turns several cards, to every boundary the draws from the
    recycled stock bring that the forward draws miss (they land on other cards). Just after the
    recycle (the waste empty) only the stock top is in play, so only under its switch.

    With ``stop_at_king`` no run goes past the boundary where a talon King comes into play (the
    walks; A* under the playable stock top: see the reference's ``_talon_king_step``)."""
    king, limit = game[_RULES, _KING], game[_RULES, _LIMIT]
    stock_top_playable = game[_RULES, _STOCK_TOP]
    per = game[_RULES, _DRAW]
    shift = 0 if stock_top_playable else 1
    last = size - stock_top_playable
    stopped = False
    if stop_at_king:
        for k in range(max(in_waste - shift, 0) + shift, last + 1):
            if game[_TALON_RANK, present[k - shift]] == king:
                last, stopped = k, True
                break
    runs[0] = _run(in_waste, 0, 0, 0)
    found, k = 1, in_waste
    while k < last:
        k = min(k + per, last)
        runs[found] = _run(k, found, 0, 0)  # (the found-th run is found draws long)
        found += 1
    if stopped or not in_waste or 0 <= limit <= recycles:
        return found
    emptied = (size - in_waste + per - 1) // per  # the draws that empty the stock
    again = in_waste if game[_RULES, _NEEDS_DRAW] and not stock_top_playable else in_waste - 1
    if per > 1:
        again = size - 1
    if stop_at_king:
        for k in range(0, again - shift + 1):
            if game[_TALON_RANK, present[k]] == king:
                again = k + shift
                break
    for draws in range(shift, again + 1):
        k = min(per * draws, size)
        if k > again:
            break
        if k >= in_waste and (k - in_waste) % per == 0 and (k > in_waste or per > 1):
            continue  # (the forward draws reach it, and sooner)
        runs[found] = _run(k, emptied, 1, draws)
        found += 1
    return found


@_jit
def _talon_steps(
    position: int, free: int, stop_at_king: bool, game: Array, work: Array, found: int
) -> int:
    """The removals of talon cards after each run of draws (and recycle) that brings them into
    play, appended to ``work[2]`` (and their moves to ``work[5]``: the run's draws and recycle,
    plus the removal) from entry ``found`` on; how many steps there are then: by
    :func:`_forward_steps` when the stock only goes forward and only the waste top is in play,
    else by :func:`_run_steps`. Both give the same steps in the same order there (a test checks
    it); the first, on a strict single pass, takes a third of the time."""
    forward = game[_RULES, _DRAW] == 1 and not game[_RULES, _STOCK_TOP]
    if forward and 0 <= game[_RULES, _LIMIT] <= position >> _RECYCLES_AT:
        return _forward_steps(position, free, stop_at_king, game, work, found)
    return _run_steps(position, free, stop_at_king, game, work, found)


@_jit
def _playable(free: int, game: Array) -> int:
    """The ranks (a mask) of the talon cards that can leave in play: Kings, and the partners of
    the ``free`` pyramid cards."""
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    playable: int = 1 << king
    rest = free
    while rest:
        i = _low(rest)
        rest &= rest - 1
        if game[_RANK, i] < king:
            playable |= 1 << (total - game[_RANK, i])
    return playable


@_jit
def _run_steps(
    position: int, free: int, stop_at_king: bool, game: Array, work: Array, found: int
) -> int:
    """:func:`_talon_steps` under any switch, by the runs of :func:`_runs`. ``work[1]`` and
    ``work[6]`` are scratch.

    Boundary k (k of the talon cards left in the waste) brings the stock top present[k] into
    play under its switch, the waste top present[k - 1] otherwise. Under the playable stock top,
    past the first boundary only the stock top's removals are tried (the waste top was the stock
    top one draw before, one move cheaper)."""
    total = game[_RULES, _TOTAL]
    limit = game[_RULES, _LIMIT]
    stock_top_playable = game[_RULES, _STOCK_TOP]
    needs_draw = game[_RULES, _NEEDS_DRAW]
    present, out, costs, runs = work[1], work[2], work[5], work[6]
    pyramid, talon, boundary, recycles, fresh = _decode(position)
    playable = _playable(free, game)
    size = 0
    in_waste = 0
    rest = talon
    while rest:
        present[size] = _low(rest)
        in_waste += present[size] < boundary
        size += 1
        rest &= rest - 1
    for run in range(_runs(present, size, in_waste, recycles, stop_at_king, game, runs)):
        k, before = runs[run] & 255, runs[run] >> 8 & 255
        recycled, after = runs[run] >> 16 & 255, runs[run] >> 24
        here = run == 0
        drew = after > 0 if recycled else before > 0 or fresh
        used = recycles + recycled if limit >= 0 else 0
        cost = before + recycled + after + 1
        top = present[k - 1] if k > 0 else -1
        below = present[k - 2] + 1 if k >= 2 else 0
        for which in range(2):
            if which == 0:  # the stock top, then its pair with the waste top
                if not stock_top_playable or k >= size:
                    continue
                card, boundary_after = present[k], top + 1
                other, beneath = top, below
            else:  # the waste top, then its pair with the card beneath
                if top < 0 or not (here or not stock_top_playable):
                    continue
                card, boundary_after = top, below
                other = present[k - 2] if k >= 2 else -1
                beneath = present[k - 3] + 1 if k >= 3 else 0
                if not game[_RULES, _TALON_PAIRS] or not (drew or not needs_draw):
                    other = -1
            rank = game[_TALON_RANK, card]
            if playable >> rank & 1:
                alone = pyramid | _position(0, talon & ~(1 << card), boundary_after, used)
                found = _leaving(alone, rank, free, cost, game, work, found)
            if other >= 0 and game[_TALON_RANK, other] + rank == total:
                both = talon & ~(1 << card) & ~(1 << other)
                out[found], costs[found] = _position(pyramid, both, beneath, used), cost
                found += 1
    return found


@_jit
def _leaving(
    alone: int, rank: int, free: int, cost: int, game: Array, work: Array, found: int
) -> int:
    """The removals of a talon card of ``rank`` in play (``alone``: the position without it),
    appended to ``work[2]`` at ``cost`` moves each (``work[5]``) from entry ``found`` on; how
    many steps there are then: alone if a King, else with each ``free`` pyramid partner."""
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    out, costs = work[2], work[5]
    if rank == king:
        out[found], costs[found] = alone, cost
        return found + 1
    partners = free & game[_RANK_MASK, total - rank]
    while partners:
        out[found], costs[found] = alone & ~(partners & -partners), cost
        found += 1
        partners &= partners - 1
    return found


@_jit
def _forward_steps(
    position: int, free: int, stop_at_king: bool, game: Array, work: Array, found: int
) -> int:
    """:func:`_talon_steps` when the stock only goes forward, one card a draw, and only the
    waste top is in play (no recycle left, the stock top not playable), in one pass up the
    talon: the waste top, then each stock card as a draw makes it the waste top, with the
    card beneath it (``beneath``) and the one beneath that (``third``), the run's cost one
    move a draw plus the removal. The steps of :func:`_run_steps`, without building its runs
    (on a strict single pass, that took a third of the search's time)."""
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    out, costs = work[2], work[5]
    pyramid, talon, boundary, recycles, fresh = _decode(position)
    playable = _playable(free, game)
    pairs = game[_RULES, _TALON_PAIRS] != 0
    needs_draw = game[_RULES, _NEEDS_DRAW] != 0
    waste = talon & ((1 << boundary) - 1)
    stock = talon ^ waste
    card = _length(waste) - 1
    beneath = _length(waste & ~(1 << card)) - 1 if card >= 0 else -1
    third = _length(waste & ((1 << beneath) - 1)) - 1 if beneath >= 0 else -1
    cost, drew = 1, fresh
    while True:
        if card >= 0:
            rank = game[_TALON_RANK, card]
            if playable >> rank & 1:
                alone = pyramid | _position(0, talon & ~(1 << card), beneath + 1, recycles)
                found = _leaving(alone, rank, free, cost, game, work, found)
            if (
                pairs
                and (drew or not needs_draw)
                and beneath >= 0
                and game[_TALON_RANK, beneath] + rank == total
            ):
                both = talon & ~(1 << card) & ~(1 << beneath)
                out[found], costs[found] = _position(pyramid, both, third + 1, recycles), cost
                found += 1
            if stop_at_king and rank == king:
                return found
        if not stock:
            return found
        third, beneath, card = beneath, card, _low(stock)
        stock &= stock - 1
        cost += 1  # one draw more
        drew = True


@_jit
def _reserve_steps(position: int, free: int, game: Array, work: Array, found: int) -> int:
    """The removals of reserve cards, appended to ``work[2]`` (one move each in ``work[5]``)
    from entry ``found`` on; how many steps there are then: each pile's top card alone if a
    King, with each free pyramid partner, and with each other top it pairs with."""
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    out, costs = work[2], work[5]
    pyramid = position & _PYRAMID
    talon = position >> _TALON_AT & _TALON
    tops = _uncovered(talon, _ABOVE, game)
    rest = tops
    while rest:
        card = _low(rest)
        rest &= rest - 1
        rank = game[_TALON_RANK, card]
        alone = pyramid | (talon & ~(1 << card)) << _TALON_AT
        if rank == king:
            out[found], costs[found] = alone, 1
            found += 1
            continue
        partners = free & game[_RANK_MASK, total - rank]
        while partners:
            out[found], costs[found] = alone & ~(partners & -partners), 1
            found += 1
            partners &= partners - 1
        others = rest & game[_TALON_MASK, total - rank]
        while others:
            out[found], costs[found] = alone & ~((others & -others) << _TALON_AT), 1
            found += 1
            others &= others - 1
    return found


@_jit
def _steps(position: int, game: Array, work: Array) -> int:
    """The reference's ``steps(state, walk=True)`` into ``work[2]``, how many: every removal
    reachable by a run of draws, after the shortest such run (forward, or through one recycle).

    A free pyramid King goes at once (not right after a draw, under drawn-with-below: that
    draw's pair would be lost); with one card a draw, so does a talon King in play (the waste
    top, or the playable stock top but right after a draw under drawn-with-below), and no run
    of draws passes a King. The position without a King reaches all that the one with it does
    (docs/solver.md). With several cards a draw, a talon card fewer changes which cards the
    next draws turn up: a talon King waits for a step that takes it."""
    king = game[_RULES, _KING]
    stock_top_playable = game[_RULES, _STOCK_TOP]
    single = game[_RULES, _DRAW] == 1
    out = work[2]
    found, free = _pyramid_moves(position, game, work)
    if found < 0:  # a free pyramid King, alone
        return 1
    pyramid, talon, boundary, recycles, fresh = _decode(position)
    if game[_RULES, _RESERVES]:
        tops = _uncovered(talon, _ABOVE, game)
        kings = tops & game[_TALON_MASK, king]
        if kings:  # a reserve King goes at once: it only puts the card beneath it in play
            out[0] = _position(pyramid, talon & ~(kings & -kings), 0, 0)
            return 1
        return _reserve_steps(position, free, game, work, found)
    waste = talon & ((1 << boundary) - 1)
    stock = talon ^ waste
    top = _length(waste) - 1
    if single and waste and game[_TALON_RANK, top] == king:
        rest = waste & ~(1 << top)
        out[0] = _position(pyramid, talon & ~(1 << top), _length(rest), recycles)
        return 1
    if single and stock_top_playable and stock and not (fresh and game[_RULES, _NEEDS_DRAW]):
        stock_top = _low(stock)
        if game[_TALON_RANK, stock_top] == king:
            out[0] = _position(pyramid, talon & ~(1 << stock_top), _length(waste), recycles)
            return 1
    return _talon_steps(position, free, single, game, work, found)


@_jit
def _rank_steps(position: int, game: Array, out: Array) -> int:
    """The reference's ``walk_steps`` when the walk keeps the talon as counts (unlimited
    recycling): a free pyramid King at once, pyramid removals, and one removal per rank of talon
    card with each free partner, the lowest slot of the rank standing for all (which card of a
    rank goes does not matter to what follows). Talon Kings only under the strict win (they
    free no place); two talon cards never pair here (this walk is not used when that matters)."""
    king, total = game[_RULES, _KING], game[_RULES, _TOTAL]
    pyramid = position & _PYRAMID
    talon = position >> _TALON_AT & _TALON
    free = _free(pyramid, game)
    kings = free & game[_RANK_MASK, king]
    kept = talon << _TALON_AT
    if kings:
        out[0] = (pyramid & ~(kings & -kings)) | kept
        return 1
    found = _pyramid_steps(pyramid, free, kept, game, out)
    for rank in range(1, king + 1):
        cards = talon & game[_TALON_MASK, rank]
        without = pyramid | (talon & ~(cards & -cards)) << _TALON_AT
        if cards and rank == king and game[_RULES, _STRICT]:
            out[found] = without
            found += 1
        partners = free & game[_RANK_MASK, total - rank] if cards and rank < king else 0
        while partners:
            out[found] = without & ~(partners & -partners)
            found += 1
            partners &= partners - 1
    return found


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
    reference's first walk does. The start goes through the same loop as the successors."""
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


@cache
def _shape(geometry: Geometry, covering: bool) -> tuple[tuple[int, ...], ...]:
    """Per place of ``geometry``: the places on it, the places it lies on (directly or not),
    the places it lies on directly, and the places whose card can never be free at the same
    time as its card (under the covering-pair switch, a direct neighbour can)."""
    tables = geometry_tables(geometry)
    size = range(PYRAMID_SIZE)
    parents = tuple(sum(1 << j for j in size if tables.cover_masks[j] >> i & 1) for i in size)
    apart = tuple(
        (tables.cones[i] | tables.under[i]) & ~(tables.direct[i] if covering else 0) for i in size
    )
    return tables.cover_masks, tables.under, parents, apart


@cache
def _covered_rows(geometry: Geometry) -> Array:
    """The game table's rows from :data:`_COVERED` on (see :func:`_free`): what the cards of
    each 7 places lie on, by which of them are present. Read only; the table gets a copy."""
    parents = _shape(geometry, False)[2]
    covered = np.zeros(PYRAMID_SIZE // _CHUNK << _CHUNK, np.int64)
    for entry in range(len(covered)):
        first = (entry >> _CHUNK) * _CHUNK
        for i in range(_CHUNK):
            if entry >> i & 1:
                covered[entry] |= parents[first + i]
    covered.flags.writeable = False
    return covered.reshape(-1, _COLUMNS)


def _problem(game: Game) -> tuple[int, Array]:
    """The arguments of :func:`_search` for ``game``'s position: the start position and the
    game table (see its rows above), built as lists (setting numpy entries one by one would
    take longer than most searches)."""
    profile = game.profile
    deck = profile.deck_cards
    king, total = deck.top_rank, deck.target
    covers, under, parents, apart = _shape(profile.geometry, profile.pairs_with_covering_card)
    table = [[0] * _COLUMNS for _ in range(_COVERED)]
    ranks = [card.rank if card else 0 for card in game.pyramid]
    places: list[list[int]] = [[] for _ in range(king + 1)]
    rank_mask, packed = table[_RANK_MASK], table[_PLACES]
    for i, rank in enumerate(ranks):
        if rank:
            rank_mask[rank] |= 1 << i
            packed[rank] |= i + 1 << 5 * len(places[rank])
            places[rank].append(i)
    for low in range(1, total // 2 + 1):
        for k, i in enumerate(places[low]):
            for m, j in enumerate(places[total - low]):
                if i != j and not apart[i] >> j & 1:
                    table[_COMPATIBLE][low] |= 1 << 4 * k + m
    table[_RANK][:PYRAMID_SIZE] = ranks
    table[_COVER][:PYRAMID_SIZE] = covers
    table[_UNDER][:PYRAMID_SIZE] = under
    table[_PARENTS][:PYRAMID_SIZE] = parents
    for i, rank in enumerate(ranks):
        if 0 < rank < king:
            table[_REACH][i] = rank_mask[total - rank] & ~(1 << i) & ~apart[i]
    talon = talon_cards(game)
    for slot, card in enumerate(talon):
        table[_TALON_RANK][slot] = card.rank
        table[_TALON_MASK][card.rank] |= 1 << slot
    first = 0
    for pile in game.reserves:
        for slot in range(first, first + len(pile)):
            table[_ABOVE][slot] = (1 << first + len(pile)) - (2 << slot)
        first += len(pile)
    limited = profile.max_recycles is not None
    reserves = bool(profile.reserves)
    meets = profile.waste_play != WASTE_TOP or profile.stock_top_playable or reserves
    needs_draw = searched_waste_play(game) == WASTE_DRAWN_WITH_BELOW
    rules = {
        _KING: king,
        _TOTAL: total,
        _STRICT: profile.strict_win,
        _LIMIT: profile.max_recycles if profile.max_recycles is not None else -1,
        _TALON_PAIRS: profile.waste_play != WASTE_TOP,
        _NEEDS_DRAW: needs_draw,
        _STOCK_TOP: profile.stock_top_playable,
        _COVERING: profile.pairs_with_covering_card,
        _BY_RANK: not limited
        and not (meets and profile.strict_win)
        and profile.draw_count == 1
        and not reserves,
        _MEETS: meets,
        _DRAW: profile.draw_count,
        _STANDING_AT: _BOUNDARY_AT if profile.draw_count == 1 and not reserves else _RECYCLES_AT,
        _RESERVES: reserves,
    }
    for entry, value in rules.items():
        table[_RULES][entry] = int(value)
    start = (
        sum(rank_mask[1:])
        | ((1 << len(talon)) - 1) << _TALON_AT
        | (game.fresh_draw and needs_draw) << _FRESH_AT
        | len(game.waste) << _BOUNDARY_AT
        | (game.recycles if limited else 0) << _RECYCLES_AT
    )
    return start, np.vstack((np.array(table, np.int64), _covered_rows(profile.geometry)))


def searched_waste_play(game: Game) -> str:
    """The waste switch the core searches ``game``'s position under: the profile's, but
    drawn-with-below for top-with-below while the waste holds at most one card (one card a
    draw, one waste pile). Both give the same most removable, the same win and the same
    shortest length (``docs/solver.md``, "Top-with-below searched as drawn-with-below"), and
    drawn-with-below has fewer positions: a waste pair is only tried right after a draw, and
    the waste cut may count fewer partners."""
    profile = game.profile
    if (
        profile.waste_play == WASTE_TOP_WITH_BELOW
        and profile.draw_count == 1
        and profile.waste_piles == 1
        and not profile.reserves
        and len(game.waste) <= 1
    ):
        return WASTE_DRAWN_WITH_BELOW
    return profile.waste_play


def talon_cards(game: Game) -> list[Card]:
    """The talon's cards in slot order: the waste from the bottom then the stock from the top
    (one sequence), or the reserve piles one after the other, each from the bottom."""
    if game.profile.reserves:
        return [card for pile in game.reserves for card in pile]
    return [*game.waste, *game.stock]


def supports(profile: Profile) -> bool:
    """Whether the core can solve positions under ``profile``: one waste pile, at most 31
    recycles, and one card a draw, or several with only the waste top in play (King Tut: a draw
    puts its cards on the waste in the stock's order, so the talon stays one sequence), or
    reserve piles (Giza: every card left lies on them, and nothing is ever dealt onto them).
    Not a waste that keeps only the last card drawn (a draw takes a card out of play)."""
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
