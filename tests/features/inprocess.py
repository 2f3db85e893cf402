"""Run the whole suite in-process against a named adapter and record every scenario's fate."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.util import find_spec

import pytest
from pyramide.conformance.plugin import tags_of


@dataclass
class Outcomes:
    """A pytest plugin noting each scenario's tags, outcome and failure or skip text."""

    tags: dict[str, set[str]] = field(default_factory=dict)
    outcome: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.tags = {item.nodeid: tags_of(item) for item in session.items}

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
            "-p",
            "no:cacheprovider",
            "-p",
            "no:terminal",
            "-o",
            "addopts=",
            "--strict-markers",
            *options,
        ],
        plugins=[outcomes],
    )
    assert status in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED), f"pytest status {status}"
    assert len(outcomes.outcome) == len(outcomes.tags), "some scenarios did not run"
    return outcomes
