"""The bag relaxation (:meth:`PyramidBounds.bag_most`): an upper bound on the most removable that
sees the order in which the pyramid frees its cards.

With unlimited passes every talon card can be brought into play at any time, so the relaxation
*is* the game there and must give the solver's most removable exactly; with limited passes it
must never give less. Its fewest removals that clear the pyramid (:meth:`bag_removals`, the
variant A*'s lower bound) must never exceed what a winning line still makes. The matchings of
:meth:`PyramidBounds.prospects_of` are looser: the deals where they promise more are those the
bag proves."""

from __future__ import annotations

import pytest
from pyramide import PROFILES, Game, RemoveKing, RemovePair
from pyramide.dealcode import deal
from pyramide.solver import solve
from pyramide.solver.bounds import PyramidBounds

SEEDS = range(40)


def _bounds(profile: str, seed: int) -> tuple[int, int, int]:
    """(the matchings' bound, the bag's, the solver's most removable) from the deal."""
    rules = PROFILES[profile]
    game = Game(deal(seed, rules), rules)
    bounds = PyramidBounds(rules, game.pyramid, talon_meets=True)
    pyramid, talon = _position(game)
    exact = solve(game, shortest=False).max_removed
    return bounds.prospects_of(pyramid, talon)[0], bounds.bag_most(pyramid, talon), exact


@pytest.mark.parametrize("profile", ["app", "covering-pair"])
def test_with_every_talon_card_in_reach_the_bag_is_the_game(profile: str) -> None:
    found = [_bounds(profile, seed) for seed in SEEDS]
    assert [bag for _, bag, _ in found] == [exact for _, _, exact in found]
    loose = [matched for matched, bag, _ in found if matched > bag]
    assert loose, "some deal the matchings cannot settle, the bag does"


@pytest.mark.parametrize("profile", ["single-pass", "three-passes"])
def test_with_limited_passes_the_bag_never_promises_less_than_the_game(profile: str) -> None:
    found = [_bounds(profile, seed) for seed in SEEDS]
    assert all(bag >= exact for _, bag, exact in found)


def _position(game: Game) -> tuple[int, int]:
    """(pyramid mask, talon key) of a game's position."""
    pyramid = sum(1 << place for place, card in enumerate(game.pyramid) if card)
    piles = (game.stock, *game.wastes, *game.reserves)
    return pyramid, sum(1 << 3 * card.rank for pile in piles for card in pile)


@pytest.mark.parametrize(("profile", "seeds"), [("app", range(8)), ("apophis", range(12))])
def test_the_bag_never_asks_more_removals_than_a_win_makes(profile: str, seeds: range) -> None:
    # at every position of a winning line, the removals the line still makes are at least
    # the bag's fewest; and the bag sees more than the matchings somewhere
    rules, stronger = PROFILES[profile], 0
    for seed in seeds:
        game = Game(deal(seed, rules), rules)
        solution = solve(game, shortest=False)
        if not solution.winnable:
            continue
        bounds = PyramidBounds(rules, game.pyramid, talon_meets=True)
        removals = [isinstance(move, (RemoveKing, RemovePair)) for move in solution.moves]
        for played, move in enumerate(solution.moves):
            pyramid, talon = _position(game)
            fewest = bounds.bag_removals(pyramid, talon)
            assert fewest is not None and fewest <= sum(removals[played:])
            stronger += fewest > bounds.moves_needed(pyramid)
            game.push(move)
        assert bounds.bag_removals(*_position(game)) == 0
    assert stronger
