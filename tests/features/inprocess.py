"""Run the whole suite in-process against a named adapter and record every scenario's fate."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.util import find_spec

import pytest
from pyramide.conformance.collector import Collector
from pyramide.conformance.plugin import tags_of, under_test
from pyramide.conformance.reliance import relied_on, scenario_steps
from pyramide.conformance.results import at_fault
from pyramide.conformance.runner import INNER_RUN_OPTIONS
from pyramide.conformance.specdata import load_rules


@dataclass(eq=False)  # a plugin: pytest 8 keeps plugins in a set
class Outcomes:
    """A pytest plugin noting each scenario's tags, outcome and failure or skip text; the
    report's own :class:`Collector` runs beside it, so that the rules at fault are the ones
    ``pyramide check`` would name."""

    tags: dict[str, set[str]] = field(default_factory=dict)
    outcome: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    relies: dict[str, set[str]] = field(default_factory=dict)
    """The rules each scenario's steps lean on, under the run's rule set."""
    collector: Collector = field(default_factory=lambda: Collector(set(load_rules().rules)))

    def pytest_configure(self, config: pytest.Config) -> None:
        config.option.tbstyle = "line"  # where it failed: a traceback costs time and is not read

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.tags = {item.nodeid: tags_of(item) for item in session.items}
        states = under_test(session.config).states
        self.relies = {
            item.nodeid: set(relied_on(scenario_steps(item), states)) for item in session.items
        }

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

    def at_fault(self, rule_ids: set[str]) -> list[str]:
        """The rules among ``rule_ids`` the report blames (:func:`results.at_fault`, on the
        collector's results: a failure of an implementation-defined point only differs)."""
        return [rule for rule in at_fault(self.collector.outcomes) if rule in rule_ids]


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
        plugins=[outcomes, outcomes.collector],
    )
    assert status in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), f"pytest status {status}"
    assert len(outcomes.outcome) == len(outcomes.tags), "some scenarios did not run"
    return outcomes
