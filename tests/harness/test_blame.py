"""The report's "rules at fault": of the rules with evidence against them (a failed check of
theirs, or a failed scenario about them whose step named no rule), the fewest explaining every
failed scenario."""

from __future__ import annotations

from pyramide.conformance.results import (
    FAILED,
    NOT_REACHED,
    OUTSIDE,
    Involved,
    ScenarioResult,
    blame,
    compliance,
    summarize,
)


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


def test_a_rule_the_failures_only_rely_on_is_not_blamed_for_them() -> None:
    """Both failed scenarios start from the deal, but neither failed on a check of it."""
    failures = [involved("PAIR-THIRTEEN", "DEAL-PYRAMID"), involved("SCORE", "DEAL-PYRAMID")]
    assert blame(failures) == ["PAIR-THIRTEEN", "SCORE"]


def test_a_rule_its_failed_step_cleared_is_no_evidence() -> None:
    """A scoring scenario whose score agrees with the cards shown: the pairs are at fault."""
    cleared = Involved("SCORE", frozenset({"PAIR-THIRTEEN", "DEAL-PYRAMID"}))
    assert blame([cleared, involved("PAIR-THIRTEEN", "DEAL-PYRAMID")]) == ["PAIR-THIRTEEN"]


def test_a_check_naming_its_rule_is_evidence_whatever_the_scenario_is_about() -> None:
    named = Involved("KING-ALONE", frozenset({"PAIR-VALUES"}), frozenset({"PAIR-VALUES"}))
    assert blame([named, involved("KING-ALONE", "PAIR-VALUES")]) == ["PAIR-VALUES"]


def test_a_rule_whose_scenarios_all_failed_on_another_rule_is_not_reached_not_outside() -> None:
    """A scenario that shows PAIR-NOT-COVERING and failed on the score's check says nothing of
    the covering rule: neither passed nor failed, and not outside the rule set either, which a
    scenario of another rule set showing it would otherwise make it look."""
    rules = {rule: (rule, "required", "pairs") for rule in ("PAIR-NOT-COVERING", "SCORE")}
    failed = ScenarioResult(
        "s1",
        "pairs.feature",
        "covering",
        ("PAIR-NOT-COVERING", "SCORE"),
        FAILED,
        checked=("SCORE",),
    )
    elsewhere = ScenarioResult("s2", "x.feature", "other", ("PAIR-NOT-COVERING",), OUTSIDE)
    verdicts = {rule.rule_id: rule.verdict for rule in summarize([failed, elsewhere], rules)}
    assert verdicts == {"PAIR-NOT-COVERING": NOT_REACHED, "SCORE": FAILED}
    assert compliance(summarize([failed, elsewhere], rules)) == (0, 1)
