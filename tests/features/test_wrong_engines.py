"""The suite catches engines that get a rule wrong, and only blames the rules they break.

Each case runs the whole suite in-process against one faulty adapter of ``wrong_adapters``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from pyramide.conformance.plugin import (
    CAPABILITY_TAGS,
    IMPLEMENTATION_DEFINED,
    NOT_APPLICABLE,
    OUTSIDE,
    scenario_profile,
)
from pyramide.conformance.specdata import load_profiles, load_rules

from . import wrong_adapters
from .inprocess import Outcomes, run_suite

RULE_IDS = set(load_rules().rules)


def run(adapter: str, *options: str) -> Outcomes:
    return run_suite("--pyramide-impl", f"{wrong_adapters.__name__}:{adapter}", *options)


@dataclass(frozen=True)
class Fault:
    adapter: str
    must_fail: frozenset[str]
    """Rules whose scenarios show the fault directly."""
    symptoms: tuple[str, ...]
    """Every failure must report one of these: the fault, not some other mishap."""


FAULTS = [
    Fault(
        "FivePerCard",
        frozenset({"SCORE-PYRAMID-CARD", "SCORE-WIN-280"}),
        ("the score is",),
    ),
    Fault(
        "CoveredCardsPlayable",
        frozenset({"FREE-PYRAMID", "DEAL-COVERING", "PAIR-NOT-COVERING", "TAP-BLOCKED"}),
        ("should still be in the pyramid", "is empty but", "message", "is selected"),
    ),
    Fault(
        "UndoLowersTheCounter",
        frozenset({"UNDO-COUNTER-KEEPS", "OPEN-UNDO-NOT-A-MOVE"}),
        ("the move counter is",),
    ),
    Fault("RecycleReversed", frozenset({"RECYCLE-ORDER"}), ("the waste (bottom to top) is",)),
    Fault("UndoReachesTen", frozenset({"UNDO-LAST-100"}), ("expected the table after tap 1",)),
    Fault("PicksTheCardBeneath", frozenset({"FREE-WASTE-TOP"}), ("is selected",)),
    Fault("EmptyStockTapCounts", frozenset({"MOVES-COUNT"}), ("the move counter is",)),
    Fault(
        "WasteKingStays",
        frozenset({"KING-ALONE"}),
        ("should be gone", "the message", "the move counter is", "status is", "the score is"),
    ),
    Fault(
        "WasteNeverPairs",
        frozenset({"WASTE-PAIRS"}),
        (
            "should be gone",
            "status is",
            "the message",
            "the move counter is",
            "the score is",
            "the pyramid is",
        ),
    ),
    Fault("NeverWon", frozenset({"END-WIN"}), ("the game's status is",)),
    Fault("UndoKeepsThePoints", frozenset({"UNDO-RESTORES"}), ("expected the table",)),
    Fault(
        "EnglishTextsClaimedFrench",
        frozenset({"MSG-TEXTS", "TAP-BLOCKED", "PAIR-MISMATCH", "END-NO-MORE-MOVES"}),
        ("the message",),
    ),
]


@pytest.mark.parametrize("fault", FAULTS, ids=lambda fault: fault.adapter)
def test_a_wrong_engine_fails_the_rules_it_breaks(fault: Fault) -> None:
    outcomes = run(fault.adapter)
    failed = outcomes.with_outcome("failed")
    assert sorted(fault.must_fail - outcomes.rules("failed", RULE_IDS)) == []
    off_target = [
        node for node in failed if not any(s in outcomes.text[node] for s in fault.symptoms)
    ]
    assert off_target == []
    assert outcomes.with_outcome("passed"), "a fault in one rule must leave other rules passing"


SWITCHED_ON = [
    ("AppWithStrictWin", {"END-WIN"}),
    ("AppWithThreePasses", {"RECYCLE-UNLIMITED"}),
    ("AppWithDrawnPairs", {"WASTE-DRAWN-ALONE"}),
    ("AppWithWastePairAnytime", {"WASTE-DRAWN-ALONE", "FREE-WASTE-TOP"}),
    ("AppWithCoveringPairs", {"PAIR-NOT-COVERING"}),
    ("AppWithStockTop", {"STOCK-OUT-OF-PLAY"}),
    ("AppWithStock24", {"DEAL-WASTE-CARD", "DEAL-STOCK"}),
    ("AppDealtFaceDown", {"DEAL-PYRAMID"}),
]
"""Engines claiming the app's rules with one switch wrongly set (every switch has one), and the
rules that must fail."""


@pytest.mark.parametrize(("adapter", "must_fail"), SWITCHED_ON)
def test_a_switch_set_wrongly_fails_only_the_rules_the_switch_changes(
    adapter: str, must_fail: set[str]
) -> None:
    """Each failed scenario shows a rule that does not hold under the switch value played.

    A scenario of an open point may fail with the rule it builds on; it only informs.
    """
    outcomes = run(adapter, "--pyramide-profile", "app")
    assert sorted(must_fail - outcomes.rules("failed", RULE_IDS)) == []
    if dict(getattr(wrong_adapters, adapter).switch).get("face_down"):
        return  # cards shown face down fail whatever scenario looks at them: no blame to check
    spec = load_profiles()
    played = {**spec.profiles["app"].switches, **dict(getattr(wrong_adapters, adapter).switch)}
    states = spec.states(played)
    rules = load_rules().rules
    blamed_wrongly = [
        node
        for node in outcomes.with_outcome("failed")
        if IMPLEMENTATION_DEFINED not in outcomes.tags[node]
        and all(rules[rule].holds(states) for rule in outcomes.tags[node] & RULE_IDS)
    ]
    assert blamed_wrongly == []


def test_every_switch_has_a_wrong_engine() -> None:
    switched = {
        name for adapter, _ in SWITCHED_ON for name, _ in getattr(wrong_adapters, adapter).switch
    }
    assert switched == set(load_profiles().switches)


def skipped_as(outcomes: Outcomes, prefix: str) -> list[str]:
    return sorted(n for n in outcomes.with_outcome("skipped") if prefix in outcomes.text[n])


@pytest.mark.parametrize("adapter", ["KingTapDropsTheSelection", "DrawKeepsTheSelection"])
def test_an_engine_settling_an_open_point_the_other_way_passes_every_required_rule(
    adapter: str,
) -> None:
    """Only scenarios of implementation-defined points may fail (reported as differing), and
    they do: the engine really differs there."""
    outcomes = run(adapter)
    failed = outcomes.with_outcome("failed")
    assert failed, "the engine differs from the reference on its open point"
    assert [node for node in failed if IMPLEMENTATION_DEFINED not in outcomes.tags[node]] == []


def test_an_engine_showing_french_texts_passes_and_the_hungarian_checks_do_not_apply() -> None:
    outcomes = run("FrenchTexts")
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


def holds_under(profile: str, tags: set[str]) -> bool:
    rules = load_rules().rules
    about = scenario_profile(tags)
    return (about in (None, profile)) and all(profile in rules[t].profiles for t in tags & RULE_IDS)


@pytest.mark.parametrize("profile", [name for name in load_profiles().profiles if name != "app"])
def test_the_whole_rulebook_of_a_profile_runs_and_the_reference_passes_it(profile: str) -> None:
    """Every scenario whose rules hold under the profile runs under it; the rest is outside."""
    outcomes = run("FrenchTexts", "--pyramide-profile", profile)
    inside = sorted(n for n, tags in outcomes.tags.items() if holds_under(profile, tags))
    assert inside and sorted(outcomes.with_outcome("passed")) == sorted(
        n for n in inside if n not in skipped_as(outcomes, NOT_APPLICABLE)
    )
    assert skipped_as(outcomes, OUTSIDE) == sorted(set(outcomes.tags) - set(inside))


def test_a_rule_set_given_as_a_file_of_switches_runs_like_the_profile_it_equals(
    tmp_path: Path,
) -> None:
    rules = tmp_path / "my-rules.yaml"
    rules.write_text("stock_24: true\nmax_recycles: 2\n", encoding="utf-8")
    by_file = run("FrenchTexts", "--pyramide-profile", str(rules))
    by_name = run("FrenchTexts", "--pyramide-profile", "traditional")
    assert by_file.with_outcome("passed") == by_name.with_outcome("passed")
    assert by_file.with_outcome("failed") == []
