"""The compiled core's twins of the reference's functions give the reference's answers.

numba cannot call the reference's Python, so the compiled core repeats its logic; each repeated
function names its twin in its docstring. The verdicts and shortest lines
(``test_fast_solver.py``, ``test_fast_shortest.py``) would catch most slips, but a bound that
is merely looser, or a cache key that merges too little, changes no verdict, only the speed.
So each twin is compared here with the reference on the same positions: every position a
breadth-first walk of the A*'s steps meets from mid-game deals of every profile of the
one-sequence talon (the steps, their costs and the A* bound are compared in
``test_fast_shortest.py``). Skipped without numba.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from pyramide import PROFILES, Game
from pyramide.layout import PYRAMID_SIZE
from pyramide.solver.exact import _nth_lowest, _Search
from pyramide.solver.fast_bounds import _prospects
from pyramide.solver.fast_core import _MAX_STEPS, _WORK_ROWS, _decode
from pyramide.solver.fast_shortest import _costed_steps, _counted, _needs, _waste_cut
from pyramide.solver.fast_shortest import _nth_lowest as _fast_nth_lowest
from pyramide.solver.fast_steps import _free, _steps
from pyramide.solver.fast_table import _problem
from test_fast_shortest import ONE_SEQUENCE, _as_searched, _position
from test_fast_solver import MID_GAME, _played

pytestmark = pytest.mark.xdist_group("fast_solver")
"""One CI worker compiles the core (see test_fast_solver.py)."""


def _positions(game: Game, count: int) -> list[int]:
    """The first ``count`` positions a breadth-first walk of the compiled A*'s steps meets."""
    start, table = _problem(game)
    work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
    queue, seen = [start], [start]
    while queue and len(seen) < count:
        found = _costed_steps(queue.pop(0), table, work)
        for following in sorted({int(work[2, i]) for i in range(found)}):
            if following not in seen:
                seen.append(following)
                queue.append(following)
    return seen[:count]


def _twins_agree(game: Game, count: int) -> None:
    _, table = _problem(game)
    search = _Search(_as_searched(game))
    work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
    needs = np.zeros(2 * 13, np.int64)
    every_slot = (1 << len(search.talon)) - 1
    for position in _positions(game, count):
        state = _decode(position)
        pyramid, talon, boundary = state[0], state[1], state[2]
        # PyramidCards.free
        assert _free(pyramid, table) == sum(1 << i for i in search.free(pyramid)), state
        # PyramidBounds.prospects_of, with every talon card
        counts = np.zeros(16, np.int64)
        counts[: search.king + 1] = search.talon_counts(talon)
        assert _prospects(pyramid, table, counts) == search.prospects(pyramid, talon), state
        # PyramidBounds._needs
        removals, filled = _needs(pyramid, table, needs)
        expected_removals, expected_needs = search._needs(pyramid)
        found = sorted((int(entry) >> 8, int(entry) & 255) for entry in needs[:filled])
        assert (removals, found) == (expected_removals, sorted(expected_needs)), state
        # SequencePositions.waste_cut
        assert _waste_cut(position, table) == search.waste_cut(pyramid, talon, boundary), state
        # _Search._counted_slots
        assert _counted(pyramid, table) & every_slot == search._counted_slots(pyramid), state
        # _Search.steps(state, walk=True), the walk's steps (not by rank)
        if not search.by_rank:
            steps = _steps(position, table, work)
            walked = sorted(int(work[2, i]) for i in range(steps))
            expected = sorted(_position(step) for _, step in search.steps(state, walk=True))
            assert walked == expected, state


@pytest.mark.parametrize("name", ONE_SEQUENCE)
def test_the_twins_agree_in_mid_game(name: str) -> None:
    for seed in MID_GAME:
        _twins_agree(_played(PROFILES[name], seed, 10, then_draw=seed % 2 == 0), 120)


def test_the_nth_lowest_bit_is_the_reference_s() -> None:
    for mask in (1, 0b1011_0110, (1 << PYRAMID_SIZE) - 1, 1 << 23 | 1 << 5):
        for n in range(1, mask.bit_count() + 1):
            assert _fast_nth_lowest(mask, n) == _nth_lowest(mask, n)
