"""The compiled core's two ways to find the removals of talon cards must agree.

With one card a draw, the stock top not in play and no recycle left, ``_talon_steps`` walks
up the talon once (``_forward_steps``) instead of building every run of draws
(``_run_steps``, which holds under every switch). On positions met along random playouts of
whole deals, both must give the same removals after the same number of moves, in the same
order (the walks try them in that order), with no run past a talon King when asked
(the walks) and with every run (A*), under each waste switch: the waste top alone, the drawn
card with the one beneath, the waste top with the one beneath. Skipped without numba.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from pyramide import PROFILES, Game
from pyramide.dealcode import deal
from pyramide.solver.fast_core import (
    _LIMIT,
    _MAX_STEPS,
    _NEEDS_DRAW,
    _RECYCLES_AT,
    _RULES,
    _WORK_ROWS,
)
from pyramide.solver.fast_steps import _forward_steps, _free, _run_steps, _steps
from pyramide.solver.fast_table import _problem

pytestmark = pytest.mark.xdist_group("fast_solver")
"""One CI worker compiles the core (see test_fast_solver.py)."""

CASES = [
    ("single-pass", None),  # the waste top alone
    ("three-passes", None),  # the same, once its two recycles are spent
    ("classic-strict", None),  # the drawn card with the one beneath
    ("aisleriot-thirteen", 0),  # the waste top with the one beneath, whenever
]
"""(profile, the drawn-with-below entry forced to this value, or None): a fresh deal of
AisleRiot's rules is searched as drawn-with-below (``searched_waste_play``), so its own switch
is set by hand."""


def _talon_steps_both_ways(
    position: int, table: np.ndarray, stop_at_king: bool
) -> list[list[tuple[int, int]]]:
    """The steps (position, moves) each way gives, from one pyramid removal already listed."""
    found = []
    free = _free(position & ((1 << 28) - 1), table)
    for way in (_forward_steps, _run_steps):
        work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
        work[2, 0], work[5, 0] = -7, 1  # a step already there, which must stay first
        count = way(position, free, stop_at_king, table, work, 1)
        found.append(list(zip(work[2, :count].tolist(), work[5, :count].tolist(), strict=True)))
    return found


@pytest.mark.parametrize(("name", "needs_draw"), CASES)
def test_the_forward_walk_gives_the_runs_steps(name: str, needs_draw: int | None) -> None:
    profile = PROFILES[name]
    chance = random.Random(name)
    compared = 0
    for seed in range(6):
        start, table = _problem(Game(deal(seed, profile), profile))
        if needs_draw is not None:
            table[_RULES, _NEEDS_DRAW] = needs_draw
        position = start | int(table[_RULES, _LIMIT]) << _RECYCLES_AT  # no recycle left
        work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
        for _ in range(60):
            for stop_at_king in (False, True):
                forward, by_runs = _talon_steps_both_ways(position, table, stop_at_king)
                assert forward == by_runs, (name, seed, hex(position), stop_at_king)
                compared += len(forward) > 1
            count = _steps(position, table, work)
            if not count:
                break
            position = int(work[2, chance.randrange(count)])
    assert compared >= 50  # positions with talon removals were met
