"""The compiled core (:mod:`pyramide.solver.fast_verdict`) against the reference solver.

The core must answer exactly what ``solve(game, shortest=False)`` answers, the most pyramid
cards removable and whether the position can be won, for every position under every profile
it supports: whole deals of each named profile, positions some random moves into a deal
(recycles spent, the last move a draw), and the small boards of the brute-force test under
the switch sets mixed there. The deals are ones the reference settles quickly (its slow deals
are what the core is for), so that the file keeps to its share of the CI run; the first call
compiles the core, or loads it from numba's cache.

Skipped without numba: the core is an optional extra (``.[fast]``), which CI installs with
``.[dev]``.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pyramide import PROFILES, Draw, Game, Layout, Profile
from pyramide.cards import Card
from pyramide.dealcode import deal
from pyramide.layout import PYRAMID_SIZE
from pyramide.profiles import WASTE_TOP_WITH_BELOW
from pyramide.solver import solve
from pyramide.solver.fast_verdict import fast_verdict, supports
from test_solver_brute_force import (
    LIMITED_PROFILES,
    PROFILE_LIST,
    TALON_SWITCH_PROFILES,
    VARIANT_PROFILES,
    small_games,
)

pytestmark = pytest.mark.xdist_group("fast_solver")
"""One CI worker runs this file (``--dist loadgroup`` in .ci/run), so the core is compiled once."""

SUPPORTED = [name for name, profile in PROFILES.items() if supports(profile)]
"""Every named profile but the one with several waste piles (Apophis)."""

DEALS = {
    "app": (35, 16, 7, 34),
    "strict-win": (32, 22, 38, 37),
    "single-pass": (23, 18, 17, 14),
    "three-passes": (26, 27, 7, 34),
    "drawn-with-waste": (35, 11, 7, 34),
    "covering-pair": (35, 34, 9, 29),
    "stock-24": (35, 23, 34, 7),
    "traditional": (10, 38, 7, 34),
    "classic-strict": (23, 17, 11),
    "aisleriot-thirteen": (23, 17, 11),
    "pysolfc-pyramid": (37, 36, 7, 34),
    "pysolfc-relaxed": (11, 35, 7, 34),
    "microsoft": (11, 8, 7, 34),
    "triangle": (26, 18, 25, 4),
    "spanish": (28, 3, 14, 11),
    "king-tut": (1, 6, 7, 9, 2689),  # 2689: won only if a lower boundary is not taken to
    # stand for a higher one (draws of three do not reach every boundary above)
    "giza": (41, 48, 7),
}
"""Per profile, seeds of whole deals, won first then lost, that the reference settles in a
few hundredths of a second (a few tenths for the strict single pass and the playable stock
top, whose deals are all slower)."""

MID_GAME = (2, 4, 9)
"""Seeds whose deals, under each profile, are played some random moves in before both
solve them."""


def _reference(game: Game) -> tuple[int, bool]:
    solution = solve(game, shortest=False)
    return solution.max_removed, solution.winnable


def _played(profile: Profile, seed: int, moves: int, then_draw: bool) -> Game:
    """Deal ``seed`` after ``moves`` random legal moves (drawn from a generator seeded with the
    deal) and, if ``then_draw`` and the stock is not empty, a draw."""
    game = Game(deal(seed, profile), profile)
    chance = random.Random(f"{profile.name} {seed}")
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(chance.choice(legal))
    if then_draw and game.stock and not game.is_won():
        game.push(Draw())
    return game


@pytest.mark.parametrize("name", SUPPORTED)
def test_the_core_agrees_on_whole_deals(name: str) -> None:
    profile = PROFILES[name]
    for seed in DEALS[name]:
        game = Game(deal(seed, profile), profile)
        assert fast_verdict(game) == _reference(game), (name, seed)


@pytest.mark.parametrize("name", SUPPORTED)
def test_the_core_agrees_in_mid_game(name: str) -> None:
    profile = PROFILES[name]
    for seed in MID_GAME:
        for moves, then_draw in ((12, False), (20, True)):
            game = _played(profile, seed, moves, then_draw)
            assert fast_verdict(game) == _reference(game), (name, seed, moves, then_draw)


MIXED = [
    profile
    for profile in (*PROFILE_LIST, *TALON_SWITCH_PROFILES, *LIMITED_PROFILES, *VARIANT_PROFILES)
    if supports(profile)
]
"""The brute-force test's switch sets that the core supports: the named profiles and the
mixes of the talon switches, of limited recycling and of the Spanish deck and the Triangle
with the other switches."""


@settings(max_examples=examples(300))
@given(st.sampled_from(MIXED).flatmap(small_games))
def test_the_core_agrees_on_small_boards_under_mixed_switches(game: Game) -> None:
    assert fast_verdict(game) == _reference(game)


def test_the_core_plays_every_named_profile_but_these() -> None:
    """Apophis's waste piles, the waste that keeps only the last card, and the 10-row
    pyramid, whose 55 places the core does not pack (pharaoh goes to the pure search)."""
    unsupported = {name for name in PROFILES if not supports(PROFILES[name])}
    assert unsupported == {"apophis", "pysolfc-apophis", "kp-pyramids", "pharaoh"}


def test_several_cards_a_draw_are_supported_with_the_waste_top_alone_in_play() -> None:
    assert supports(Profile(name="draw-3", draw_count=3))
    assert not supports(Profile(name="draw-3-stock-top", draw_count=3, stock_top_playable=True))
    assert not supports(
        Profile(name="draw-3-waste-pair", draw_count=3, waste_play=WASTE_TOP_WITH_BELOW)
    )


def test_a_waste_pair_already_down_keeps_top_with_below() -> None:
    """The core searches top-with-below as drawn-with-below only while the waste holds at most
    one card (``searched_waste_play``): here the 8 lies on the 5 in the waste, not just drawn,
    and only top-with-below lets them go (the jack drawn next goes with the 2), which the
    strict win needs."""
    profile = PROFILES["aisleriot-thirteen"]
    pyramid: list[Card | None] = [None] * PYRAMID_SIZE
    pyramid[0] = Card.parse("2S")
    waste = (Card.parse("5C"), Card.parse("8D"))
    game = Game(Layout(tuple(pyramid), waste, (Card.parse("JH"),)), profile)
    assert fast_verdict(game) == _reference(game) == (PYRAMID_SIZE, True)


@pytest.mark.parametrize("name", ["apophis", "kp-pyramids"])
def test_the_variant_piles_are_left_to_the_reference(name: str) -> None:
    profile = PROFILES[name]
    assert fast_verdict(Game(deal(0, profile), profile)) is None


def test_more_recycles_than_the_position_holds_are_left_to_the_reference() -> None:
    profile = Profile(name="many-passes", max_recycles=32)
    assert fast_verdict(Game(deal(0, profile), profile)) is None
