"""One command that recycles and draws (RECYCLE-WITH-DRAW, issue 24 A3): an engine declaring it
passes the whole rulebook and its random games keep every invariant. (Engines that declare it
and count or undo it otherwise are in the zoo of test_wrong_engines.)"""

from __future__ import annotations

import pytest
from pyramide.conformance.invariants import run_invariants
from pyramide.conformance.rulesets import UnderTest

from . import wrong_adapters
from .test_right_engines import passes_with, run


@pytest.mark.parametrize(
    ("profile", "recycling"),
    [("app", "RECYCLE-UNLIMITED"), ("three-passes", "VAR-LIMITED-PASSES")],
)
def test_an_engine_that_recycles_and_draws_with_one_tap_passes(
    profile: str, recycling: str
) -> None:
    outcomes = run("RecyclesAndDraws", "--pyramide-profile", profile)
    passes_with(outcomes, "RECYCLE-WITH-DRAW", "RECYCLE-ORDER", recycling)


@pytest.mark.parametrize("profile", ["apophis", "king-tut"])
def test_and_so_it_does_drawing_three_cards_or_onto_three_piles(profile: str) -> None:
    passes_with(run("RecyclesAndDraws", "--pyramide-profile", profile), "UNDO-RESTORES")


@pytest.mark.parametrize("profile", ["app", "king-tut"])
def test_its_random_games_keep_every_invariant(profile: str) -> None:
    engine = wrong_adapters.RecyclesAndDraws
    under = UnderTest.of(engine().capabilities(), profile)
    assert run_invariants(engine, games=6, max_actions=400, seed=3, under=under) == []
