"""The suite catches engines that get a rule wrong, and only blames the rules they break.

Each case runs the whole suite in-process against one faulty adapter of ``wrong_adapters``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from pyramide.conformance.plugin import (
    CAPABILITY_TAGS,
    IMPLEMENTATION_DEFINED,
    NOT_APPLICABLE,
    PROFILE_PREFIX,
)
from pyramide.conformance.specdata import load_profiles, load_rules

from . import wrong_adapters
from .gherkin import parsed_scenarios
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
    ("AppWithStrictWin", "strict-win", {"END-WIN"}),
    ("AppWithThreePasses", "three-passes", {"RECYCLE-UNLIMITED"}),
    ("AppWithDrawnPairs", "drawn-with-waste", {"WASTE-DRAWN-ALONE"}),
    ("AppWithCoveringPairs", "covering-pair", {"PAIR-NOT-COVERING"}),
]
"""Engines playing the app's games with one variant switch on, and the rules that must fail."""


@pytest.mark.parametrize(("adapter", "variant", "must_fail"), SWITCHED_ON)
def test_a_variant_switch_left_on_fails_only_the_rules_the_variant_changes(
    adapter: str, variant: str, must_fail: set[str]
) -> None:
    """Each failed scenario shows a rule that does not hold under the variant (spec/profiles).

    A scenario of an open point may fail with the rule it builds on; it only informs.
    """
    outcomes = run(adapter, "--pyramide-profile", "app")
    assert sorted(must_fail - outcomes.rules("failed", RULE_IDS)) == []
    profiles = load_profiles()
    blamed_wrongly = [
        node
        for node in outcomes.with_outcome("failed")
        if IMPLEMENTATION_DEFINED not in outcomes.tags[node]
        and all(variant in profiles.holds_under(rule) for rule in outcomes.tags[node] & RULE_IDS)
    ]
    assert blamed_wrongly == []


def test_an_engine_showing_french_texts_passes_and_the_hungarian_checks_do_not_apply() -> None:
    outcomes = run("FrenchTexts")
    assert outcomes.with_outcome("failed") == []
    skipped = outcomes.with_outcome("skipped")
    assert skipped and all("[hu-" in node for node in skipped)
    assert all(NOT_APPLICABLE in outcomes.text[node] for node in skipped)


def test_scenarios_needing_what_an_engine_lacks_are_not_applicable_never_passed() -> None:
    outcomes = run("MovesOnly")
    assert outcomes.with_outcome("failed") == []

    def needs_more(tags: set[str]) -> bool:
        return any(tag in CAPABILITY_TAGS or tag.startswith(PROFILE_PREFIX) for tag in tags)

    expected = sorted(node for node, tags in outcomes.tags.items() if needs_more(tags))
    assert sorted(outcomes.with_outcome("skipped")) == expected
    assert all(NOT_APPLICABLE in outcomes.text[node] for node in expected)


def test_a_profile_option_runs_only_that_profile() -> None:
    outcomes = run("FrenchTexts", "--pyramide-profile", "covering-pair")
    tagged = [s for s in parsed_scenarios() if f"{PROFILE_PREFIX}covering-pair" in s.tags]
    assert len(outcomes.tags) == sum(len(s.runs) for s in tagged) > 0
    assert outcomes.with_outcome("passed") == list(outcomes.tags)
