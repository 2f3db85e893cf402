"""The solver on whole deals: the documented ones, ``can_remove`` against ``solve``, and random
playouts that must never beat the solver's maximum."""

from __future__ import annotations

import random

import pytest
from pyramide import PROFILES, Game, RemoveKing, RemovePair, parse_code, solve
from pyramide.dealcode import deal
from pyramide.solver import Solution, can_remove

FAST_DEALS = [
    *[("app", seed) for seed in (0, 3, 7)],
    *[("strict-win", seed) for seed in (0, 3)],
    *[("single-pass", seed) for seed in (0, 4)],
    *[("three-passes", seed) for seed in (0, 7)],
    *[("drawn-with-waste", seed) for seed in (0, 7)],
    *[("covering-pair", seed) for seed in (0, 3)],
    *[("stock-24", seed) for seed in (0, 7)],
    *[("traditional", seed) for seed in (0, 7)],
    *[("classic-strict", seed) for seed in (9, 18)],
    *[("aisleriot-thirteen", seed) for seed in (23, 17)],
    *[("pysolfc-pyramid", seed) for seed in (0, 43)],
    *[("pysolfc-relaxed", seed) for seed in (1, 9)],
    *[("microsoft", seed) for seed in (2, 7)],
]
"""Deals, won and lost, that each profile solves in about a second at most (``shortest=False``)."""

VARIANT_DEALS = [
    *[("giza", seed) for seed in (18, 4)],
    *[("apophis", seed) for seed in (16, 7)],
    *[("king-tut", seed) for seed in (16, 9)],
    *[("triangle", seed) for seed in (18, 21)],
    *[("spanish", seed) for seed in (17, 7)],
]
"""The same for the variant profiles (reserves, waste piles, three cards a draw, the Triangle,
the Spanish deck), each solved in well under a second."""


def _game(profile: str, seed: int) -> Game:
    return Game(deal(seed, PROFILES[profile]), PROFILES[profile])


def _replay(game: Game, solution: Solution) -> Game:
    replay = Game(game.layout(), game.profile)
    for move in solution.moves:
        replay.push(move)
    return replay


def test_py1_n_aaaaaaj_goes_to_14_cards_and_is_never_won() -> None:
    code = parse_code("PY1-N-AAAAAAJ")
    solution = solve(Game(code.layout(), code.profile))
    assert (solution.max_removed, solution.winnable, solution.moves) == (14, False, ())


@pytest.mark.parametrize("shortest", [True, False])
def test_py1_n_aaaaaas_line_replays_to_a_win(shortest: bool) -> None:
    code = parse_code("PY1-N-AAAAAAS")
    game = Game(code.layout(), code.profile)
    solution = solve(game, shortest=shortest)
    replay = _replay(game, solution)
    assert solution.winnable and solution.max_removed == 28
    assert replay.is_won() and replay.move_count == len(solution.moves)


def test_the_shortest_line_is_no_longer_than_any_line() -> None:
    code = parse_code("PY1-N-AAAAAAS")
    game = Game(code.layout(), code.profile)
    assert len(solve(game).moves) <= len(solve(game, shortest=False).moves)


@pytest.mark.parametrize(("profile", "seed"), [*FAST_DEALS, *VARIANT_DEALS])
def test_can_remove_agrees_with_solve(profile: str, seed: int) -> None:
    game = _game(profile, seed)
    solution = solve(game, shortest=False)
    assert can_remove(game, solution.max_removed)
    assert not can_remove(game, solution.max_removed + 1)
    if solution.winnable:
        assert _replay(game, solution).is_won()


PLAYOUTS = 4
MOVE_CAP = 250


@pytest.mark.parametrize(
    ("profile", "seed"), [*FAST_DEALS[::2], ("giza", 4), ("apophis", 7), ("king-tut", 7)]
)
def test_no_random_playout_beats_the_solver(profile: str, seed: int) -> None:
    """Random legal moves, Kings and pairs taken more often than draws to get further."""
    game = _game(profile, seed)
    solution = solve(game, shortest=False)
    rng = random.Random(seed)
    for _ in range(PLAYOUTS):
        playout = _game(profile, seed)
        for _ in range(MOVE_CAP):
            moves = playout.legal_moves()
            if not moves:
                break
            removals = [m for m in moves if isinstance(m, (RemoveKing, RemovePair))]
            playout.push(rng.choice(removals if removals and rng.random() < 0.8 else moves))
            assert playout.pyramid.count(None) <= solution.max_removed
        assert playout.is_won() <= solution.winnable
