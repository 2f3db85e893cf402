"""Outcomes of a conformance run, scenario by scenario and rule by rule.

A scenario ends in one of six outcomes. *Not applicable* (the adapter lacks a capability or a
profile the scenario needs) is never counted as passed; *errored* means the engine under test
misbehaved as a program (crashed, hung, answered garbage) rather than breaking a rule; an
*expected failure* is one the implementer listed with a reason, and an *unexpected pass* is a
listed failure that now passes — flagged so that the list is kept honest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

PASSED = "passed"
FAILED = "failed"
NOT_APPLICABLE = "not applicable"
ERRORED = "errored"
EXPECTED_FAILURE = "expected failure"
UNEXPECTED_PASS = "unexpected pass"
OUTCOMES = (PASSED, FAILED, NOT_APPLICABLE, ERRORED, EXPECTED_FAILURE, UNEXPECTED_PASS)
BAD_OUTCOMES = (FAILED, ERRORED, UNEXPECTED_PASS)
"""Any of these makes the run fail."""


@dataclass
class ScenarioResult:
    """One scenario's outcome, with the rules it shows and why it ended so."""

    nodeid: str
    feature: str
    name: str
    rules: tuple[str, ...]
    outcome: str = PASSED
    reason: str = ""
    duration: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "type": "scenario",
            "id": self.nodeid,
            "feature": self.feature,
            "scenario": self.name,
            "rules": list(self.rules),
            "outcome": self.outcome,
            "reason": self.reason,
            "duration": round(self.duration, 4),
        }


@dataclass
class RuleSummary:
    """How one rule fared across the scenarios that show it."""

    rule_id: str
    title: str
    status: str
    area: str
    counts: Counter[str] = field(default_factory=Counter)

    @property
    def verdict(self) -> str:
        """The rule's worst outcome; not applicable only when no scenario applied."""
        for outcome in (FAILED, ERRORED, UNEXPECTED_PASS, EXPECTED_FAILURE, PASSED):
            if self.counts[outcome]:
                return outcome
        return NOT_APPLICABLE if self.counts[NOT_APPLICABLE] else "no scenario"


def summarize(
    results: Iterable[ScenarioResult], rules: Mapping[str, tuple[str, str, str]]
) -> list[RuleSummary]:
    """One summary per catalogue rule (``rules``: ID → (title, status, area)), in order."""
    summaries = {
        rule_id: RuleSummary(rule_id, title, status, area)
        for rule_id, (title, status, area) in rules.items()
    }
    for result in results:
        for rule_id in result.rules:
            if rule_id in summaries:
                summaries[rule_id].counts[result.outcome] += 1
    return list(summaries.values())


def compliance(summaries: Iterable[RuleSummary]) -> tuple[int, int]:
    """(rules passed, rules applicable) over the rules the suite forces on every engine."""
    forced = [s for s in summaries if s.status != "implementation-defined"]
    applicable = [s for s in forced if s.verdict not in (NOT_APPLICABLE, "no scenario")]
    return sum(s.verdict == PASSED for s in applicable), len(applicable)


def apply_expectations(results: Iterable[ScenarioResult], expected: Mapping[str, str]) -> None:
    """Mark listed failures as expected and listed passes as unexpected (by name or ID)."""
    for result in results:
        reason = expected.get(result.name) or expected.get(result.nodeid)
        if reason is None:
            continue
        if result.outcome in (FAILED, ERRORED):
            first_line = result.reason.splitlines()[0] if result.reason else ""
            result.outcome = EXPECTED_FAILURE
            result.reason = f"{reason} (was: {first_line})"
        elif result.outcome == PASSED:
            result.outcome = UNEXPECTED_PASS
            result.reason = f"listed as an expected failure ({reason}) but passed"


def outcome_counts(results: Iterable[ScenarioResult]) -> Counter[str]:
    return Counter(result.outcome for result in results)
