"""Hand-made positions for the talon switches of the real engines: the playable stock top
(PySolFC, Microsoft) and the waste pair at any time (AisleRiot's Thirteen).

Each position is small enough for the brute force, which gives the expected values; the checks
of the line's shape only say which card in play the solver used.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pyramide import PROFILES, Card, Game, Profile, RemoveKing, RemovePair, solve
from pyramide.layout import ROWS
from pyramide.moves import Move
from pyramide.notation import read_layout
from pyramide.solver import can_remove
from solver_brute import brute_force, rebuild

STOCK_TOP_PROFILES = [p for p in PROFILES.values() if p.stock_top_playable]


def _game(rows: list[str], waste: str, stock: str, profile: Profile) -> Game:
    """The top ``rows`` of the pyramid as written (the rows below empty), waste bottom first,
    stock top first."""
    padded = rows + [" ".join(["--"] * n) for n in range(len(rows) + 1, ROWS + 1)]
    return Game(read_layout(padded, waste, stock), profile)


def _agrees_with_brute_force(game: Game) -> tuple[Move, ...]:
    expected = brute_force(game)
    solution = solve(game)
    assert solution.max_removed == expected.max_removed
    assert solution.winnable == (expected.shortest_win is not None)
    assert len(solution.moves) == (expected.shortest_win or 0)
    any_win = solve(game, shortest=False)
    assert (any_win.max_removed, any_win.winnable) == (solution.max_removed, solution.winnable)
    assert can_remove(game, expected.max_removed)
    assert not can_remove(game, expected.max_removed + 1)
    replay = rebuild(game, game.layout(), game.recycles, game.fresh_draw)
    for move in solution.moves:
        replay.push(move)
    assert replay.is_won() == solution.winnable
    return solution.moves


def _shortest(game: Game, profile: Profile) -> int | None:
    """The brute force's shortest win from ``game``'s position under another profile."""
    again = Game(game.layout(), profile)
    return brute_force(again).shortest_win


def _shorter_with_the_stock_top(game: Game) -> bool:
    """Whether the playable stock top wins, and wins in fewer moves than without it (so that
    every shortest line takes a card from the stock top)."""
    without = _shortest(game, replace(game.profile, stock_top_playable=False))
    with_it = _shortest(game, game.profile)
    return with_it is not None and (without is None or with_it < without)


def _from_stock_top(game: Game, moves: tuple[Move, ...]) -> list[Move]:
    """The removals of ``moves`` that take the stock top, replayed from ``game``."""
    replay = rebuild(game, game.layout(), game.recycles, game.fresh_draw)
    taken: list[Move] = []
    for move in moves:
        if isinstance(move, RemoveKing | RemovePair) and replay.stock_top in _cards(move):
            taken.append(move)
        replay.push(move)
    return taken


def _cards(move: RemoveKing | RemovePair) -> tuple[Card, ...]:
    return (move.card,) if isinstance(move, RemoveKing) else (move.first, move.second)


@pytest.mark.parametrize("profile", STOCK_TOP_PROFILES, ids=lambda p: p.name)
def test_a_king_on_the_stock_top_leaves_without_a_draw(profile: Profile) -> None:
    # Drawing the King would bury the 7 the 6 needs once the 3 and the 10 are gone.
    game = _game(["6C", "3H --"], "7D", "KS TD", profile)
    moves = _agrees_with_brute_force(game)
    assert _shorter_with_the_stock_top(game)
    assert RemoveKing(Card.parse("KS")) in _from_stock_top(game, moves)


@pytest.mark.parametrize("profile", STOCK_TOP_PROFILES, ids=lambda p: p.name)
def test_the_stock_top_pairs_with_the_waste_top(profile: Profile) -> None:
    # The Jack beneath is in play as soon as the 4 and the 9 leave together.
    game = _game(["2S"], "JH 4C", "9D", profile)
    moves = _agrees_with_brute_force(game)
    assert _shorter_with_the_stock_top(game)
    assert _from_stock_top(game, moves) == [RemovePair(Card.parse("4C"), Card.parse("9D"))]


@pytest.mark.parametrize("profile", STOCK_TOP_PROFILES, ids=lambda p: p.name)
def test_the_stock_top_pairs_with_a_free_pyramid_card(profile: Profile) -> None:
    game = _game(["3H", "4C 9S"], "", "TD", profile)
    moves = _agrees_with_brute_force(game)
    assert _shorter_with_the_stock_top(game)
    assert _from_stock_top(game, moves) == [RemovePair(Card.parse("3H"), Card.parse("TD"))]


def test_the_card_beneath_the_waste_top_never_meets_the_stock_top() -> None:
    # Were the 5 beneath the waste top allowed to meet the 8 on the stock top, the 2 and the
    # Jack would then meet too and the strict win would follow.
    game = _game(["KC"], "5H 2D", "8S JD", PROFILES["pysolfc-pyramid"])
    _agrees_with_brute_force(game)
    assert brute_force(game).shortest_win is None


@pytest.mark.parametrize("profile", STOCK_TOP_PROFILES, ids=lambda p: p.name)
def test_the_stock_top_after_a_recycle(profile: Profile) -> None:
    # After the recycle, the waste's bottom card is in play at once, as the stock top; the 5
    # and the 8 then meet as the waste top and the stock top.
    game = _game(["2C"], "JH 5S 8D", "", profile)
    _agrees_with_brute_force(game)
    assert _shorter_with_the_stock_top(game)


def test_the_waste_top_pairs_with_the_card_beneath_it_at_any_time() -> None:
    thirteen = PROFILES["aisleriot-thirteen"]
    game = _game(["2S"], "JH 9D 4C", "", thirteen)
    moves = _agrees_with_brute_force(game)
    assert moves[0] == RemovePair(Card.parse("4C"), Card.parse("9D"))
    assert _shortest(game, replace(thirteen, waste_play="drawn-with-below")) is None
