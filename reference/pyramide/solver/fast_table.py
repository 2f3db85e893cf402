"""The compiled core's game table: a position's cards, geometry and rules as one int64 array,
built in Python from a :class:`~pyramide.Game` (the row layout is in :mod:`.fast_core`), and
which profiles the core plays (:func:`supports`).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..cards import Card
from ..game import Game
from ..layout import PYRAMID_SIZE, Geometry
from ..profiles import (
    WASTE_DRAWN_WITH_BELOW,
    WASTE_TOP,
    WASTE_TOP_WITH_BELOW,
)
from .fast_core import (
    _ABOVE,
    _BOUNDARY_AT,
    _BY_RANK,
    _CHUNK,
    _COLUMNS,
    _COMPATIBLE,
    _COVER,
    _COVERED,
    _COVERING,
    _DRAW,
    _FRESH_AT,
    _KING,
    _LIMIT,
    _MEETS,
    _NEEDS_DRAW,
    _PARENTS,
    _PLACES,
    _RANK,
    _RANK_MASK,
    _REACH,
    _RECYCLES_AT,
    _RESERVES,
    _RULES,
    _STANDING_AT,
    _STOCK_TOP,
    _STRICT,
    _TALON_AT,
    _TALON_MASK,
    _TALON_PAIRS,
    _TALON_RANK,
    _TOTAL,
    _UNDER,
    Array,
)
from .pyramid import geometry_tables


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
