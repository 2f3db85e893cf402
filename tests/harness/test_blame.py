"""The report's "rules at fault": the fewest rules explaining every failed scenario."""

from __future__ import annotations

from pyramide.conformance.results import Involved, blame


def involved(subject: str, *others: str) -> Involved:
    return Involved(subject, frozenset((subject, *others)))


def test_a_rule_that_other_scenarios_lean_on_takes_the_blame_for_them() -> None:
    failures = [involved("SCORE"), involved("PAIR", "SCORE"), involved("KING", "SCORE")]
    assert blame(failures, [involved("PAIR"), involved("KING")]) == ["SCORE"]


def test_two_unrelated_breaches_are_both_blamed() -> None:
    assert blame([involved("PAIR"), involved("UNDO")]) == ["PAIR", "UNDO"]


def test_of_rules_failing_together_the_one_the_failures_are_about_is_blamed() -> None:
    failures = [involved("UNDO-LAST-100", "KING", "RECYCLE")]
    assert blame(failures, [involved("KING"), involved("RECYCLE")]) == ["UNDO-LAST-100"]


def test_of_rules_failing_together_one_with_a_passed_scenario_is_cleared() -> None:
    failures = [involved("A", "B"), involved("B", "A")]
    assert blame(failures, [involved("A")]) == ["B"]


def test_rules_nothing_tells_apart_are_blamed_together() -> None:
    failures = [involved("A", "B"), involved("B", "A")]
    assert blame(failures) == ["A", "B"]


def test_nothing_failed_nothing_blamed() -> None:
    assert blame([], [involved("A")]) == []
