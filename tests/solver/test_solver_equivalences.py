"""Rule sets that must give the same verdicts, deal by deal, whatever the solver's reductions.

With unlimited recycling and only the pyramid to clear, every talon card can be brought into
play at any time, so neither the size of the stock (the app's 23 cards and a waste card, or 24
cards) nor whether the drawn card may also pair with the waste card beneath it changes how far a
deal goes. The three profiles go through different code in the solver (a waste card at the
start, the drawn-with-below pair and its draw bit), so a reduction that is unsound under one of
them shows up as a disagreement. Seed s deals the same 52 cards in the same order under each.
"""

from __future__ import annotations

import pytest
from pyramide import PROFILES, Game
from pyramide.dealcode import deal
from pyramide.solver import solve

SEEDS = range(20, 32)


@pytest.mark.parametrize("seed", SEEDS)
def test_stock_size_and_waste_pair_change_nothing_with_unlimited_recycling(seed: int) -> None:
    verdicts = set()
    for name in ("app", "stock-24", "drawn-with-waste"):
        profile = PROFILES[name]
        solution = solve(Game(deal(seed, profile), profile), shortest=False)
        verdicts.add((solution.max_removed, solution.winnable))
    assert len(verdicts) == 1, verdicts
