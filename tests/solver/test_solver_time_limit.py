"""The solver's time limit: what it gives up, and what it still proves."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from pyramide import PROFILES, Game, Move
from pyramide.dealcode import deal
from pyramide.solver import SolverTimeout, can_remove, solve


def _game(profile: str, seed: int) -> Game:
    return Game(deal(seed, PROFILES[profile]), PROFILES[profile])


def test_no_verdict_in_time_raises() -> None:
    # deal 12 of three-passes takes hundreds of thousands of positions to prove
    with pytest.raises(SolverTimeout):
        solve(_game("three-passes", 12), shortest=False, time_limit=0.01)
    with pytest.raises(SolverTimeout):
        can_remove(_game("three-passes", 12), 26, time_limit=0.01)


def wins(game: Game, moves: Sequence[Move]) -> bool:
    """Whether ``moves``, played from ``game``'s table, win (each must be legal)."""
    replay = Game(game.layout(), game.profile)
    for move in moves:
        replay.push(move)
    return replay.is_won()


def test_a_shortest_line_not_proven_in_time_is_still_a_win() -> None:
    # deal 0 of the app's profile: a win is found at once, its shortest line takes seconds
    game = _game("app", 0)
    solution = solve(game, time_limit=0.05)
    assert solution.winnable and solution.max_removed == 28 and not solution.shortest
    assert wins(game, solution.moves)


def test_a_generous_limit_changes_nothing() -> None:
    game = _game("single-pass", 23)
    assert solve(game, time_limit=600) == solve(game)
    assert can_remove(game, 28, time_limit=600)


def test_the_variant_search_honours_the_time_limit_too() -> None:
    # deal 224 of king-tut takes over 600,000 positions to prove (seconds); deal 8 of king-tut
    # has a win found at once and a shortest line that takes seconds; deal 18 of giza is quick
    with pytest.raises(SolverTimeout):
        solve(_game("king-tut", 224), shortest=False, time_limit=0.01)
    with pytest.raises(SolverTimeout):
        can_remove(_game("king-tut", 224), 28, time_limit=0.01)
    game = _game("king-tut", 8)
    solution = solve(game, time_limit=0.3)
    assert solution.winnable and solution.max_removed == 28 and not solution.shortest
    assert wins(game, solution.moves)
    giza = _game("giza", 18)
    assert solve(giza, time_limit=600) == solve(giza)
    assert can_remove(giza, 28, time_limit=600)


@pytest.mark.usefixtures("variant_clock_runs_out_after_the_start")
def test_a_variant_deal_proven_lost_says_so_when_time_runs_out() -> None:
    # apophis 9: the bounds leave no win from the deal itself (its most removable is 14), so
    # the win is settled before time runs out; apophis 0 is won, which one position does not show
    with pytest.raises(SolverTimeout) as lost:
        solve(_game("apophis", 9), shortest=False)
    assert lost.value.winnable is False
    with pytest.raises(SolverTimeout) as open_question:
        solve(_game("apophis", 0), shortest=False)
    assert open_question.value.winnable is None


def test_a_deal_proven_lost_says_so_when_its_most_removable_runs_out_of_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the one-sequence search: the walk for a win ends without one, the time runs out after
    game = _game("classic-strict", 0)

    def out_of_time(*args: object, **kwargs: object) -> int:
        raise SolverTimeout

    monkeypatch.setattr("pyramide.solver.search.most_removed", out_of_time)
    with pytest.raises(SolverTimeout) as one_sequence:
        solve(game, shortest=False)
    assert one_sequence.value.winnable is False
