"""The solver against a plain breadth-first search over the engine's states, on small boards.

Small boards are real positions late in a game: the top one to three rows of the pyramid (the
rows below already cleared, some places of the lowest kept row possibly cleared too) and a
talon of up to eight cards, sometimes after a few moves (so recycles may be spent and the last
move may be a draw). Every profile is tried, and the talon switches of the real engines (the
playable stock top, the waste pair at any time) once more on their own and mixed with the other
switches. The brute force shares none of the solver's
reductions, so any unsound one shows up as a wrong maximum, a wrong verdict or a line that is
too long or does not replay.
"""

from __future__ import annotations

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pyramide import DECK, PROFILES, Card, Game, Layout, Profile, solve
from pyramide.layout import COVERS, PYRAMID_SIZE
from pyramide.moves import Move
from pyramide.profiles import WASTE_DRAWN_WITH_BELOW, WASTE_TOP_WITH_BELOW
from pyramide.solver import can_remove
from solver_brute import brute_force, rebuild


def _close_upwards(places: set[int]) -> set[int]:
    """Add every place a kept card lies on: a card never sits on an empty place."""
    pending = list(places)
    while pending:
        for above in COVERS[pending.pop()]:
            if above not in places:
                places.add(above)
                pending.append(above)
    return places


_rich_decks = st.sets(st.integers(1, 6), min_size=1, max_size=3).map(
    lambda lows: [c for c in DECK if c.rank in {13, *lows, *(13 - low for low in lows)}]
)
"""Decks of the Kings and one to three pairs of ranks, so that small boards are full of pairs."""


@st.composite
def small_games(draw: st.DrawFn, profile: Profile) -> Game:
    rows = draw(st.integers(1, 3))
    kept_places = range(rows * (rows + 1) // 2)
    lowest_row = range((rows - 1) * rows // 2, rows * (rows + 1) // 2)
    chosen = draw(st.sets(st.sampled_from(list(lowest_row)), min_size=1))
    places = sorted(_close_upwards(set(chosen)))
    assert set(places) <= set(kept_places)
    talon_size = draw(st.integers(0, 8))
    cards: list[Card] = draw(st.permutations(draw(_rich_decks)))[: len(places) + talon_size]
    pyramid: list[Card | None] = [None] * PYRAMID_SIZE
    for place, card in zip(places, cards[: len(places)], strict=True):
        pyramid[place] = card
    talon = cards[len(places) :]
    in_waste = draw(st.integers(0, talon_size))
    game = Game(Layout(tuple(pyramid), tuple(talon[:in_waste]), tuple(talon[in_waste:])), profile)
    for _ in range(draw(st.integers(0, 3))):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(draw(st.sampled_from(moves)))
    return game


def _replays_to_a_win(start: Game, moves: tuple[Move, ...]) -> bool:
    game = rebuild(start, start.layout(), start.recycles, start.fresh_draw)
    for move in moves:
        game.push(move)
    return game.is_won() and game.move_count == len(moves)


PROFILE_LIST = list(PROFILES.values())

TALON_SWITCH_PROFILES = [
    *(p for p in PROFILE_LIST if p.stock_top_playable or p.waste_play == WASTE_TOP_WITH_BELOW),
    Profile(name="stock-top-unlimited", stock_top_playable=True),
    Profile(name="stock-top-strict-unlimited", stock_top_playable=True, strict_win=True),
    Profile(
        name="stock-top-drawn-with-below",
        stock_top_playable=True,
        waste_play=WASTE_DRAWN_WITH_BELOW,
        max_recycles=1,
    ),
    Profile(
        name="stock-top-with-below",
        stock_top_playable=True,
        waste_play=WASTE_TOP_WITH_BELOW,
        strict_win=True,
        max_recycles=1,
    ),
    Profile(name="stock-top-covering", stock_top_playable=True, pairs_with_covering_card=True),
]
"""The named profiles with the playable stock top or the waste pair at any time, and switch sets
no engine uses that mix them with the other switches (the solver must be exact for any)."""


def _agrees_with_brute_force(game: Game) -> None:
    expected = brute_force(game)
    solution = solve(game)
    assert solution.max_removed == expected.max_removed
    assert solution.winnable == (expected.shortest_win is not None)
    assert len(solution.moves) == (expected.shortest_win or 0)
    assert solution.shortest
    if solution.winnable:
        assert _replays_to_a_win(game, solution.moves)


@settings(max_examples=examples(200))
@given(st.sampled_from(PROFILE_LIST).flatmap(small_games))
def test_solver_agrees_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)


@settings(max_examples=examples(200))
@given(st.sampled_from(PROFILE_LIST).flatmap(small_games))
def test_any_win_and_can_remove_agree_with_brute_force(game: Game) -> None:
    _any_win_agrees_with_brute_force(game)


@settings(max_examples=examples(200))
@given(st.sampled_from(TALON_SWITCH_PROFILES).flatmap(small_games))
def test_talon_switches_agree_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)
    _any_win_agrees_with_brute_force(game)


def _any_win_agrees_with_brute_force(game: Game) -> None:
    expected = brute_force(game)
    solution = solve(game, shortest=False)
    assert solution.max_removed == expected.max_removed
    assert solution.winnable == (expected.shortest_win is not None)
    if solution.winnable:
        assert _replays_to_a_win(game, solution.moves)
    else:
        assert solution.moves == ()
    assert can_remove(game, expected.max_removed)
    assert not can_remove(game, expected.max_removed + 1)
