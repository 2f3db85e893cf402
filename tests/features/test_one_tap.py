"""One-tap pairing (issue 24 A1): a game whose tap on a free card removes it with a partner it
picks is checked on the whole rulebook, never blamed for having no selection; one that takes
the choice of the pair away from the player is blamed on PAIR-PLAYER-CHOOSES.

The engines are in ``one_tap_adapters``; the whole suite runs in-process against each. The
wrong one, which always takes the first partner, is in the zoo of ``test_wrong_engines``, blamed
on PAIR-PLAYER-CHOOSES alone.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from pyramide.conformance.checks import CheckFailed
from pyramide.conformance.drawings import parse_table
from pyramide.conformance.pairing import RULE, tap_words
from pyramide.conformance.play import Play
from pyramide.conformance.plugin import OUTSIDE
from pyramide.conformance.rulesets import UnderTest
from pyramide.conformance.specdata import load_rules

from . import one_tap_adapters
from .inprocess import Outcomes, run_suite

RULE_IDS = set(load_rules().rules)
RIGHT = ("SelectsWhenAmbiguous", "WaitsWhenAmbiguous")
"""One-tap engines that let the player choose: one shows the card waiting for its partner as
selected, the other does not."""
TWO_TAPS_ONLY = sorted(
    rule.id for rule in load_rules().rules.values() if rule.when.get("pairing") == ("two-taps",)
)
"""The rules about the selection, which a game with no selection to keep never plays."""


def run(adapter: str, *options: str) -> Outcomes:
    return run_suite("--pyramide-impl", f"{one_tap_adapters.__name__}:{adapter}", *options)


@pytest.mark.parametrize("adapter", RIGHT)
def test_a_one_tap_game_that_lets_the_player_choose_passes_the_whole_rulebook(
    adapter: str,
) -> None:
    outcomes = run(adapter)
    assert outcomes.with_outcome("failed") == []
    chooses = [n for n, tags in outcomes.tags.items() if RULE in tags]
    ran = [n for n in chooses if OUTSIDE not in outcomes.text.get(n, "")]  # Spanish: outside
    assert ran and all(outcomes.outcome[node] == "passed" for node in ran)
    pairs = [node for node, tags in outcomes.tags.items() if "PAIR-THIRTEEN" in tags]
    assert any(outcomes.outcome[node] == "passed" for node in pairs)


@pytest.mark.parametrize(
    ("adapter", "profile"), [("SelectsWhenAmbiguous", "pharaoh"), ("WaitsWhenAmbiguous", "spanish")]
)
def test_a_one_tap_game_that_lets_the_player_choose_passes_with_two_decks_or_the_spanish_deck(
    adapter: str, profile: str
) -> None:
    """With two decks a scenario names the copy it taps by its place (``I tap r10c2``), which
    the one-tap pairing reads as a player would; the Spanish deck's wrong-sum scenarios are
    about the selection, outside a one-tap game's rules as their French originals are."""
    outcomes = run(adapter, "--pyramide-profile", profile)
    assert outcomes.with_outcome("failed") == []
    assert outcomes.with_outcome("passed")


@pytest.mark.parametrize(
    ("adapter", "failures"), [("SelectsWhenAmbiguous", 0), ("TakesTheFirstPartner", 2)]
)
def test_over_json_lines_the_convention_travels_and_the_choice_is_checked_the_same(
    adapter: str, failures: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine behind the JSON-lines bridge: its hello declares the convention, and the game
    started again to take back a pair it chose is the same child process asked to start anew."""
    tests = str(Path(__file__).resolve().parents[1])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([tests, os.environ.get("PYTHONPATH", "")]))
    engine = f"{one_tap_adapters.__name__}:{adapter}"
    command = f"{sys.executable} -m pyramide.conformance.server --impl {engine}"
    outcomes = run_suite("--pyramide-cmd", command, "-k", "the_player_can_pair_them")
    assert len(outcomes.with_outcome("passed")) == 6 - failures
    assert outcomes.at_fault(RULE_IDS) == ([RULE] if failures else [])


def test_the_selection_scenarios_are_outside_a_one_tap_rule_set_and_only_they() -> None:
    outcomes = run("SelectsWhenAmbiguous")
    outside = {
        node
        for node in outcomes.with_outcome("skipped")
        if OUTSIDE in outcomes.text[node] and "pairing is one-tap" in outcomes.text[node]
    }
    about_selection = {node for node, tags in outcomes.tags.items() if tags & set(TWO_TAPS_ONLY)}
    assert "TAP-SELECT" in TWO_TAPS_ONLY and "PAIR-MISMATCH" in TWO_TAPS_ONLY
    assert outside and outside == about_selection


TABLE = """
      K♦
    Q♣  Q♦
  6♠  7♥  7♣
"""
"""The 6♠ has two partners, and each 7 only the 6♠: every pair is the player's to make on a
game that always picks the first partner, by tapping the 7 first."""


def play_on(adapter: str, table: str) -> Play:
    """A game of ``table`` on one engine of ``one_tap_adapters``, as the steps play it."""
    engine = getattr(one_tap_adapters, adapter)()
    play = Play(engine, UnderTest.of(engine.capabilities(), "app"))
    layout = parse_table(table)
    play.table = layout["pyramid"]
    play.start(layout=layout)
    return play


def test_a_pair_the_game_chose_for_the_player_is_taken_back_and_never_counted() -> None:
    """Tapping the 6♠ first removes it with the 7♥; the step takes that back by playing the
    game again (undo would keep the move counted) and taps the 7♣, which has no other partner."""
    play = play_on("TakesTheFirstPartner", TABLE)
    tap_words(play, ["6♠", "7♣"])
    now = play.now
    assert [card for card in now.pyramid[1] + now.pyramid[2] if card] == ["QC", "QD", "7H"]
    assert (now.moves, now.score) == (1, 20)
    assert len(play.taps) == 3, "two tables, as two taps of the app leave"


def test_a_pair_out_of_the_players_reach_fails_on_the_rule_naming_what_the_game_did() -> None:
    play = play_on("TakesTheFirstPartner", TABLE + "waste: [6♦]\n")
    with pytest.raises(CheckFailed) as failure:
        tap_words(play, ["6♦", "7♣"])
    assert failure.value.rules == (RULE,)
    assert "tapping 6♦ removed 6♦ + 7♥, tapping 7♣ removed 6♠ + 7♣" in str(failure.value)


def test_cards_that_make_no_pair_are_tapped_and_what_the_game_pairs_instead_taken_back() -> None:
    """The 7♣ and the Q♣ (covered) make no pair: a game with no selection cannot be asked to
    try them, and the 6♠ it pairs the 7♣ with instead comes back."""
    play = play_on("SelectsWhenAmbiguous", TABLE)
    before = play.now
    tap_words(play, ["7♣", "Q♣"])
    assert play.now == before
