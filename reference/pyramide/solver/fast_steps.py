"""The compiled core's steps: the free places, the removals of pyramid cards, the runs of draws
and the removals of talon or reserve cards at their ends, each the twin of the reference's
(named in its docstring: :mod:`pyramide.solver.exact` and :mod:`pyramide.solver.talon_runs`),
written out in numba's subset of Python.
"""

from __future__ import annotations

from ..layout import PYRAMID_SIZE
from .fast_core import (
    _ABOVE,
    _CHUNK,
    _COVER,
    _COVERED,
    _COVERING,
    _DRAW,
    _KING,
    _LIMIT,
    _NEEDS_DRAW,
    _PARENTS,
    _PYRAMID,
    _RANK,
    _RANK_MASK,
    _RECYCLES_AT,
    _RESERVES,
    _RULES,
    _STOCK_TOP,
    _STRICT,
    _TALON,
    _TALON_AT,
    _TALON_MASK,
    _TALON_PAIRS,
    _TALON_RANK,
    _TOTAL,
    Array,
    _decode,
    _jit,
    _length,
    _low,
    _position,
)


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
    lookups, not a loop over the cards: this runs for every position expanded).
    Twin: :meth:`pyramide.solver.pyramid.PyramidCards.free`."""
    covered = 0
    for chunk in range(PYRAMID_SIZE // _CHUNK):
        entry = chunk << _CHUNK | pyramid >> _CHUNK * chunk & (1 << _CHUNK) - 1
        covered |= game[_COVERED + (entry >> 6), entry & 63]
    return pyramid & ~covered


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
    the only card left on it.
    Twin: the pyramid's removals in :meth:`pyramide.solver.exact._Search.steps`."""
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
    walks; A* under the playable stock top: see the reference's ``_talon_king_step``).
    Twin: :meth:`pyramide.solver.talon_runs.TalonRuns._reachable_boundaries`."""
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
    the ``free`` pyramid cards.
    Twin: :meth:`pyramide.solver.talon_runs.TalonRuns.playable_ranks`."""
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
    top one draw before, one move cheaper).
    Twin: :meth:`pyramide.solver.talon_runs.TalonRuns._run_steps`."""
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
    many steps there are then: alone if a King, else with each ``free`` pyramid partner.
    Twin: :meth:`pyramide.solver.talon_runs.TalonRuns._card_steps`."""
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
    (on a strict single pass, that took a third of the search's time).
    Twin: :meth:`pyramide.solver.talon_runs.TalonRuns._waste_top_steps`."""
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
    King, with each free pyramid partner, and with each other top it pairs with.
    Twin: the removals of reserve tops in :meth:`pyramide.solver.variant._VariantSearch.moves`."""
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
    next draws turn up: a talon King waits for a step that takes it.
    Twin: :meth:`pyramide.solver.exact._Search.steps` (``walk=True``)."""
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
    free no place); two talon cards never pair here (this walk is not used when that matters).
    Twin: :meth:`pyramide.solver.exact._Search.walk_steps`."""
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
