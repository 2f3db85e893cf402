"""The two ways the solver finds the removals of talon cards must agree.

With only the waste top in play (no waste pair, no playable stock top), :meth:`_Search.steps`
reads the runs of draws off the talon mask (``_waste_top_steps``); under the other switches it
walks them boundary by boundary (``_run_steps``), which holds under every switch. On positions
met along random playouts of whole deals, both must give the same removals after the same
draws, in the same order, with every run (A*) and with no run past a talon King (the walks).
"""

from __future__ import annotations

import random

import pytest
from pyramide import PROFILES, Game
from pyramide.dealcode import deal
from pyramide.solver.exact import _Search
from pyramide.solver.sequence import _Edge, _State

WASTE_TOP_ONLY = ["app", "single-pass", "three-passes", "traditional", "strict-win", "stock-24"]


def _both_ways(
    search: _Search, state: _State, stop_at_king: bool
) -> tuple[list[object], list[object]]:
    present = search.present(state[1])
    in_waste = sum(1 for card in present if card < state[2])
    by_runs: list[tuple[_Edge, _State]] = []
    search._run_steps(by_runs, state, present, in_waste, stop_at_king)
    by_mask: list[tuple[_Edge, _State]] = []
    search._waste_top_steps(by_mask, state, stop_at_king)
    return list(by_runs), list(by_mask)


@pytest.mark.parametrize("name", WASTE_TOP_ONLY)
def test_waste_top_steps_match_the_runs(name: str) -> None:
    profile = PROFILES[name]
    chance = random.Random(name)
    for seed in range(6):
        search = _Search(Game(deal(seed, profile), profile))
        state = search.start
        for _ in range(40):
            for stop_at_king in (False, True):
                by_runs, by_mask = _both_ways(search, state, stop_at_king)
                assert by_runs == by_mask, (name, seed, state, stop_at_king)
            following = search.steps(state)
            if not following:
                break
            state = chance.choice(following)[1]
