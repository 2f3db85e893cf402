"""Outcomes of a conformance run, scenario by scenario and rule by rule.

A scenario ends in one of eight outcomes. *Outside the rule set*: its rules do not hold under
the rule set checked (or the engine's conventions), so it is not part of that rulebook at all.
*Not applicable*: it is part of the rulebook but the engine cannot show it (a capability it
lacks, a rule set it does not play); never counted as passed, and counted against coverage.
*Errored* means the engine misbehaved as a program (crashed, hung, answered garbage) rather
than breaking a rule; *differs from the reference* is a failed scenario of an
implementation-defined point, which no engine is held to; an *expected failure* is one the
implementer listed with a reason, and an *unexpected pass* is a listed failure that now passes
— flagged so that the list is kept honest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

PASSED = "passed"
FAILED = "failed"
NOT_APPLICABLE = "not applicable"
OUTSIDE = "outside the rule set"
ERRORED = "errored"
DIFFERS = "differs from reference"
EXPECTED_FAILURE = "expected failure"
UNEXPECTED_PASS = "unexpected pass"
NO_SCENARIO = "no scenario"
"""A rule's verdict when no scenario of the run shows it (a run of one scenario shows few)."""
NOT_RUN = "not run"
"""A rule's verdict when none of its scenarios ran because the run stopped at its first
failure (``-x``): not checked, not passed, not outside the rule set."""
NOT_REACHED = "not reached"
"""A rule's verdict when every scenario of the rule set showing it failed on another rule's
check before it could show this one: not checked, not passed, and not outside the rule set
either (the scenarios of other rule sets that show it say nothing of this engine)."""
OUTCOMES = (
    PASSED,
    FAILED,
    NOT_APPLICABLE,
    OUTSIDE,
    ERRORED,
    DIFFERS,
    EXPECTED_FAILURE,
    UNEXPECTED_PASS,
)
BAD_OUTCOMES = (FAILED, ERRORED, UNEXPECTED_PASS)
"""Any of these makes the run fail."""
CHECKED = (PASSED, FAILED, DIFFERS, EXPECTED_FAILURE, UNEXPECTED_PASS)
"""The outcomes of a scenario whose rules the engine was checked on. An errored scenario is
not one of them: the engine failed as a program before the scenario could say anything about
its rules, so it counts against coverage like a scenario that could not run."""
IMPLEMENTATION_DEFINED = "implementation-defined"
"""The status of a rule settling a point the rules documents leave open (``spec/rules.yaml``)."""
DEFAULT_MIN_COVERAGE = 50.0
"""Below this share of its rulebook checked, a run fails whatever passed."""


@dataclass
class ScenarioResult:
    """One scenario's outcome, with the rules it shows and why it ended so."""

    nodeid: str
    feature: str
    name: str
    rules: tuple[str, ...]
    """The rules it shows, the one it is about first, the others in alphabetical order: the
    same on every run and every machine (pytest-bdd keeps tags as a set)."""
    outcome: str = PASSED
    reason: str = ""
    duration: float = 0.0
    relies_on: tuple[str, ...] = ()
    """Rules its steps lean on besides its own (:mod:`pyramide.conformance.reliance`)."""
    subject: str | None = None
    """The rule it is about (the first rule it is tagged with)."""
    checked: tuple[str, ...] = ()
    """The rules the failed step checks, when it knows them
    (:class:`~pyramide.conformance.checks.CheckFailed`)."""
    cleared: tuple[str, ...] = ()
    """Rules the failed step knows are not at fault."""
    steps: tuple[str, ...] = ()
    """A failed scenario's steps as the rulebook writes them (an outline's example filled in),
    with their tables."""
    failed_step: int | None = None
    """Which of :attr:`steps` failed."""
    exchange: tuple[dict[str, Any], ...] = ()
    """A failed scenario's requests to the engine and its answers
    (:class:`~pyramide.conformance.exchange.Recording`)."""

    def details(self) -> dict[str, object]:
        """What a failure carries besides its outcome: its steps, the one that failed, and
        the exchange with the engine."""
        return {
            "steps": list(self.steps),
            "failed_step": self.failed_step,
            "exchange": list(self.exchange),
        }

    @property
    def id(self) -> str:
        """The scenario's stable ID, the same on every machine: ``<feature file>: <scenario>
        [<example>]`` (:func:`~pyramide.conformance.selection.scenario_id`); an invariant's
        row keeps its own (``invariants::score``)."""
        return f"{self.feature}: {self.name}" if self.feature.endswith(".feature") else self.nodeid

    @property
    def involved(self) -> Involved:
        """Every rule whose breach could make this scenario fail: the rules its failed step
        checks when that step knows them, else all it shows and leans on, less the rules the
        step cleared; and the rules its failed step named. A failure is about the first rule
        its failed step names (the check's own rule, the others the ones it may be instead),
        else about the scenario's subject."""
        cleared = set(self.cleared)
        rules = set(self.checked or (*self.rules, *self.relies_on)) - cleared
        about = self.checked[0] if self.checked else self.subject
        return Involved(about, frozenset(rules), frozenset(self.checked) - cleared)

    def to_json(self) -> dict[str, object]:
        return {
            "type": "scenario",
            "id": self.id,
            "feature": self.feature,
            "scenario": self.name,
            "rules": list(self.rules),
            "relies_on": list(self.relies_on),
            "checked": list(self.checked),
            "cleared": list(self.cleared),
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
        for outcome in (
            FAILED,
            ERRORED,
            UNEXPECTED_PASS,
            EXPECTED_FAILURE,
            DIFFERS,
            PASSED,
            NOT_RUN,
            NOT_REACHED,
            NOT_APPLICABLE,
            OUTSIDE,
        ):
            if self.counts[outcome]:
                return outcome
        return NO_SCENARIO


def counted_rules(result: ScenarioResult, status: Mapping[str, str]) -> tuple[str, ...]:
    """The rules a scenario's outcome counts toward (``status``: rule ID → its status).

    A scenario whose failed step named the rules it checks counts against those alone; one whose
    step named none, against the rule it is about (the evidence :func:`blame` weighs), unless
    the step cleared that rule (a score that agrees with the cards the engine shows), and then
    against the others it shows. One that
    differs from the reference settled an open point otherwise: it speaks only for its
    implementation-defined rules, never against the required rules it also shows (the step
    that parted from the reference checked the open point, not them).
    """
    if result.checked:
        return result.checked
    if result.outcome == DIFFERS:
        return tuple(rule for rule in result.rules if status.get(rule) == IMPLEMENTATION_DEFINED)
    kept = tuple(rule for rule in result.rules if rule not in result.cleared)
    if result.outcome in (FAILED, EXPECTED_FAILURE) and result.subject in kept:
        return (result.subject,)
    return kept


def summarize(
    results: Iterable[ScenarioResult],
    rules: Mapping[str, tuple[str, str, str]],
    not_run: Iterable[ScenarioResult] = (),
) -> list[RuleSummary]:
    """One summary per catalogue rule (``rules``: ID → (title, status, area)), in order; the
    scenarios a stopped run did not reach (``not_run``) count as :data:`NOT_RUN`."""
    summaries = {
        rule_id: RuleSummary(rule_id, title, status, area)
        for rule_id, (title, status, area) in rules.items()
    }
    status = {rule_id: summary.status for rule_id, summary in summaries.items()}
    for result in results:
        counted = counted_rules(result, status)
        for rule_id in counted:
            if rule_id in summaries:
                summaries[rule_id].counts[result.outcome] += 1
        if result.outcome in (FAILED, EXPECTED_FAILURE):
            for rule_id in set(result.rules) - set(counted):
                if rule_id in summaries:
                    summaries[rule_id].counts[NOT_REACHED] += 1
    for result in not_run:
        for rule_id in result.rules:
            if rule_id in summaries:
                summaries[rule_id].counts[NOT_RUN] += 1
    return list(summaries.values())


def compliance(summaries: Iterable[RuleSummary]) -> tuple[int, int]:
    """(rules passed, rules applicable) over the rules the suite forces on every engine; a rule
    no scenario reached (each failed on another rule first) was not checked, so it counts on
    neither side."""
    forced = [s for s in summaries if s.status != IMPLEMENTATION_DEFINED]
    unchecked = (NOT_REACHED, NOT_APPLICABLE, OUTSIDE, NO_SCENARIO)
    applicable = [s for s in forced if s.verdict not in unchecked]
    return sum(s.verdict == PASSED for s in applicable), len(applicable)


@dataclass(frozen=True)
class Involved:
    """The rules a scenario's outcome speaks for: the one it is about and all it leans on."""

    subject: str | None
    rules: frozenset[str]
    named: frozenset[str] = frozenset()
    """The rules its failed step checked and saw broken (:class:`~.checks.CheckFailed`)."""

    @property
    def evidence(self) -> frozenset[str]:
        """The rules this failure is evidence against: those its failed step named, else the
        rule the scenario is about, unless the step cleared it (:attr:`rules` leaves out the
        rules cleared). A rule the scenario merely relies on is never among them."""
        return self.named or frozenset(rule for rule in self.rules if rule == self.subject)


def blame(failures: Iterable[Involved], passes: Iterable[Involved] = ()) -> list[str]:
    """The rules at fault: of the rules with evidence against them, the fewest that account
    for every failed scenario.

    A rule is at fault only on evidence: a failed check of that rule, or a failed scenario about
    it whose failed step named no rule. A failure that could be explained by a rule with such
    evidence is explained by one, so a rule the failed scenarios merely lean on (the deal every
    pair scenario starts from, the score a scenario about Kings reads) is never blamed while a
    rule with evidence explains them: a pairs fault is blamed on the pairs, not on the deal.
    Among those, the fewest rules (:func:`fewest_rules`); a failure no rule with evidence can
    explain falls back on every rule it involves.
    """
    failures = list(failures)
    against = {rule for failure in failures for rule in failure.evidence}
    return fewest_rules(
        [
            Involved(failure.subject, failure.rules & against or failure.rules, failure.named)
            for failure in failures
        ],
        passes,
    )


def fewest_rules(failures: Iterable[Involved], passes: Iterable[Involved] = ()) -> list[str]:
    """The fewest rules that account for every failed scenario.

    A scenario fails when any rule it involves is broken, so a rule broken on its own accounts
    for every failure it is involved in. Found greedily: the rule accounting for the most
    failures still unexplained first. Rules that account for exactly the same failures cannot
    be told apart by them; of those, the ones the most of these failures are about are kept,
    and then, if some remain, the ones with no passed scenario about them; the rest are blamed
    together. Sorted.
    """
    cleared = {passed.subject for passed in passes}
    unexplained = list(failures)
    at_fault: set[str] = set()
    while unexplained:
        accounts: dict[str, frozenset[int]] = {}
        for failure in unexplained:
            for rule in failure.rules:
                accounts[rule] = frozenset(
                    n for n, other in enumerate(unexplained) if rule in other.rules
                )
        if not accounts:
            break  # failures tagged with no rule: nothing to blame them on
        most = max(accounts.values(), key=len)
        tied = {rule for rule, covered in accounts.items() if covered == most}
        about = Counter(unexplained[n].subject for n in most)
        if any(about[rule] for rule in tied):
            tied = {rule for rule in tied if about[rule] == max(about[r] for r in tied)}
        at_fault.update(tied - cleared or tied)
        unexplained = [failure for n, failure in enumerate(unexplained) if n not in most]
    return sorted(at_fault)


def at_fault(results: Iterable[ScenarioResult]) -> list[str]:
    """The rules a run blames (:func:`blame`): its failed scenarios against its passed ones.
    An invariant's row counts as a scenario about its first rule."""
    rows = list(results)
    return blame(
        (r.involved for r in rows if r.outcome == FAILED),
        (r.involved for r in rows if r.outcome == PASSED),
    )


def former_id(scenario_id: str) -> str:
    """The ID a scenario of a subfolder of ``features/`` had before its folder was named
    (``giza.feature: ...`` for ``redrawn/giza.feature: ...``): still accepted where an ID is
    given, so that a list of known failures or a saved command keeps working."""
    feature, separator, name = scenario_id.partition(": ")
    return f"{feature.rpartition('/')[2]}{separator}{name}"


def apply_expectations(results: Iterable[ScenarioResult], expected: Mapping[str, str]) -> None:
    """Mark listed failures as expected and listed passes as unexpected (by name or ID)."""
    for result in results:
        reason = next(
            (
                expected[key]
                for key in (result.name, result.id, former_id(result.id))
                if key in expected
            ),
            None,
        )
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


@dataclass(frozen=True)
class Coverage:
    """How much of the rule set's rulebook ran against the engine, and why the rest did not."""

    checked: int
    in_rule_set: int
    outside: int
    not_applicable: Counter[str]
    """Why scenarios of the rule set could not be checked, reason → how many."""
    errored: int = 0
    """Scenarios of the rule set the engine failed as a program (not checked either)."""
    not_run: int = 0
    """Scenarios of the rule set a run stopped at its first failure never reached."""

    @property
    def percent(self) -> float:
        return 100.0 * self.checked / self.in_rule_set if self.in_rule_set else 0.0

    def shortfall(self, minimum: float) -> str | None:
        """Why the run cannot pass on coverage alone, or None."""
        if not self.in_rule_set:
            return "no scenario of the rulebook holds under this rule set"
        if not self.checked:
            return "no scenario could be checked on this engine"
        if self.percent < minimum:
            return (
                f"only {self.percent:.1f} % of the rule set's scenarios ran (minimum {minimum:g} %)"
            )
        return None

    def summary(self) -> str:
        """``checked 7 of 110 scenarios (12 outside the rule set): 103 not applicable — ...``."""
        line = f"checked {self.checked} of {self.in_rule_set} scenarios of this rule set"
        line += f" ({self.percent:.1f} %)"
        if self.outside:
            line += f"; {self.outside} more are outside it"
        if self.errored:
            line += f"; {self.errored} errored (not checked: the engine failed as a program)"
        if self.not_run:
            line += f"; {self.not_run} not run: the run stopped at its first failure (-x)"
        if self.not_applicable:
            reasons = "; ".join(
                f"{n} because {reason}" for reason, n in self.not_applicable.most_common()
            )
            line += f"; not applicable: {reasons}"
        return line


THIN = 3
"""A rule shown by fewer scenarios than this rests on a sliver of the rulebook: an engine can
meet one or two examples and be wrong everywhere else (issue 26)."""


@dataclass(frozen=True)
class Depth:
    """How deep the check went: for every rule that holds under the rule set, how many of the
    scenarios that ran show it. A coverage of 100 % says every scenario of the rule set ran,
    not that the rule set's rules were each checked more than once."""

    shown_by: Mapping[str, int]
    """Each rule holding under the rule set (catalogue order) → scenarios that ran showing it."""

    @property
    def thin(self) -> dict[str, int]:
        """The rules shown by fewer than :data:`THIN` scenarios that ran, none included."""
        return {rule: n for rule, n in self.shown_by.items() if n < THIN}

    def summary(self) -> str:
        """``depth: 40 rules an engine is held to here, 38 shown by a scenario that ran; 5 by
        fewer than 3: UNDO-LAST-100 (0), ...``."""
        shown = sum(n > 0 for n in self.shown_by.values())
        line = (
            f"depth: {len(self.shown_by)} rules an engine is held to here, "
            f"{shown} shown by a scenario that ran"
        )
        if self.thin:
            rules = ", ".join(f"{rule} ({n})" for rule, n in self.thin.items())
            line += f"; {len(self.thin)} by fewer than {THIN}: {rules}"
        return line


def depth(results: Iterable[ScenarioResult], holding: Sequence[str]) -> Depth:
    """The depth of a run over the rules ``holding`` under its rule set."""
    shown = Counter(rule for r in results if r.outcome in CHECKED for rule in r.rules)
    return Depth({rule: shown[rule] for rule in holding})


def coverage(results: Iterable[ScenarioResult], not_run: int = 0) -> Coverage:
    """Scenario rows only (the invariants are counted with their own rows), and the scenarios
    of the rule set a stopped run did not reach."""
    rows = list(results)
    reasons = Counter(r.reason.split(" (")[0] for r in rows if r.outcome == NOT_APPLICABLE)
    outside = sum(r.outcome == OUTSIDE for r in rows)
    checked = sum(r.outcome in CHECKED for r in rows)
    errored = sum(r.outcome == ERRORED for r in rows)
    in_rule_set = len(rows) - outside + not_run
    return Coverage(checked, in_rule_set, outside, reasons, errored, not_run)
