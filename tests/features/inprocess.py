"""Run the whole suite in-process against a named adapter and record every scenario's fate."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from importlib.util import find_spec
from typing import Any

import pytest
from pyramide.conformance.checks import CheckFailed
from pyramide.conformance.plugin import IMPLEMENTATION_DEFINED, tags_of, under_test
from pyramide.conformance.reliance import relied_on, scenario_steps, scenario_subject
from pyramide.conformance.results import Involved, blame
from pyramide.conformance.runner import INNER_RUN_OPTIONS
from pyramide.conformance.specdata import load_rules


@dataclass(eq=False)  # a plugin: pytest 8 keeps plugins in a set
class Outcomes:
    """A pytest plugin noting each scenario's tags, outcome and failure or skip text."""

    tags: dict[str, set[str]] = field(default_factory=dict)
    outcome: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    relies: dict[str, set[str]] = field(default_factory=dict)
    """The rules each scenario's steps lean on, under the run's rule set."""
    subject: dict[str, str | None] = field(default_factory=dict)
    checked: dict[str, CheckFailed] = field(default_factory=dict)
    """The failed checks that knew which rules they check."""

    def pytest_configure(self, config: pytest.Config) -> None:
        config.option.tbstyle = "line"  # where it failed: a traceback costs time and is not read

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.tags = {item.nodeid: tags_of(item) for item in session.items}
        states = under_test(session.config).states
        rule_ids = set(load_rules().rules)
        self.subject = {item.nodeid: scenario_subject(item, rule_ids) for item in session.items}
        self.relies = {
            item.nodeid: set(relied_on(scenario_steps(item), states)) for item in session.items
        }

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, Any, None]:
        if call.excinfo is not None and call.excinfo.errisinstance(CheckFailed):
            failed = call.excinfo.value
            assert isinstance(failed, CheckFailed)
            self.checked[item.nodeid] = failed
        yield

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed or report.skipped:
            self.outcome[report.nodeid] = report.outcome
            self.text[report.nodeid] = str(report.longrepr)
        elif report.when == "call":
            self.outcome[report.nodeid] = "passed"

    def with_outcome(self, outcome: str) -> list[str]:
        return [node for node, seen in self.outcome.items() if seen == outcome]

    def rules(self, outcome: str, rule_ids: set[str]) -> set[str]:
        """The rule IDs on the scenarios that had this outcome."""
        return {tag for node in self.with_outcome(outcome) for tag in self.tags[node] & rule_ids}

    def involved(self, node: str, rule_ids: set[str]) -> frozenset[str]:
        """The rules a failure is blamed among: every rule the scenario shows or leans on, or
        those its failed step knew it checks (:meth:`CheckFailed.involved`)."""
        every = frozenset(self.tags[node] & rule_ids | self.relies[node])
        failed = self.checked.get(node)
        return every if failed is None else failed.involved(every)

    def checks_a_rule(self, node: str) -> bool:
        """Whether the scenario failed on a check that named the rules it checks."""
        failed = self.checked.get(node)
        return failed is not None and bool(failed.rules)

    def at_fault(self, rule_ids: set[str]) -> list[str]:
        """The rules the report blames: failures of implementation-defined points only differ."""

        def involved(outcome: str) -> list[Involved]:
            return [
                Involved(self.subject[node], self.involved(node, rule_ids))
                for node in self.with_outcome(outcome)
                if IMPLEMENTATION_DEFINED not in self.tags[node] or self.checks_a_rule(node)
            ]

        return blame(involved("failed"), involved("passed"))


def suite_file() -> str:
    """The suite module's path (importing it needs a running pytest session)."""
    spec = find_spec("pyramide.conformance.suite")
    assert spec is not None and spec.origin is not None
    return spec.origin


def run_suite(*options: str) -> Outcomes:
    outcomes = Outcomes()
    status = pytest.main(
        [
            suite_file(),
            *INNER_RUN_OPTIONS,
            "--strict-markers",
            *options,
        ],
        plugins=[outcomes],
    )
    assert status in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), f"pytest status {status}"
    assert len(outcomes.outcome) == len(outcomes.tags), "some scenarios did not run"
    return outcomes
