"""``pyramide check``: run the whole rulebook against an engine and report rule by rule.

Exit status: 0 when every applicable scenario passed (expected failures aside), 1 on any
failure, engine error or unexpected pass, 2 when the run itself could not be made (bad usage,
an adapter that cannot be loaded, a broken suite file).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

import pytest
import yaml

from .collector import Collector
from .invariants_check import invariant_results
from .loading import AdapterLoadError, load_factory
from .reports import RunInfo, text_report, write_json_lines, write_junit, write_markdown
from .results import apply_expectations, summarize
from .specdata import SpecError, load_profiles, load_rules

OK, FAILURES, HARNESS_ERROR = 0, 1, 2
SUITE_MODULE = Path(__file__).with_name("suite.py")
"""Found by path, not imported: pytest-bdd can only build scenarios inside a pytest run."""


class CheckError(RuntimeError):
    """The run could not be made; the message says what to fix."""


@dataclass
class CheckOptions:
    """What ``pyramide check`` was asked to do."""

    impl: str | None = None
    cmd: str | None = None
    profile: str | None = None
    junitxml: Path | None = None
    report: Path | None = None
    markdown: Path | None = None
    expected_failures: Path | None = None
    timeout: float = 5.0
    invariant_games: int = 12
    pytest_args: list[str] = field(default_factory=list)


def rule_catalogue() -> dict[str, tuple[str, str, str]]:
    """Rule ID → (title, status, area), in catalogue order."""
    try:
        rules = load_rules().rules.values()
    except SpecError as error:
        raise CheckError(f"the suite's own spec/ is broken: {error}") from None
    return {rule.id: (rule.title, rule.status, rule.area) for rule in rules}


def check_profile(name: str) -> None:
    """Refuse a profile the suite does not know, naming the ones it does."""
    known = load_profiles().profiles
    if name not in known:
        raise CheckError(f"unknown profile {name!r}; known profiles: {', '.join(known)}")


def load_expected_failures(path: Path) -> dict[str, str]:
    """Scenario name (or node ID) → reason, from a YAML list of {scenario, reason}."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CheckError(f"{path}: cannot read the expected-failures file ({error})") from None
    except yaml.YAMLError as error:
        raise CheckError(f"{path}: not valid YAML ({error})") from None
    if not isinstance(data, list):
        raise CheckError(f"{path}: expected a list of {{scenario: ..., reason: ...}} entries")
    failures: dict[str, str] = {}
    for number, entry in enumerate(data, start=1):
        if not isinstance(entry, dict) or not {"scenario", "reason"} <= entry.keys():
            raise CheckError(f"{path}: entry {number} needs both 'scenario' and 'reason'")
        failures[str(entry["scenario"])] = str(entry["reason"])
    return failures


def _suite_version() -> str:
    try:
        return metadata.version("pyramide-conformance")
    except metadata.PackageNotFoundError:
        return "unknown"


def _engine_identity(options: CheckOptions) -> dict[str, Any]:
    if options.cmd:
        return {"cmd": options.cmd}
    return {"impl": options.impl or "pyramide.conformance.reference_adapter:ReferenceAdapter"}


def run_check(options: CheckOptions, out: TextIO | None = None) -> int:
    """Run the suite, print the per-rule table (to ``out``, standard output by default) and
    write the requested reports; progress goes to standard error."""
    try:
        factory = load_factory(options.impl, options.cmd, options.timeout)
        expected = (
            load_expected_failures(options.expected_failures) if options.expected_failures else {}
        )
        rules = rule_catalogue()
        if options.profile is not None:
            check_profile(options.profile)
    except (AdapterLoadError, CheckError) as error:
        print(f"pyramide check: {error}", file=sys.stderr)
        return HARNESS_ERROR
    collector = Collector(set(rules), progress=sys.stderr)
    args = [
        str(SUITE_MODULE),
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        "-p",
        "no:terminal",
    ]
    if options.impl:
        args += ["--pyramide-impl", options.impl]
    if options.cmd:
        args += ["--pyramide-cmd", options.cmd]
    if options.profile:
        args += ["--pyramide-profile", options.profile]
    args += ["--pyramide-timeout", str(options.timeout)]
    status = pytest.main([*args, *options.pytest_args], plugins=[collector])
    if status not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) or not collector.results:
        print(f"pyramide check: the suite could not run (pytest status {status})", file=sys.stderr)
        return HARNESS_ERROR
    results = list(collector.results.values())
    results += invariant_results(
        factory, options.invariant_games, options.profile or "app", collector.progress
    )
    apply_expectations(results, expected)
    run = RunInfo(_suite_version(), _engine_identity(options), results, summarize(results, rules))
    print(text_report(run), file=out or sys.stdout)
    for path, writer in (
        (options.junitxml, write_junit),
        (options.report, write_json_lines),
        (options.markdown, write_markdown),
    ):
        if path is not None:
            writer(run, path)
    return OK if run.ok else FAILURES
