"""A pytest plugin object that turns pytest's reports into :class:`ScenarioResult` records.

The runner hands it to ``pytest.main``; it reads the rule IDs from the scenario's tags (pytest-bdd
turns tags into markers), classifies each scenario's outcome and prints one progress line per
scenario, so that a long run against a slow engine always shows where it is.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any, TextIO

import pytest
from pytest_bdd.parser import Scenario, Step

from .adapter import AdapterError
from .checks import CheckFailed
from .plugin import (
    IMPLEMENTATION_DEFINED,
    RECORDING,
    outside,
    start_outside_reason,
    tags_of,
    under_test,
)
from .plugin import (
    NOT_APPLICABLE as NOT_APPLICABLE_PREFIX,
)
from .plugin import (
    OUTSIDE as OUTSIDE_PREFIX,
)
from .reliance import relied_on, scenario_steps, scenario_subject
from .results import (
    DIFFERS,
    ERRORED,
    FAILED,
    NOT_APPLICABLE,
    OUTSIDE,
    PASSED,
    ScenarioResult,
    apply_expectations,
)
from .rulesets import UnderTest
from .selection import in_reading_order, scenario_names


class Collector:
    """Collects one :class:`ScenarioResult` per scenario, in run order."""

    def __init__(
        self,
        rule_ids: set[str],
        progress: TextIO | None = None,
        exchanges: bool = False,
        expected: Mapping[str, str] | None = None,
    ) -> None:
        self.rule_ids = rule_ids
        self.expected = expected or {}
        """The failures listed as expected (``--expected-failures``), applied as each scenario
        ends, so that its progress line says what the report will."""
        self.exchanges = exchanges
        """Keep every scenario's exchange with the engine (``--trace``), not only a failure's."""
        self.progress = progress
        """Where one line per finished scenario goes (nowhere by default)."""
        self.results: dict[str, ScenarioResult] = {}
        self.total = 0
        self.finished = 0
        self.ran: set[str] = set()
        self.outside: set[str] = set()
        """Scenarios whose rules or table the rule set does not have: not listed one by one."""
        self.listed = 0
        """The scenarios that ran (all of them, unless the run stopped at a failure)."""
        self._adapter_errors: set[str] = set()
        self._reasons: dict[str, str] = {}
        """Each failed scenario's reason, read from its exception when it was raised."""
        self._open_points: set[str] = set()
        """Scenarios of implementation-defined points: a failure there only differs."""

    @property
    def outcomes(self) -> list[ScenarioResult]:
        """One result per scenario that ran, in run order: a scenario a stopped run never
        reached has no outcome, and is never counted as passed."""
        return [result for nodeid, result in self.results.items() if nodeid in self.ran]

    @property
    def not_run(self) -> list[ScenarioResult]:
        """The scenarios of the rule set a run stopped at its first failure (``-x``) never
        reached: they count as not checked, never as passed nor as outside the rule set."""
        return [
            result
            for nodeid, result in self.results.items()
            if nodeid not in self.ran and nodeid not in self.outside
        ]

    # --- pytest hooks ----------------------------------------------------------------------

    def pytest_configure(self, config: pytest.Config) -> None:
        # pytest formats a long traceback of every failure, reading and parsing the source of
        # each frame: seconds for an engine failing every scenario, and nobody reads it (the
        # reason comes from the exception itself), so it gets Python's plain traceback.
        config.option.tbstyle = "native"

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        in_reading_order(items)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.total = len(session.items)
        try:
            under = under_test(session.config) if session.items else None
        except AdapterError:
            under = None  # an engine that cannot say what it plays: its scenarios all error
        states = {} if under is None else under.states
        if under is not None:
            self.outside = {item.nodeid for item in session.items if is_outside(item, under)}
        for item in session.items:
            feature, name = scenario_names(item)
            marks = {m.name for m in item.iter_markers()}
            subject = scenario_subject(item, self.rule_ids)
            tagged = {m.name for m in item.iter_markers() if m.name in self.rule_ids}
            rules = tuple(sorted(tagged, key=lambda rule: (rule != subject, rule)))
            relies = relied_on(scenario_steps(item), states)
            self.results[item.nodeid] = ScenarioResult(
                item.nodeid,
                feature,
                name,
                rules,
                relies_on=tuple(r for r in relies if r not in rules),
                subject=subject,
            )
            if IMPLEMENTATION_DEFINED in marks:
                self._open_points.add(item.nodeid)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, Any, None]:
        broke = call.excinfo is not None and not call.excinfo.errisinstance(pytest.skip.Exception)
        recording = item.stash.get(RECORDING, None)
        traced = self.exchanges and call.when == "call"
        if recording is not None and item.nodeid in self.results and (broke or traced):
            self.results[item.nodeid].exchange = tuple(recording.exchange)
        if call.excinfo is not None and broke:
            if call.excinfo.errisinstance(AdapterError):
                self._adapter_errors.add(item.nodeid)
            if call.excinfo.errisinstance(CheckFailed) and item.nodeid in self.results:
                failed = call.excinfo.value
                assert isinstance(failed, CheckFailed)
                result = self.results[item.nodeid]
                result.checked, result.cleared = failed.rules, failed.cleared
            self._reasons.setdefault(item.nodeid, _failure_text(call.excinfo))
        yield

    def pytest_bdd_step_error(
        self, request: pytest.FixtureRequest, scenario: Scenario, step: Step
    ) -> None:
        """Note the scenario's steps, and which one failed, for the failure's report."""
        result = self.results.get(request.node.nodeid)
        if result is not None:
            result.steps = tuple(step_text(each) for each in scenario.steps)
            result.failed_step = next(n for n, each in enumerate(scenario.steps) if each is step)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        result = self.results.get(report.nodeid)
        if result is None:
            return
        result.duration += report.duration
        if report.skipped and result.outcome == PASSED:
            reason = _skip_reason(report)
            if reason.startswith(OUTSIDE_PREFIX):
                result.outcome, result.reason = OUTSIDE, reason.removeprefix(OUTSIDE_PREFIX)
            elif reason.startswith(NOT_APPLICABLE_PREFIX):
                result.outcome = NOT_APPLICABLE
                result.reason = reason.removeprefix(NOT_APPLICABLE_PREFIX)
            else:
                result.outcome, result.reason = ERRORED, reason
        elif report.failed and result.outcome == PASSED:
            errored = report.when != "call" or report.nodeid in self._adapter_errors
            result.outcome = ERRORED if errored else FAILED
            settled_otherwise = report.nodeid in self._open_points and not result.checked
            if result.outcome == FAILED and settled_otherwise:
                result.outcome = DIFFERS
            result.reason = self._reasons.get(report.nodeid) or report.longreprtext

    def pytest_runtest_logfinish(self, nodeid: str, location: tuple[str, int, str]) -> None:
        result = self.results.get(nodeid)
        if result is None:
            return
        self.finished += 1
        self.ran.add(nodeid)
        apply_expectations([result], self.expected)
        if self.progress is not None and nodeid not in self.outside:
            self.listed += 1
            where = f"{result.feature}: {result.name}"
            print(
                f"[{self.listed:>3}/{self.total - len(self.outside)}] {result.outcome:<16} {where}",
                file=self.progress,
                flush=True,
            )

    def pytest_sessionfinish(self) -> None:
        if self.progress is not None and self.outside:
            print(
                f"      and {len(self.outside)} scenarios outside the rule set, not listed",
                file=self.progress,
                flush=True,
            )


def is_outside(item: pytest.Item, under: UnderTest) -> bool:
    """Whether a scenario is outside the rule set, as the plugin will find when it runs."""
    return bool(outside(tags_of(item), under) or start_outside_reason(item, under))


def step_text(step: Step) -> str:
    """``When I tap 9♦ then 4♠``, with its table (docstring) on the lines below."""
    text = f"{step.keyword} {step.name}"
    if step.docstring:
        text += "".join(f"\n    {line}" for line in step.docstring.splitlines())
    return text


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _failure_text(excinfo: pytest.ExceptionInfo[BaseException]) -> str:
    """What went wrong, as the step library words it for people: a failed check's own text
    (the difference it saw, :mod:`.expectations`, whole), a plain assertion's first line (the
    rest is pytest's expansion of the expression), or an engine's error with its kind; never
    a file inside the harness."""
    if isinstance(excinfo.value, CheckFailed):
        return str(excinfo.value).strip()
    first = (str(excinfo.value).strip().splitlines() or [""])[0]
    if not first:
        return excinfo.exconly(tryshort=True).splitlines()[0]
    return first if excinfo.errisinstance(AssertionError) else f"{excinfo.typename}: {first}"
