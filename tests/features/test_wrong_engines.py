"""The suite catches engines that get a rule wrong, and only blames the rules they break.

Each case runs the whole suite in-process against one faulty adapter of ``wrong_adapters``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from pyramide.conformance.adapter import REVISION_2_SWITCHES, REVISION_3_SWITCHES
from pyramide.conformance.plugin import (
    CAPABILITY_TAGS,
    IMPLEMENTATION_DEFINED,
    NOT_APPLICABLE,
    OUTSIDE,
    scenario_profile,
)
from pyramide.conformance.results import THIN
from pyramide.conformance.specdata import load_profiles, load_rules

from . import wrong_adapters
from .inprocess import Outcomes, run_suite

RULE_IDS = set(load_rules().rules)


def run(adapter: str, *options: str) -> Outcomes:
    return run_suite("--pyramide-impl", f"{wrong_adapters.__name__}:{adapter}", *options)


@dataclass(frozen=True)
class Wrong:
    """A wrong engine, the rules the report must blame it on, and the rule set it claims."""

    adapter: str
    at_fault: tuple[str, ...]
    profile: str | None = None

    def __str__(self) -> str:
        return f"{self.adapter}-{self.profile}" if self.profile else self.adapter


ZOO = [
    # one broken required rule each, under the app's rules
    Wrong("DealsADuplicate", ("DEAL-DECK",)),
    Wrong("AppDealtFaceDown", ("DEAL-PYRAMID",), "app"),
    Wrong("AppWithStock24", ("DEAL-WASTE-CARD",), "app"),
    Wrong("CoveredCardsPlayable", ("FREE-PYRAMID",)),
    Wrong("PicksTheCardBeneath", ("FREE-WASTE-TOP",)),
    Wrong("SelectionNotShown", ("TAP-SELECT",)),
    Wrong("BlockedCardsGetSelected", ("TAP-BLOCKED",)),
    Wrong("JacksNeverPair", ("PAIR-VALUES",)),
    Wrong("PyramidCardsNeverPairTogether", ("PAIR-THIRTEEN",)),
    Wrong("NoSumMessage", ("PAIR-MISMATCH",)),
    Wrong("AppWithCoveringPairs", ("PAIR-NOT-COVERING",), "app"),
    Wrong("WasteKingStays", ("KING-ALONE",)),
    Wrong("DrawsOnlyWhenStuck", ("STOCK-DRAW",)),
    Wrong("AppWithStockTop", ("STOCK-OUT-OF-PLAY",), "app"),
    Wrong("WasteNeverPairs", ("WASTE-PAIRS",)),
    Wrong("AppWithDrawnPairs", ("WASTE-DRAWN-ALONE",), "app"),
    Wrong("AppWithWastePairAnytime", ("WASTE-DRAWN-ALONE",), "app"),
    Wrong("RecycleReversed", ("RECYCLE-ORDER",)),
    Wrong("AppWithThreePasses", ("RECYCLE-UNLIMITED",), "app"),
    Wrong("NeverWon", ("END-WIN",)),
    Wrong("AppWithStrictWin", ("END-WIN",), "app"),
    Wrong("NeverStuck", ("END-NO-MORE-MOVES",)),
    Wrong("StuckWhileTheStockLasts", ("END-PLAY-GOES-ON",)),
    Wrong("FivePerCard", ("SCORE-PYRAMID-CARD",)),
    Wrong("WasteCardsScore", ("SCORE-NOTHING-ELSE",)),
    Wrong("WinBonus", ("SCORE-WIN-280",)),
    Wrong("EmptyStockTapCounts", ("MOVES-COUNT",)),
    Wrong("SelectingCountsAMove", ("MOVES-COUNT",)),
    Wrong("UndoReachesTen", ("UNDO-LAST-100",)),
    Wrong("UndoKeepsThePoints", ("UNDO-RESTORES",)),
    Wrong("UndoLowersTheCounter", ("UNDO-COUNTER-KEEPS",)),
    Wrong("CodeNotShown", ("CODE-FORMAT",)),
    Wrong("SecondDealDiffers", ("CODE-REDEAL",)),
    Wrong("OtherCodec", ("CODE-DOCUMENTED",)),
    Wrong("EnglishTextsClaimedFrench", ("MSG-TEXTS",)),
    # a variant's profile played with its switch the other way
    Wrong("StrictWinPlayedLoose", ("VAR-STRICT-WIN",), "strict-win"),
    Wrong("ThreePassesPlayedUnlimited", ("VAR-LIMITED-PASSES",), "three-passes"),
    Wrong("DrawnWithWastePlayedTop", ("VAR-DRAWN-WITH-WASTE",), "drawn-with-waste"),
    Wrong("CoveringPairPlayedStrict", ("VAR-COVERING-PAIR",), "covering-pair"),
    Wrong("Stock24DealsAWasteCard", ("VAR-STOCK-24",), "stock-24"),
    Wrong("ThirteenWithoutWastePairs", ("VAR-WASTE-PAIR-ANYTIME",), "aisleriot-thirteen"),
    Wrong("PysolfcWithAHiddenStockTop", ("VAR-STOCK-TOP",), "pysolfc-relaxed"),
    Wrong("ThirteenDealtFaceUp", ("VAR-FACE-DOWN",), "aisleriot-thirteen"),
    # the named variants: their switch the other way, or one of their rules broken
    Wrong("GizaPlayedWithAStock", ("VAR-GIZA-RESERVES",), "giza"),
    Wrong("GizaReserveTopsNeverPairTogether", ("VAR-GIZA-RESERVE-TOPS",), "giza"),
    Wrong("ApophisDrawsOntoPileOne", ("VAR-APOPHIS-CHOICE",), "apophis"),
    Wrong(
        "ApophisDealsRowsForThePlayer",
        ("VAR-APOPHIS-CHOICE", "VAR-APOPHIS-CHOICE-DEAL"),
        "apophis",
    ),
    Wrong("ApophisRecyclesLikePySolFC", ("VAR-APOPHIS-CHOICE-RECYCLE",), "apophis"),
    Wrong("ApophisPileTopsNeverPairTogether", ("VAR-APOPHIS-TOPS",), "apophis"),
    Wrong(
        "ApophisPlayedWithOneWaste",
        ("VAR-APOPHIS-DEAL", "VAR-APOPHIS-RECYCLE-ORDER", "VAR-APOPHIS-WASTES"),
        "pysolfc-apophis",
    ),
    Wrong("ApophisDealsNoWasteCards", ("VAR-APOPHIS-DEAL",), "pysolfc-apophis"),
    Wrong("ApophisRecyclesBackwards", ("VAR-APOPHIS-RECYCLE-ORDER",), "pysolfc-apophis"),
    Wrong("ApophisRecycleDealsNoRow", ("VAR-APOPHIS-RECYCLE-ORDER",), "pysolfc-apophis"),
    Wrong("KingTutPlayedDrawingOne", ("VAR-KING-TUT-DEAL", "VAR-KING-TUT-DRAW-THREE"), "king-tut"),
    Wrong("KingTutDrawsLastUnder", ("VAR-KING-TUT-DRAW-THREE",), "king-tut"),
    Wrong("KingTutDealsOneWasteCard", ("VAR-KING-TUT-DEAL",), "king-tut"),
    Wrong("TriangleDealtFaceDown", ("VAR-TRIANGLE",), "triangle"),
    Wrong("TriangleCoveredLikeAPyramid", ("VAR-TRIANGLE-COVERING",), "triangle"),
    Wrong("PharaohDealsSevenRows", ("VAR-PHARAOH-ROWS",), "pharaoh"),
    Wrong("PharaohCopiesAreOneCard", ("VAR-PHARAOH-DECKS",), "pharaoh"),
    Wrong("PharaohWinScores280", ("SCORE-WIN-550",), "pharaoh"),
    Wrong("PharaohWonAt28", ("VAR-PHARAOH-WIN",), "pharaoh"),
    Wrong("SpanishDealtWithoutEightsAndNines", ("VAR-SPANISH-DECK",), "spanish"),
    Wrong("SpanishPairsMakeThirteen", ("VAR-SPANISH-PAIRS-TWELVE",), "spanish"),
    Wrong("SpanishReyStays", ("VAR-SPANISH-REY-ALONE",), "spanish"),
    # once blamed on rules they keep: the failed step names the rule it checks (issue 24 C7)
    Wrong("KingTutDrawsNothingShort", ("VAR-KING-TUT-DRAW-THREE",), "king-tut"),
    Wrong("SpanishSixPairsWithItselfWhenStuck", ("END-NO-MORE-MOVES",), "spanish"),
    Wrong("WithTheStockTop", ("STOCK-OUT-OF-PLAY",), "triangle"),
    Wrong("WithTheStockTop", ("STOCK-OUT-OF-PLAY",), "spanish"),
    Wrong("BeneathTheWasteTopPairsWithThePyramid", ("FREE-WASTE-TOP",), "aisleriot-thirteen"),
    # one command that recycles and draws, declared and counted or undone otherwise (A3)
    Wrong("RecyclesAndDrawsAsOneMove", ("RECYCLE-WITH-DRAW",)),
    Wrong("RecyclesAndDrawsUndoneAtOnce", ("RECYCLE-WITH-DRAW",)),
    # a convention declared and not kept
    Wrong("OnePerCardCountingThePyramidOnly", ("SCORE-ONE-PER-CARD",)),
    Wrong("RestoresDeclaredButKeeps", ("UNDO-COUNTER-RESTORES",)),
    # issue 24 A1: one-tap pairing that always takes the first partner (one_tap_adapters)
    Wrong("TakesTheFirstPartner", ("PAIR-PLAYER-CHOOSES",)),
    # issue 24 A2: the waste that keeps only the last card drawn, played keeping them all
    Wrong("KpPyramidsKeepingTheWaste", ("VAR-WASTE-LAST-ONLY",), "kp-pyramids"),
]
"""Wrong engines, each blamed on exactly the rules it breaks (the report's "rules at fault":
the fewest rules explaining every failure, each failure involving the rules its scenario is
tagged with and those its steps rely on)."""

BLAMED_WITH_ANOTHER = {
    "DEAL-COVERING": (
        "which cards cover which is only seen through which cards are free, so a wrong "
        "geometry is a wrong FREE-PYRAMID too (CoveredCardsPlayable fails both)"
    ),
    "DEAL-STOCK": (
        "23 = 52 - 28 - 1: a stock of another size breaks DEAL-DECK or DEAL-WASTE-CARD as well "
        "(AppWithStock24 fails both)"
    ),
}
"""Rules no wrong engine can break alone, and why."""

SHAPE_SWITCHES = {
    "layout": (
        "a table of one shape cannot be laid out in the other: an engine playing the Triangle "
        "with the pyramid's rows could not start at all; TriangleCoveredLikeAPyramid plays the "
        "Triangle's rows with the pyramid's covering instead"
    ),
    "deck": (
        "Spanish cards do not exist in the French deck: SpanishPairsMakeThirteen plays them with "
        "the French total instead"
    ),
}
"""Switches no engine can play the other way on the same tables, and the wrong engines that
break their rules instead."""


@pytest.mark.parametrize("wrong", ZOO, ids=str)
def test_a_wrong_engine_is_blamed_on_exactly_the_rules_it_breaks(wrong: Wrong) -> None:
    options = ("--pyramide-profile", wrong.profile) if wrong.profile else ()
    outcomes = run(wrong.adapter, *options)
    assert outcomes.at_fault(RULE_IDS) == sorted(wrong.at_fault)
    assert outcomes.with_outcome("passed"), "a fault in one rule must leave other rules passing"


def test_every_rule_and_every_switch_has_a_wrong_engine() -> None:
    blamed = {rule for wrong in ZOO for rule in wrong.at_fault}
    rules = load_rules().rules
    forced = {rule for rule, spec in rules.items() if spec.status != "implementation-defined"}
    assert sorted(forced - blamed - set(BLAMED_WITH_ANOTHER)) == []
    switched = {
        name
        for wrong in ZOO
        for name, _ in getattr(getattr(wrong_adapters, wrong.adapter), "switch", ())
    }
    assert switched == set(load_profiles().switches) - set(SHAPE_SWITCHES)


def skipped_as(outcomes: Outcomes, prefix: str) -> list[str]:
    return sorted(n for n in outcomes.with_outcome("skipped") if prefix in outcomes.text[n])


RIGHT_BUT_DIFFERENT = {
    "OPEN-RETAP-SELECTED": "RetapKeepsTheSelection",
    "OPEN-KING-WHILE-SELECTED": "KingTapDropsTheSelection",
    "OPEN-BLOCKED-WHILE-SELECTED": "BlockedTapDropsTheSelection",
    "OPEN-DRAW-SELECTION": "DrawKeepsTheSelection",
    "OPEN-UNDO-NOT-A-MOVE": "UndoCountsAsAMove",
    "OPEN-UNDO-SELECTION": "UndoKeepsTheSelection",
    "OPEN-TAPS-AFTER-END": "EndTakesOtherTaps",
    "OPEN-CODE-LETTER": "LetterNamesNothing",
    "OPEN-SUM-MESSAGE-HELP": "SumMessageOnlyWithErrorHelp",
}
"""An engine settling each open point the other way."""
UNSEEN = {"OPEN-TIMER": "the protocol carries no clock, so no engine can be seen to differ"}


@pytest.mark.parametrize(("point", "adapter"), RIGHT_BUT_DIFFERENT.items())
def test_an_engine_settling_an_open_point_the_other_way_passes_every_required_rule(
    point: str, adapter: str
) -> None:
    """Only scenarios of implementation-defined points may fail (reported as differing), and
    those of this point do: the engine really differs there."""
    outcomes = run(adapter)
    failed = outcomes.with_outcome("failed")
    assert [node for node in failed if IMPLEMENTATION_DEFINED not in outcomes.tags[node]] == []
    assert any(point in outcomes.tags[node] for node in failed)
    assert outcomes.at_fault(RULE_IDS) == [], "a difference of an open point blames no rule"


def test_every_open_point_has_an_engine_settling_it_the_other_way() -> None:
    rules = load_rules().rules
    points = {rule for rule, spec in rules.items() if spec.status == "implementation-defined"}
    assert sorted(points - set(UNSEEN)) == sorted(RIGHT_BUT_DIFFERENT)


def test_an_engine_showing_french_texts_passes_and_the_hungarian_checks_do_not_apply() -> None:
    outcomes = reference_run("app")
    assert outcomes.with_outcome("failed") == []
    not_applicable = skipped_as(outcomes, NOT_APPLICABLE)
    assert not_applicable and all("[hu-" in node for node in not_applicable)


def test_scenarios_needing_what_an_engine_lacks_are_not_applicable_never_passed() -> None:
    outcomes = run("MovesOnly")
    assert outcomes.with_outcome("failed") == []
    outside = skipped_as(outcomes, OUTSIDE)
    not_applicable = set(skipped_as(outcomes, NOT_APPLICABLE))
    tagged = {
        node
        for node, tags in outcomes.tags.items()
        if node not in outside and any(tag in CAPABILITY_TAGS for tag in tags)
    }
    assert tagged and tagged <= not_applicable
    assert all("a deal of its own" in outcomes.text[n] for n in not_applicable - tagged)
    assert sorted(outcomes.with_outcome("skipped")) == sorted([*outside, *not_applicable])


TABLE_OF_ANOTHER_GAME = re.compile(r"the table (is drawn|draws)|the deal PY1-\S+ is dealt for")
"""How a scenario starting from another game's table says so (steps.drawn_outside)."""


def holds_under(profile: str, tags: set[str]) -> bool:
    rules = load_rules().rules
    about = scenario_profile(tags)
    return (about in (None, profile)) and all(profile in rules[t].profiles for t in tags & RULE_IDS)


@cache
def reference_run(profile: str) -> Outcomes:
    """The whole rulebook against the reference (French texts) under a named profile, once."""
    return run("FrenchTexts", "--pyramide-profile", profile)


DEPTH_SHARE = 0.6
"""Issue 26: every named profile checks at least this share of the app's scenarios."""


def shown_by(outcomes: Outcomes) -> Counter[str]:
    """Rule → passed scenarios tagged with it (the report's depth)."""
    return Counter(rule for n in outcomes.with_outcome("passed") for rule in outcomes.tags[n])


@pytest.mark.parametrize("profile", [name for name in load_profiles().profiles if name != "app"])
def test_the_whole_rulebook_of_a_profile_runs_and_the_reference_passes_it(profile: str) -> None:
    """Every scenario whose rules hold under the profile runs under it; the rest is outside.
    And the run is deep (issue 26): at least 60 % as many scenarios as the app's, and every
    rule an engine is held to there shown by at least min(3, the app's count) of them."""
    outcomes, app = reference_run(profile), reference_run("app")
    assert len(outcomes.with_outcome("passed")) >= DEPTH_SHARE * len(app.with_outcome("passed"))
    shown, app_shown = shown_by(outcomes), shown_by(app)
    held = [
        rule.id
        for rule in load_rules().rules.values()
        if profile in rule.profiles and rule.status != IMPLEMENTATION_DEFINED
    ]
    thin = {rule: shown[rule] for rule in held if shown[rule] < min(THIN, app_shown[rule])}
    assert thin == {}, f"rules shown by too few scenarios under {profile}"
    shaped = [
        n for n in skipped_as(outcomes, OUTSIDE) if TABLE_OF_ANOTHER_GAME.search(outcomes.text[n])
    ]
    for name in shaped:  # another game's table or deal: it names the switch that shapes it
        text = outcomes.text[name]
        # waste_keeps last: a waste of one card at most
        shaping = (*REVISION_2_SWITCHES, *REVISION_3_SWITCHES, "waste_keeps")
        assert any(f"{switch} is " in text for switch in shaping), text
    inside = sorted(
        n for n, tags in outcomes.tags.items() if holds_under(profile, tags) and n not in shaped
    )
    assert inside and sorted(outcomes.with_outcome("passed")) == sorted(
        n for n in inside if n not in skipped_as(outcomes, NOT_APPLICABLE)
    )
    assert skipped_as(outcomes, OUTSIDE) == sorted(set(outcomes.tags) - set(inside))


def test_a_rule_set_no_profile_has_passes_on_the_reference_and_deals_no_code(
    tmp_path: Path,
) -> None:
    """Apophis with one recycle: no letter deals it, so the scenarios reading a deal's code are
    outside the rule set, and everything else passes."""
    rules = tmp_path / "apophis-one-recycle.yaml"
    rules.write_text("waste_piles: 3\nmax_recycles: 1\n", encoding="utf-8")
    outcomes = run("FrenchTexts", "--pyramide-profile", str(rules))
    assert outcomes.with_outcome("passed") and outcomes.with_outcome("failed") == []
    codeless = [n for n in skipped_as(outcomes, OUTSIDE) if "no profile letter" in outcomes.text[n]]
    assert codeless and all("CODE-FORMAT" in outcomes.tags[n] for n in codeless)


def test_an_engine_that_cannot_name_a_pile_is_not_blamed_for_it() -> None:
    """An engine of protocol revision 2 plays the page's Apophis right but cannot name the pile
    of a draw: the scenarios that do are not applicable, with the reason, and none fails."""
    outcomes = run("ApophisOfRevisionTwo", "--pyramide-profile", "apophis")
    assert outcomes.with_outcome("passed") and outcomes.with_outcome("failed") == []
    cannot = [n for n in skipped_as(outcomes, NOT_APPLICABLE) if "revision 2" in outcomes.text[n]]
    assert cannot and all("cannot name the waste pile" in outcomes.text[n] for n in cannot)
    assert any("VAR-APOPHIS-CHOICE" in outcomes.tags[n] for n in cannot)


def test_a_rule_set_given_as_a_file_of_switches_runs_like_the_profile_it_equals(
    tmp_path: Path,
) -> None:
    rules = tmp_path / "my-rules.yaml"
    rules.write_text("stock_24: true\nmax_recycles: 2\n", encoding="utf-8")
    by_file = run("FrenchTexts", "--pyramide-profile", str(rules))
    by_name = run("FrenchTexts", "--pyramide-profile", "traditional")
    assert by_file.with_outcome("passed") == by_name.with_outcome("passed")
    assert by_file.with_outcome("failed") == []


# --- issue 24 C: rules the rulebook used to leave unchecked, and right engines it used to blame


ZOO.extend(
    [
        Wrong("DeadEndForgetsKings", ("END-NO-MORE-MOVES",)),
        Wrong("DeadEndForgetsKings", ("VAR-LIMITED-PASSES",), "three-passes"),
        Wrong("CoveringPairWithACoveredCard", ("VAR-COVERING-PAIR",), "covering-pair"),
        Wrong("StrictWinIgnoresTheWaste", ("VAR-STRICT-WIN",), "strict-win"),
        Wrong("SumMessageStays", ("PAIR-MISMATCH",)),
        Wrong("BlockedWhereNoCardLies", ("TAP-BLOCKED",)),
        Wrong("UndoReachesTen", ("UNDO-LAST-100",), "three-passes"),
        Wrong("UndoReachesTen", ("UNDO-LAST-100",), "giza"),
        Wrong("UndoReachesTen", ("UNDO-LAST-100",), "triangle"),
        Wrong("UndoReachesTen", ("UNDO-LAST-100",), "spanish"),
        # issue 26: the app's rules redrawn on the variants' own tables (features/redrawn)
        Wrong("SelectionNotShown", ("TAP-SELECT",), "triangle"),
        Wrong("UndoKeepsThePoints", ("UNDO-RESTORES",), "giza"),
        Wrong("NoSumMessage", ("VAR-SPANISH-PAIRS-TWELVE",), "spanish"),
        Wrong("BlockedCardsGetSelected", ("TAP-BLOCKED",), "spanish"),
        Wrong("TakesTheFirstPartner", ("PAIR-PLAYER-CHOOSES",), "triangle"),
        # ... and the app's rules on a waste of one card, under the waste that keeps only it
        Wrong("FivePerCard", ("SCORE-PYRAMID-CARD",), "kp-pyramids"),
        Wrong("WasteCardsScore", ("SCORE-NOTHING-ELSE",), "strict-win"),
    ]
)


@pytest.mark.parametrize("profile", ["app", "giza", "apophis", "king-tut", "triangle", "spanish"])
def test_an_engine_sweeping_away_the_cards_left_once_won_passes(profile: str) -> None:
    """Where the stock, waste and reserve cards go once the game is won is no rule of play: no
    scenario may look at them after the win (the strict win's own scenarios aside, where none is
    left). Checked under the rule sets whose scenarios win with cards left on those piles."""
    outcomes = run("SweepsTheLeftoversOnAWin", "--pyramide-profile", profile)
    assert outcomes.with_outcome("passed") and outcomes.with_outcome("failed") == []


@pytest.mark.parametrize("profile", ["pysolfc-pyramid", "pysolfc-relaxed", "microsoft"])
def test_a_draw_keeping_the_selection_is_not_blamed_where_the_stock_top_plays(profile: str) -> None:
    """OPEN-DRAW-SELECTION leaves a draw free to keep a selection, so the stock top's own
    scenarios must not carry a selection across a draw."""
    outcomes = run("DrawKeepsTheSelection", "--pyramide-profile", profile)
    failed = outcomes.with_outcome("failed")
    assert [node for node in failed if IMPLEMENTATION_DEFINED not in outcomes.tags[node]] == []


# --- issue 33 D4: wrong engines once blamed on a rule they keep --------------------------------


ZOO.extend(
    [
        # a card scored where nothing scores: once blamed on the stock top, the waste's last card
        Wrong("StockTopPairScores", ("SCORE-NOTHING-ELSE",), "pysolfc-relaxed"),
        Wrong("OutOfPlayCardScores", ("SCORE-NOTHING-ELSE",), "kp-pyramids"),
        # a deal scenario tagged with three rules: once blamed on its first tag too
        Wrong("DealsADuplicate", ("DEAL-DECK",), "king-tut"),
        # both copies of a card removed: once blamed on the stock's top card too
        Wrong("PharaohRemovesBothCopies", ("VAR-PHARAOH-DECKS",), "pharaoh"),
        # a dead end forgetting Kings: once blamed on KING-ALONE, and on undo's depth
        Wrong("DeadEndForgetsKings", ("END-NO-MORE-MOVES",), "giza"),
        Wrong("DeadEndForgetsKings", ("VAR-LIMITED-PASSES",), "kp-pyramids"),
    ]
)
