"""pyramide.solver.stats: the Wilson interval, the summary of a run, and runs in one or more
processes against the solver itself."""

from __future__ import annotations

import math

import pytest
from pyramide import PROFILES, Game
from pyramide.dealcode import deal
from pyramide.solver import solve
from pyramide.solver.stats import (
    Z_95,
    DealResult,
    StatsError,
    report,
    run,
    solve_deal,
    summarize,
    wilson_interval,
)


@pytest.mark.parametrize(("wins", "deals"), [(0, 10), (3, 10), (10, 10), (668, 1000), (1, 2)])
def test_wilson_bounds_solve_the_score_equation(wins: int, deals: int) -> None:
    """Wilson's interval is the set of p with |p̂ - p| <= z·sqrt(p(1 - p)/n): each finite end
    strictly inside (0, 1) is a root of (p̂ - p)² = z² p(1 - p)/n, and the interval holds p̂."""
    low, high = wilson_interval(wins, deals)
    observed = wins / deals
    assert 0 <= low <= observed <= high <= 1
    for end in (low, high):
        if 0 < end < 1:
            residual = (observed - end) ** 2 - Z_95**2 * end * (1 - end) / deals
            assert math.isclose(residual, 0, abs_tol=1e-12)
    assert (low == 0) == (wins == 0) and (high == 1) == (wins == deals)


def test_wilson_is_symmetric_and_narrows_with_more_deals() -> None:
    low, high = wilson_interval(30, 100)
    mirrored_low, mirrored_high = wilson_interval(70, 100)
    assert math.isclose(low, 1 - mirrored_high) and math.isclose(high, 1 - mirrored_low)
    wide, narrow = wilson_interval(30, 100), wilson_interval(3000, 10000)
    assert narrow[1] - narrow[0] < (wide[1] - wide[0]) / 5


@pytest.mark.parametrize(("wins", "deals"), [(-1, 5), (6, 5), (0, 0)])
def test_wilson_refuses_impossible_counts(wins: int, deals: int) -> None:
    with pytest.raises(StatsError):
        wilson_interval(wins, deals)


def _result(seed: int, most: int | None, shortest: int | None = None) -> DealResult:
    winnable = None if most is None else most == 28
    return DealResult(seed, most, winnable, shortest, 0.01 * (seed + 1))


def test_summary_counts_distributions_and_unresolved_deals() -> None:
    results = [_result(0, 28, 40), _result(1, 25), _result(2, 28, 44), _result(3, None)]
    summary = summarize("app", results)
    assert (summary["deals"], summary["resolved"], summary["unresolved"]) == (4, 3, 1)
    assert summary["wins"] == 2 and summary["unresolved_seeds"] == [3]
    assert summary["win_rate"] == pytest.approx(2 / 3)
    assert summary["max_removed"] == {"25": 1, "28": 2}
    assert summary["shortest_win"] == {"40": 1, "44": 1} and summary["shortest_win_median"] == 42
    # the interval must hold the rate whichever way the unresolved deal goes
    low, high = summary["ci95"]
    assert low == wilson_interval(2, 4)[0] and high == wilson_interval(3, 4)[1]
    assert low < 2 / 4 and high > 3 / 4


def test_summary_of_resolved_deals_is_the_plain_wilson_interval() -> None:
    results = [_result(seed, 28 if seed % 3 else 20) for seed in range(30)]
    summary = summarize("app", results)
    assert summary["wins"] == 20
    assert summary["ci95"] == list(wilson_interval(20, 30))


def test_a_run_agrees_with_the_solver_in_one_or_two_processes() -> None:
    profile = PROFILES["app"]
    alone = run("app", 6, first=40, shortest=False, progress=False)
    pooled = run("app", 6, first=40, jobs=2, shortest=False, progress=False)
    assert [r.seed for r in alone] == list(range(40, 46))
    for mine, theirs in zip(alone, pooled, strict=True):
        solution = solve(Game(deal(mine.seed, profile), profile), shortest=False)
        assert (mine.max_removed, mine.winnable) == (solution.max_removed, solution.winnable)
        assert (theirs.max_removed, theirs.winnable) == (mine.max_removed, mine.winnable)
        assert mine.shortest is None


def test_any_seeds_can_be_run_as_a_cache_lacks_them() -> None:
    seeds = [44, 3, 17]  # scattered and unsorted: what a resumed run is left with
    pooled = run("app", seeds, jobs=2, shortest=False, progress=False)
    assert [r.seed for r in pooled] == sorted(seeds)
    for result in pooled:
        alone = solve_deal("app", result.seed, shortest=False)
        assert (result.max_removed, result.winnable) == (alone.max_removed, alone.winnable)


def test_a_deal_over_its_time_limit_is_unresolved() -> None:
    # deal 12 of three-passes needs hundreds of thousands of positions: far over 10 ms
    result = solve_deal("three-passes", 12, shortest=False, time_limit=0.01)
    assert not result.resolved and result.max_removed is None


@pytest.mark.usefixtures("variant_clock_runs_out_after_the_start")
def test_a_deal_proven_lost_counts_as_lost_without_its_most_removable() -> None:
    # apophis 9: no win from the deal (the bounds show it at once); time runs out before its
    # most removable is proven
    lost = solve_deal("apophis", 9, shortest=False, time_limit=600)
    assert lost.resolved and lost.winnable is False and lost.max_removed is None
    summary = summarize("apophis", [lost, _result(1, 28), _result(2, 26), _result(3, None)])
    assert (summary["resolved"], summary["unresolved"], summary["wins"]) == (3, 1, 1)
    assert summary["win_rate"] == pytest.approx(1 / 3)
    assert summary["max_removed"] == {"26": 1, "28": 1} and summary["max_removed_known"] == 2
    assert summary["mean_max_removed"] == 27
    assert "without a win whose most removable was not proven in time: 1" in report(summary)


def test_shortest_lengths_are_those_of_the_full_solve() -> None:
    # deals whose full solve is quick: single-pass 23 is won (in 40 moves), 0 is not
    profile = PROFILES["single-pass"]
    for seed in (23, 0):
        result = solve_deal("single-pass", seed)
        solution = solve(Game(deal(seed, profile), profile))
        expected = len(solution.moves) if solution.winnable else None
        assert result.shortest == expected and result.winnable == solution.winnable


@pytest.mark.parametrize(
    ("profile", "deals", "first", "jobs"),
    [("nope", 5, 0, 1), ("app", 0, 0, 1), ("app", 5, -1, 1), ("app", 5, 0, 0)],
)
def test_bad_requests_are_refused(profile: str, deals: int, first: int, jobs: int) -> None:
    with pytest.raises(StatsError):
        run(profile, deals, first=first, jobs=jobs, progress=False)
