"""The compiled A* (:mod:`pyramide.solver.fast_shortest`) against the brute force and the reference.

Its shortest lines must be as long as the brute force's on the small boards of the
brute-force test (which shares none of the solvers' reductions) under every switch mix the
compiled core supports, and as long as the reference A*'s on whole deals it settles quickly;
every line must replay as legal moves to a win (``fast_solve`` itself plays it out and checks it
wins in the moves the core proved). For the one-sequence talon, the A*'s steps, their costs
and its bound are also compared whole with the reference's, position by position.

Skipped without numba: the core is an optional extra (``.[fast]``), which CI installs with
``.[dev]``.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pyramide import PROFILES, Game, Layout
from pyramide.dealcode import deal
from pyramide.game import UNDO_LIMIT
from pyramide.layout import PYRAMID_SIZE
from pyramide.solver import solve, uses_variant_search
from pyramide.solver.exact import _Search
from pyramide.solver.fast_core import (
    _BOUNDARY_AT,
    _FRESH_AT,
    _MAX_STEPS,
    _RECYCLES_AT,
    _TALON_AT,
    _WORK_ROWS,
    _decode,
    forget_stale_code,
)
from pyramide.solver.fast_shortest import (
    _GAVE_UP,
    _costed_steps,
    _moves_left,
    fast_solve,
    shortest_positions,
)
from pyramide.solver.fast_table import _problem, searched_waste_play
from pyramide.solver.sequence import _State
from solver_brute import brute_force
from test_fast_solver import MID_GAME, MIXED, SUPPORTED, _played
from test_solver_brute_force import _replays_to_a_win, small_games

pytestmark = pytest.mark.xdist_group("fast_solver")
"""On the compiled core's CI worker (``--dist loadgroup``), so that it compiles once."""

WON_DEALS = {
    "app": (18, 23),
    "single-pass": (18, 55),
    "three-passes": (17,),
    "covering-pair": (0, 4),
    "stock-24": (18,),
    "traditional": (23,),
    "pysolfc-pyramid": (22,),
    "pysolfc-relaxed": (22,),
    "microsoft": (23,),
    "triangle": (1,),
    "spanish": (17,),
    "king-tut": (1, 6),
    "giza": (35, 52),
}
"""Won deals whose shortest line the reference proves in a few tenths of a second."""

MID_GAME_LINES = {"drawn-with-waste": (6, 13), "pysolfc-pyramid": (8,), "microsoft": (2,)}
"""Deals played 15 random moves in (as the core's verdict tests play them) that are still won
and whose shortest line the reference proves in a few tenths of a second: the profiles with
no whole deal quick enough for the reference."""

WHOLE_DEALS = [(name, seed) for name, seeds in WON_DEALS.items() for seed in seeds]


@settings(max_examples=examples(300))
@given(st.sampled_from(MIXED).flatmap(small_games))
def test_shortest_lines_agree_with_brute_force_on_small_boards(game: Game) -> None:
    _agrees_with_brute_force(game)


@settings(max_examples=examples(150))
@given(st.sampled_from([p for p in MIXED if uses_variant_search(p)]).flatmap(small_games))
def test_shortest_lines_agree_with_brute_force_on_small_boards_of_the_variant_talons(
    game: Game,
) -> None:
    """More boards for King Tut's draws of three and Giza's reserves (mixed with the strict
    win, one pass, the Spanish deck...): the reference's one-sequence search does not play
    them, so no step-by-step comparison checks them."""
    _agrees_with_brute_force(game)


def _agrees_with_brute_force(game: Game) -> None:
    expected = brute_force(game)
    solution = fast_solve(game)
    assert solution is not None
    assert solution.max_removed == expected.max_removed
    assert solution.winnable == (expected.shortest_win is not None)
    assert len(solution.moves) == (expected.shortest_win or 0)
    if solution.winnable:
        assert _replays_to_a_win(game, solution.moves)
        _bound_never_overshoots(game)


@pytest.mark.parametrize(
    ("name", "seed"), [(n, s) for n, seeds in WON_DEALS.items() for s in seeds]
)
def test_shortest_lines_agree_with_the_reference_on_whole_deals(name: str, seed: int) -> None:
    profile = PROFILES[name]
    game = Game(deal(seed, profile), profile)
    solution = fast_solve(game)
    reference = solve(game)
    assert reference.shortest
    assert solution is not None
    assert len(solution.moves) == len(reference.moves)
    assert _replays_to_a_win(game, solution.moves)
    _bound_never_overshoots(game)


@pytest.mark.parametrize("name", sorted(MID_GAME_LINES))
def test_shortest_lines_agree_with_the_reference_in_mid_game(name: str) -> None:
    for seed in MID_GAME_LINES[name]:
        game = _played(PROFILES[name], seed, 15, then_draw=False)
        solution = fast_solve(game)
        reference = solve(game)
        assert reference.shortest
        assert solution is not None
        assert solution.winnable
        assert len(solution.moves) == len(reference.moves)
        assert _replays_to_a_win(game, solution.moves)


def test_a_line_the_ceiling_cannot_hold_is_left_to_the_reference() -> None:
    profile = PROFILES["covering-pair"]
    game = Game(deal(11, profile), profile)
    length, _, path = shortest_positions(game)
    assert length > 0
    assert len(path) >= 2
    assert shortest_positions(game, ceiling=length + 1)[0] == length
    assert shortest_positions(game, ceiling=length)[0] == _GAVE_UP


def test_a_won_position_takes_no_move() -> None:
    solution = fast_solve(Game(Layout((None,) * PYRAMID_SIZE)))
    assert solution is not None
    assert solution.winnable
    assert solution.moves == ()


@pytest.mark.parametrize("name", ["apophis", "kp-pyramids"])
def test_the_variant_piles_are_left_to_the_reference(name: str) -> None:
    profile = PROFILES[name]
    assert fast_solve(Game(deal(0, profile), profile)) is None


def _bound_never_overshoots(game: Game) -> None:
    """Along the core's shortest line, its bound on the moves left never exceeds the moves
    actually left (nor says no win is left): a bound that does may still let A* find a line of
    the right length, so the lengths alone would not show it."""
    length, _, path = shortest_positions(game)
    _, table = _problem(game)
    work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
    bounds = np.zeros((2, 1 << 16), np.int64)
    for position, spent in zip(path[0], path[1], strict=True):
        bound = _moves_left(int(position), table, work[0], bounds, work[3])
        assert 0 <= bound <= length - spent, (int(position), bound, length - int(spent))


def _agrees_step_by_step(game: Game, positions: int) -> None:
    """The core's steps, with their costs, and its bound on the moves left are the
    reference's, on the first ``positions`` positions a breadth-first walk from ``game`` meets
    (each compared whole: a wrong cost or bound may leave a line's length unchanged)."""
    start, table = _problem(game)
    search = _Search(_as_searched(game))
    work = np.zeros((_WORK_ROWS, _MAX_STEPS), np.int64)
    bounds = np.zeros((2, 1 << 16), np.int64)
    out, costs = work[2], work[5]
    queue, seen = [start], {start}
    while queue and len(seen) <= positions:
        position = queue.pop(0)
        state = _decode(position)  # the reference's state tuple, field for field
        expected_bound = search.bound(state)
        bound = _moves_left(position, table, work[0], bounds, work[3])
        assert bound == (-1 if expected_bound is None else expected_bound), state
        found = _costed_steps(position, table, work)
        steps = sorted((int(out[i]), int(costs[i])) for i in range(found))
        expected = sorted(
            (_position(following), edge[0] + edge[1] + edge[2] + 1)
            for edge, following in search.steps(state)
        )
        assert steps == expected, state
        for following, _ in steps:
            if following not in seen:
                seen.add(following)
                queue.append(following)


def _as_searched(game: Game) -> Game:
    """``game`` under the waste switch the core searches it with (:func:`searched_waste_play`:
    its verdict and lengths are checked against the reference under the game's own)."""
    searched = copy.copy(game)
    searched.profile = dataclasses.replace(game.profile, waste_play=searched_waste_play(game))
    return searched


def _position(state: _State) -> int:
    """A reference state as the core's position."""
    pyramid, talon, boundary, recycles, fresh = state
    return (
        pyramid
        | talon << _TALON_AT
        | fresh << _FRESH_AT
        | boundary << _BOUNDARY_AT
        | recycles << _RECYCLES_AT
    )


@settings(max_examples=examples(150))
@given(st.sampled_from([p for p in MIXED if not uses_variant_search(p)]).flatmap(small_games))
def test_steps_and_bounds_agree_on_small_boards(game: Game) -> None:
    _agrees_step_by_step(game, positions=60)


ONE_SEQUENCE = [name for name in SUPPORTED if not uses_variant_search(PROFILES[name])]
"""The profiles whose steps the reference's one-sequence search knows (King Tut's three cards a
draw and Giza's reserves go to :mod:`pyramide.solver.variant`, which walks move by move)."""


@pytest.mark.parametrize("name", ONE_SEQUENCE)
def test_steps_and_bounds_agree_in_mid_game(name: str) -> None:
    for seed in MID_GAME:
        _agrees_step_by_step(_played(PROFILES[name], seed, 10, then_draw=seed % 2 == 0), 150)


def test_compiled_code_built_from_another_core_is_forgotten(tmp_path: Path) -> None:
    core = tmp_path / "fast_steps.py"
    core.write_text("one core")
    entries = [tmp_path / "fast_shortest._shortest-1.py311.nbi", tmp_path / "fast_verdict.x.nbc"]
    other = tmp_path / "elsewhere._search-1.py311.nbi"  # not the core's: kept
    for entry in (*entries, other):
        entry.write_text("compiled")
    assert forget_stale_code(tmp_path, core)  # no digest yet: built from an unknown core
    assert not any(entry.exists() for entry in entries) and other.exists()
    for entry in entries:
        entry.write_text("compiled")
    assert not forget_stale_code(tmp_path, core)  # the same core: kept
    assert all(entry.exists() for entry in entries)
    core.write_text("another core")
    assert forget_stale_code(tmp_path, core)
    assert not any(entry.exists() for entry in entries) and other.exists()


def test_a_line_longer_than_the_undo_history_is_played_out_and_the_game_left_as_it_was() -> None:
    profile = PROFILES["triangle"]
    game = Game(deal(216, profile), profile)  # its shortest win takes more than 100 moves
    solution = fast_solve(game)
    assert solution is not None
    assert len(solution.moves) > UNDO_LIMIT
    assert _replays_to_a_win(game, solution.moves)
    assert game.move_count == 0 and not game.can_undo()


def test_a_strict_single_pass_win_draws_every_stock_card_once_and_removes_kings_alone() -> None:
    profile = PROFILES["classic-strict"]  # every card must go, no recycle, no stock top in play
    games = [Game(deal(seed, profile), profile) for seed in range(50)]  # four of them won
    solved = [(game, fast_solve(game)) for game in games]
    won = [(game, solution) for game, solution in solved if solution and solution.winnable]
    assert won
    for game, solution in won:
        cards = [*(card for card in game.pyramid if card), *game.stock]
        kings = sum(card.goes_alone for card in cards)
        assert len(solution.moves) == len(game.stock) + kings + (len(cards) - kings) // 2
        assert _replays_to_a_win(game, solution.moves)
