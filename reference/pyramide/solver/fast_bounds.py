"""The compiled core's bounds: the upper bound on the pyramid places that can end empty (dead
cards and matchings), the waste cut, and the one position the walk keeps for a position, each
the twin of a function of the reference's (named in its docstring) that numba cannot call.
"""

from __future__ import annotations

from ..layout import PYRAMID_SIZE
from .fast_core import (
    _BOUNDARY_AT,
    _BY_RANK,
    _COMPATIBLE,
    _DRAW,
    _FRESH_AT,
    _HASH,
    _KING,
    _LIMIT,
    _MEETS,
    _NEEDS_DRAW,
    _PLACES,
    _PYRAMID,
    _RANK_MASK,
    _REACH,
    _RECYCLES_AT,
    _RESERVES,
    _RULES,
    _STRICT,
    _TALON,
    _TALON_AT,
    _TALON_MASK,
    _TALON_PAIRS,
    _TALON_RANK,
    _TOTAL,
    _UNDER,
    _UNLIMITED,
    Array,
    _count,
    _jit,
    _length,
    _low,
    _position,
)


@_jit
def _matching(lows: int, highs: int, compatible: int) -> int:
    """The largest number of disjoint pairs, one card of ``lows`` and one of ``highs`` (4-bit
    masks over the cards of two ranks), that can be free together (``compatible``: bit
    4 * i + j for low card i and high card j). By König's theorem it is |lows| less the largest
    deficiency |T| - |N(T)| over the subsets T of ``lows``, N(T) being the highs some card of T
    can be free with: at most 16 subsets.
    Twin: :meth:`pyramide.solver.bounds.PyramidBounds._pyramid_pairs` (another algorithm, the same
    number)."""
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
    one way or another, else one if two can.
    Twin: :meth:`pyramide.solver.bounds.PyramidBounds._self_pairs`."""
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
    itself, 2m + min(a - 2m, ta). The strict win also needs each pair of ranks to balance.
    Twin: :meth:`pyramide.solver.bounds.PyramidBounds.prospects_of`."""
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
    cards of S and i, are counted 4 bits a rank.
    Twin: :meth:`pyramide.solver.sequence.SequencePositions.waste_cut` (tighter: not compared)."""
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
    reference caches them. Twin: :meth:`pyramide.solver.sequence.SequencePositions.outlook`."""
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
    the pyramids one with fewer does), and talon Kings are dropped (they free no place).
    Twin: :meth:`pyramide.solver.sequence.SequencePositions.loose` and ``key``."""
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
