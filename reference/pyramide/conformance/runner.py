"""``pyramide check``: run the whole rulebook against an engine, under one rule set, and report
rule by rule.

Exit status: 0 when every applicable scenario passed (expected failures aside) and enough of
the rule set's rulebook ran (``--min-coverage``; an errored scenario did not run), 1 on any
failure, engine error or unexpected pass, or on too little coverage, 2 when the run itself could
not be made (bad usage, an adapter that cannot be loaded or fails the handshake, a broken suite
file, a rule set that makes no sense).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

import pytest

from .adapter import Adapter
from .collector import Collector
from .html_report import write_html
from .invariants_check import INVARIANT_RULES, invariant_results
from .loading import AdapterLoadError, load_factory, under_test
from .reports import (
    INVARIANT_ROW,
    RunInfo,
    text_report,
    write_json_lines,
    write_junit,
    write_markdown,
    write_trace,
)
from .rerun import program, rerun_prefix
from .results import (
    DEFAULT_MIN_COVERAGE,
    ERRORED,
    IMPLEMENTATION_DEFINED,
    ScenarioResult,
    apply_expectations,
    summarize,
)
from .rulesets import RuleSetError, UnderTest
from .selection import Selection
from .spec_files import SpecError, read_user_yaml
from .specdata import load_profiles, load_rules

OK, FAILURES, HARNESS_ERROR = 0, 1, 2
DEFAULT_INVARIANT_GAMES = 12
SUITE_MODULE = Path(__file__).with_name("suite.py")
"""Found by path, not imported: pytest-bdd can only build scenarios inside a pytest run."""


UNUSED_PLUGINS = (
    *("xdist", "xdist.looponfail", "hypothesispytest"),
    *("logging", "warnings", "junitxml", "doctest", "pastebin", "stepwise", "faulthandler"),
    *("unraisableexception", "threadexception"),
)
"""Plugins the suite's own run has no use for: parallel workers and Hypothesis that the
environment may have installed, and pytest's own log capture, warning capture, JUnit and
doctest support, pastebin, stepwise and fault handler (the reports are ours), and the
catchers of unraisable and thread exceptions, which turn those into warnings nobody reads and
collect garbage at the end of each run (a tenth of a whole check's CPU time). Loading and
calling them all took a third of a run's time."""
INNER_RUN_OPTIONS = (
    *("-p", "no:cacheprovider", "-p", "no:terminal", "-o", "addopts="),
    *(option for plugin in UNUSED_PLUGINS for option in ("-p", f"no:{plugin}")),
)
"""The suite's own pytest run: no cache, no terminal output (the report is ours), none of the
:data:`UNUSED_PLUGINS`."""


class CheckError(RuntimeError):
    """The run could not be made; the message says what to fix."""


@dataclass
class CheckOptions:
    """What ``pyramide check`` was asked to do."""

    impl: str | None = None
    cmd: str | None = None
    moves_cmd: str | None = None
    """The command of a move-level engine speaking JSON lines (``docs/moves-protocol.md``)."""
    profile: str | None = None
    junitxml: Path | None = None
    report: Path | None = None
    markdown: Path | None = None
    html: Path | None = None
    """Where to write the self-contained HTML report."""
    site_url: str = ""
    """The documentation site's address, for the reports' links to the rules' pages."""
    expected_failures: Path | None = None
    timeout: float = 5.0
    invariant_games: int = DEFAULT_INVARIANT_GAMES
    min_coverage: float = DEFAULT_MIN_COVERAGE
    scenarios: list[str] = field(default_factory=list)
    """Run only these scenarios (stable IDs, or names), as a failure's rerun command does."""
    rules: list[str] = field(default_factory=list)
    """Run only the scenarios tagged with one of these rules."""
    exitfirst: bool = False
    """Stop at the first failed or errored scenario."""
    quiet: bool = False
    """No progress line per scenario (CI logs): the report alone."""
    trace: Path | None = None
    """Where to write every scenario's exchange with the engine, as JSON lines."""
    pytest_args: list[str] = field(default_factory=list)
    plugins: list[object] = field(default_factory=list)
    """More pytest plugin objects for the run."""

    @property
    def selecting(self) -> bool:
        """Whether only part of the rulebook runs (then only the invariants named are played)."""
        return bool(self.scenarios or self.rules)

    @property
    def invariants(self) -> set[str]:
        """The invariants' rows named among :attr:`scenarios` (``invariants::undo``)."""
        return {name for name in self.scenarios if name.startswith(INVARIANT_ROW)}

    @property
    def scenario_names(self) -> list[str]:
        """The scenarios named, the invariants' rows aside."""
        return [name for name in self.scenarios if not name.startswith(INVARIANT_ROW)]

    @property
    def games(self) -> int:
        """How many random games to play: all of them in a whole run, or when an invariant's
        row is named; none when only scenarios run."""
        return self.invariant_games if self.invariants or not self.selecting else 0

    def rerun(self, profile: str) -> tuple[str, ...]:
        """The command that checks the same engine under the same rule set (a failure's rerun
        command adds ``--scenario``), with the same random games."""
        games = self.invariant_games
        same_games = () if games == DEFAULT_INVARIANT_GAMES else ("--invariant-games", str(games))
        return (program(), "check", *self.engine, "--profile", profile, *same_games)

    @property
    def engine(self) -> tuple[str, ...]:
        """The option naming the engine, with its value; none for the reference engine."""
        named = (("--cmd", self.cmd), ("--moves-cmd", self.moves_cmd), ("--impl", self.impl))
        return next(((option, value) for option, value in named if value), ())


def rule_catalogue() -> dict[str, tuple[str, str, str]]:
    """Rule ID → (title, status, area), in catalogue order."""
    try:
        rules = load_rules().rules.values()
    except SpecError as error:
        raise CheckError(f"the suite's own spec/ is broken: {error}") from None
    return {rule.id: (rule.title, rule.status, rule.area) for rule in rules}


def describe(under: UnderTest) -> str:
    """The rule set line of the report, short: its name, the switches and the engine's
    conventions that are not the app's."""
    app = load_profiles().app_conventions
    own = [f"{name}={state}" for name, state in under.conventions.items() if app[name] != state]
    conventions = ", ".join(own) or "the app's"
    plays = "" if under.binding is not None else " — NOT played by this engine"
    rule_set = under.rule_set
    return f"{rule_set.name} ({rule_set.beside_the_app()}); conventions: {conventions}{plays}"


def held_to(under: UnderTest) -> tuple[str, ...]:
    """The rules an engine playing ``under`` is held to: those that hold there, less the
    implementation-defined ones (forced on no engine), for the report's depth."""
    rules = load_rules().rules.values()
    return tuple(
        r.id for r in rules if r.holds(under.states) and r.status != IMPLEMENTATION_DEFINED
    )


def load_expected_failures(path: Path) -> dict[str, str]:
    """Scenario name (or node ID) → reason, from a YAML list of {scenario, reason}."""
    data = read_user_yaml(path, "expected-failures file", CheckError)
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
    if options.moves_cmd:
        return {"moves_cmd": options.moves_cmd}
    return {"impl": options.impl or "pyramide.conformance.reference_adapter:ReferenceAdapter"}


def run_check(options: CheckOptions, out: TextIO | None = None) -> int:
    """Run the suite, print the per-rule table (to ``out``, standard output by default) and
    write the requested reports; progress goes to standard error."""
    try:
        factory = load_factory(options.impl, options.cmd, options.timeout, options.moves_cmd)
        expected = (
            load_expected_failures(options.expected_failures) if options.expected_failures else {}
        )
        rules = rule_catalogue()
        under = under_test(factory, options.profile)
        unknown = unknown_invariants(options)
        if unknown:
            raise CheckError(unknown)
    except (AdapterLoadError, CheckError, RuleSetError) as error:
        print(f"pyramide check: {error}", file=sys.stderr)
        return HARNESS_ERROR
    progress = None if options.quiet else sys.stderr
    collector = Collector(set(rules), progress, options.trace is not None, expected)
    if options.scenario_names or options.rules or not options.selecting:
        status = run_scenarios(options, under, collector)
        if status != OK:
            return status
    results = collector.outcomes + invariant_rows(options, factory, under, collector.progress)
    apply_expectations(results, expected)
    run = RunInfo(
        _suite_version(),
        _engine_identity(options),
        results,
        summarize(results, rules, collector.not_run),
        describe(under),
        options.min_coverage,
        options.rerun(options.profile or under.rule_set.name),
        site_url=options.site_url,
        rerun_from=rerun_prefix(options.impl, options.cmd or options.moves_cmd),
        holding=held_to(under),
        not_run=len(collector.not_run),
    )
    print(text_report(run), file=out or sys.stdout)
    for path, writer in (
        (options.junitxml, write_junit),
        (options.report, write_json_lines),
        (options.markdown, write_markdown),
        (options.html, write_html),
    ):
        if path is not None:
            writer(run, path)
    if options.trace is not None:
        write_trace(run, options.trace)
    return OK if run.ok else FAILURES


def run_scenarios(options: CheckOptions, under: UnderTest, collector: Collector) -> int:
    """Run the scenarios asked for through pytest, into ``collector``; OK, or the harness
    error that stopped them (said on standard error)."""
    selection = Selection(options.scenario_names, options.rules)
    plugins = [collector, *options.plugins, *([selection] if options.selecting else [])]
    args = [str(SUITE_MODULE), *INNER_RUN_OPTIONS]
    if options.impl:
        args += ["--pyramide-impl", options.impl]
    if options.cmd:
        args += ["--pyramide-cmd", options.cmd]
    if options.moves_cmd:
        args += ["--pyramide-moves-cmd", options.moves_cmd]
    args += ["--pyramide-profile", options.profile or under.rule_set.name]
    args += ["--pyramide-timeout", str(options.timeout)]
    args += ["-x"] if options.exitfirst else []
    status = pytest.main([*args, *options.pytest_args], plugins=plugins)
    if selection.unmatched:
        print(f"pyramide check: {'; '.join(selection.unmatched)}", file=sys.stderr)
        return HARNESS_ERROR
    if status not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) or not collector.results:
        print(f"pyramide check: the suite could not run (pytest status {status})", file=sys.stderr)
        return HARNESS_ERROR
    return OK


def invariant_rows(
    options: CheckOptions,
    factory: Callable[[], Adapter],
    under: UnderTest,
    progress: TextIO | None,
) -> list[ScenarioResult]:
    """The invariants' rows of the random games (:attr:`CheckOptions.games`): all of them, or
    those ``--scenario`` names (with the row of games the engine could not finish)."""
    rows = invariant_results(factory, options.games, under, progress)
    if not options.invariants:
        return rows
    return [row for row in rows if row.id in options.invariants or row.outcome == ERRORED]


def unknown_invariants(options: CheckOptions) -> str | None:
    """What is wrong with the invariants' rows ``--scenario`` names, or None."""
    known = [f"{INVARIANT_ROW}{name}" for name in INVARIANT_RULES]
    unknown = sorted(options.invariants - set(known))
    if not unknown:
        return None
    return f"no invariant {', '.join(map(repr, unknown))}; they are {', '.join(known)}"
