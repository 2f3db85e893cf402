"""The run's reports: the terminal table, JSON lines, JUnit XML and a Markdown summary (the
HTML report is :mod:`~pyramide.conformance.html_report`).

Every format is written from the same :class:`ScenarioResult` records, and words them with the
same helpers below (a rule's tally, the run's summary lines, what a failure's rules are), so
they never disagree.
"""

from __future__ import annotations

import json
import shlex
import textwrap
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .exchange import request_line, table_lines
from .results import (
    BAD_OUTCOMES,
    DEFAULT_MIN_COVERAGE,
    DIFFERS,
    ERRORED,
    FAILED,
    NO_SCENARIO,
    NOT_APPLICABLE,
    OUTCOMES,
    OUTSIDE,
    PASSED,
    UNEXPECTED_PASS,
    Coverage,
    Depth,
    RuleSummary,
    ScenarioResult,
    at_fault,
    compliance,
    counted_rules,
    coverage,
    depth,
    outcome_counts,
)
from .specdata import Rule, load_rules

SUITE_NAME = "pyramide-conformance"
INVARIANT_ROW = "invariants::"
"""How an invariant's row is named (``invariants::undo``); ``--scenario`` takes it."""


@dataclass(frozen=True)
class RunInfo:
    """Who was checked, by what, and what came out of it."""

    suite_version: str
    engine: Mapping[str, Any]
    results: Sequence[ScenarioResult]
    rules: Sequence[RuleSummary]
    rule_set: str = ""
    """The rule set checked: its name, switch values and the engine's conventions."""
    min_coverage: float = DEFAULT_MIN_COVERAGE
    rerun: tuple[str, ...] = ()
    """The command that checks the same engine under the same rule set; a failure is printed
    with it and ``--scenario <its ID>``, which runs it again alone."""
    site_url: str = ""
    """The documentation site's address (``--site-url``): a rule's page is linked there; with
    none, only its path from the site's root is given."""
    rerun_from: str = ""
    """What the rerun line sets before the command, so that it runs as printed in a plain
    shell: the folder the check ran in and the variables it needs (:mod:`.rerun`)."""
    holding: tuple[str, ...] = ()
    """The rules an engine playing the rule set checked is held to, for :attr:`depth`."""
    not_run: int = 0
    """The scenarios of the rule set a run stopped at its first failure never reached."""

    def rerun_command(self, result: ScenarioResult) -> str | None:
        """The one command that runs ``result``'s scenario again alone (an invariant's row: its
        random games again, reporting that row)."""
        if not self.rerun:
            return None
        return self.rerun_from + shlex.join([*self.rerun, "--scenario", result.id])

    @property
    def counts(self) -> dict[str, int]:
        counts = outcome_counts(self.results)
        return {outcome: counts[outcome] for outcome in OUTCOMES}

    @property
    def coverage(self) -> Coverage:
        """Over the scenarios (the invariants' rows aside)."""
        rows = (r for r in self.results if not r.nodeid.startswith(INVARIANT_ROW))
        return coverage(rows, self.not_run)

    @property
    def depth(self) -> Depth:
        """How many of the scenarios that ran show each rule holding under the rule set."""
        return depth(self.results, self.holding)

    @property
    def shortfall(self) -> str | None:
        """Why the run fails although nothing failed: too little of the rulebook ran (none of
        it is asked for when only an invariant's row is run again)."""
        if all(r.nodeid.startswith(INVARIANT_ROW) for r in self.results):
            return None
        return self.coverage.shortfall(self.min_coverage)

    @property
    def at_fault(self) -> list[str]:
        """The rules with evidence against them that account for every failed scenario
        (:func:`results.blame`)."""
        return at_fault(self.results)

    @property
    def ok(self) -> bool:
        return not any(self.counts[o] for o in BAD_OUTCOMES) and self.shortfall is None

    @property
    def engine_name(self) -> str:
        """The engine in a word: its name, else its adapter factory or its command."""
        engine = self.engine
        named = engine.get("name") or engine.get("impl")
        return str(named or engine.get("cmd") or engine.get("moves_cmd") or "?")

    @property
    def failures(self) -> list[ScenarioResult]:
        """The scenarios that make the run fail, each reported with its details."""
        return [result for result in self.results if result.outcome in BAD_OUTCOMES]


def text_report(run: RunInfo) -> str:
    """The per-rule table, the failures with their reasons, and the totals."""
    width = max((len(rule.rule_id) for rule in run.rules), default=10)
    lines = [f"rule set: {run.rule_set}", ""] if run.rule_set else []
    lines.append(f"{'rule':<{width}}  {'result':<22} {TALLY_HEADING:<13} title")
    shown = [rule for rule in run.rules if rule.verdict != NO_SCENARIO]
    for rule in shown:
        title = rule.title if len(rule.title) <= 60 else rule.title[:57] + "..."
        lines.append(f"{rule.rule_id:<{width}}  {rule.verdict:<22} {rule_tally(rule):<13} {title}")
    if len(shown) < len(run.rules):
        lines.append(f"({len(run.rules) - len(shown)} rules with no scenario in this run)")
    lines += [TALLY_LEGEND, ""]
    lines.extend(_area_lines(run.rules))
    troubled = [r for r in run.results if r.outcome in (*BAD_OUTCOMES, DIFFERS)]
    if troubled:
        lines.append("")
    for result in troubled:
        lines.append(f"{result.outcome.upper()}: {result.feature}: {result.name}")
        lines.extend(f"    {line}" for line in rule_notes(run, result))
        lines.extend(f"    {line}" for line in result.reason.splitlines())
        lines.extend(f"    {line}" for line in failure_details(result))
        lines.extend(f"    {line}" for line in rule_lines(failure_rules(result), run.site_url))
        command = run.rerun_command(result)
        if command:
            lines.append(f"    rerun alone: {command}")
    lines.append("")
    lines.extend(summary_lines(run))
    return "\n".join(lines)


TALLY_HEADING = "p/f/d/na/e"
"""What :func:`rule_tally` counts: passed, failed, differs, not applicable, errored."""
TALLY_LEGEND = (
    f"{TALLY_HEADING}: the rule's scenarios {PASSED}, {FAILED}, {DIFFERS}, {NOT_APPLICABLE}, "
    f"{ERRORED}"
)
"""The :data:`TALLY_HEADING` explained, under every rule table."""


def rule_tally(rule: RuleSummary) -> str:
    """A rule's scenarios by outcome, in one short column (:data:`TALLY_HEADING`)."""
    c = rule.counts
    return f"{c[PASSED]}/{c[FAILED]}/{c[DIFFERS]}/{c[NOT_APPLICABLE]}/{c[ERRORED]}"


def summary_lines(run: RunInfo) -> list[str]:
    """The run's verdict in a few lines: coverage, outcomes, compliance, the rules at fault
    and a coverage shortfall; the text report ends with them, the HTML report opens with them."""
    passed, applicable = compliance(run.rules)
    share = f"{100 * passed / applicable:.1f} %" if applicable else "n/a"
    ran = ", ".join(
        f"{n} {outcome}" for outcome, n in run.counts.items() if n and outcome != OUTSIDE
    )
    lines = [
        run.coverage.summary(),
        run.depth.summary(),
        f"outcomes (the invariants' random games included): {ran or 'none'}",
        f"compliance: {passed}/{applicable} applicable rules passed ({share})",
    ]
    if run.at_fault:
        lines.append(
            "rules at fault (each with a failed check of its own; together they explain every "
            "failure): " + ", ".join(run.at_fault)
        )
    if run.shortfall:
        lines.append(f"FAILED on coverage: {run.shortfall} (see --min-coverage)")
    return lines


def rule_notes(run: RunInfo, result: ScenarioResult) -> list[str]:
    """Which rules a troubled scenario counts against (the ones its failed step checks, when
    it knows them), which it shows without blaming them, and which it relies on."""
    status = {rule.rule_id: rule.status for rule in run.rules}
    counted = counted_rules(result, status)
    if result.checked:
        lines = [f"breaks: {', '.join(counted)} (the rules its failed step checks)"]
    else:
        lines = [f"rules: {', '.join(counted) or '-'}"]
    if counted != result.rules:
        shown = ", ".join(rule for rule in result.rules if rule not in counted)
        lines.append(f"also shows ({uncounted_why(result)}): {shown}")
    if result.relies_on:
        lines.append(f"relies on: {', '.join(result.relies_on)}")
    return lines


def uncounted_why(result: ScenarioResult) -> str:
    """Why a troubled scenario does not count against some of the rules it shows."""
    if result.checked:
        return "not blamed"
    if result.outcome == DIFFERS:
        return "not counted: an open point settled otherwise"
    if result.subject in result.cleared:
        return "not counted: its failed step cleared them"
    return "not counted: its failed step named no rule, so it speaks for the one it is about"


def failure_rules(result: ScenarioResult) -> tuple[str, ...]:
    """The rules a failure is about, stated under it: the ones its failed step checks, else
    the one the scenario is about."""
    return result.checked or ((result.subject,) if result.subject else ())


def _area_lines(rules: Sequence[RuleSummary]) -> list[str]:
    """Per rule area: how many rules, and how many passed, failed or did not apply."""
    areas: dict[str, Counter[str]] = {}
    for rule in rules:
        areas.setdefault(rule.area, Counter())[rule.verdict] += 1
    width = max((len(area) for area in areas), default=4)
    lines = [f"{'area':<{width}}  rules  verdicts"]
    for area, verdicts in areas.items():
        detail = ", ".join(f"{n} {verdict}" for verdict, n in verdicts.items())
        lines.append(f"{area:<{width}}  {sum(verdicts.values()):>5}  {detail}")
    return lines


FAILED_MARK = "✗ "
"""Marks the step that failed in a failure's scenario."""


def failure_details(result: ScenarioResult) -> list[str]:
    """A failure as a reader reproduces it: the scenario's steps with the failed one marked,
    the requests the harness made, and the table the engine showed last."""
    lines = []
    if result.steps:
        lines.append("the scenario:")
        for number, step in enumerate(result.steps):
            mark = FAILED_MARK if number == result.failed_step else "  "
            first, *table = step.splitlines()
            lines.append(f"  {mark}{first}")
            lines.extend(f"    {line}" for line in table)
    if result.exchange:
        requests = [request_line(entry["request"]) for entry in result.exchange]
        lines.append(f"sent to the engine: {'; '.join(requests)}")
        answer = last_answer(result)
        if answer is not None:
            lines.append("the table it showed last:")
            lines.extend(f"  {line}" for line in table_lines(answer))
    return lines


def last_answer(result: ScenarioResult) -> dict[str, Any] | None:
    """The last snapshot the engine answered in a failure's exchange: the table it showed
    last (an engine that failed leaves its last request unanswered)."""
    answered = [entry["answer"] for entry in result.exchange if "answer" in entry]
    return answered[-1] if answered else None


def rule_lines(rule_ids: Sequence[str], site_url: str = "") -> list[str]:
    """Each rule a failure is about, as the rulebook states it: ID, title, statement, sources
    and its page on the documentation site (:func:`rule_page`)."""
    lines = []
    for rule in rules_of(rule_ids):
        lines.append(f"the rule {rule.id}: {rule.title}")
        lines.extend(f"  {line}" for line in textwrap.wrap(rule.statement, 92))
        lines.append(f"  sources: {rule_sources(rule)}; page: {rule_page(rule, site_url)}")
    return lines


def rules_of(rule_ids: Sequence[str]) -> list[Rule]:
    """The rulebook's rules of these IDs, in that order."""
    catalogue = load_rules()
    return [catalogue.rules[rule_id] for rule_id in rule_ids]


def rule_sources(rule: Rule) -> str:
    """Where the rules documents say it: ``app-fr « Les paires qui font 13 »; ...``."""
    return "; ".join(f"{s.doc} « {s.section} »" for s in rule.sources)


def rule_page(rule: Rule, site_url: str = "") -> str:
    """The rule's place on the documentation site at ``site_url``
    (``https://example.org/pyramide/rules/pairs/#PAIR-VALUES``), or with no site its path from
    the site's root, where ``mkdocs serve`` serves it (``/rules/pairs/#PAIR-VALUES``)."""
    return f"{site_url.rstrip('/')}/rules/{rule.area}/#{rule.id}"


def write_json_lines(run: RunInfo, path: Path) -> None:
    """Header (suite and engine identity), one record per scenario, footer with counts."""
    records: list[dict[str, Any]] = [
        {
            "type": "header",
            "suite": {"name": SUITE_NAME, "version": run.suite_version},
            "engine": dict(run.engine),
        }
    ]
    records.extend(
        {**result.to_json(), **result.details(), "rerun": run.rerun_command(result)}
        if result.outcome in BAD_OUTCOMES
        else result.to_json()
        for result in run.results
    )
    passed, applicable = compliance(run.rules)
    records.append(
        {
            "type": "footer",
            "counts": run.counts,
            "rules": {rule.rule_id: rule.verdict for rule in run.rules},
            "compliance": {"passed": passed, "applicable": applicable},
            "at_fault": run.at_fault,
            "rule_set": run.rule_set,
            "coverage": {
                "checked": run.coverage.checked,
                "in_rule_set": run.coverage.in_rule_set,
                "percent": round(run.coverage.percent, 1),
                "shortfall": run.shortfall,
            },
            "depth": dict(run.depth.shown_by),
            "ok": run.ok,
        }
    )
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")


def write_trace(run: RunInfo, path: Path) -> None:
    """``--trace``: every scenario's requests to the engine and its answers, a line each."""
    records = [
        {"id": result.id, "outcome": result.outcome, "exchange": list(result.exchange)}
        for result in run.results
        if result.exchange
    ]
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")


def write_junit(run: RunInfo, path: Path) -> None:
    """JUnit XML: one testcase per scenario, its rule IDs as properties."""
    counts = run.counts
    root = ET.Element("testsuites")
    suite = ET.SubElement(
        root,
        "testsuite",
        name=SUITE_NAME,
        tests=str(len(run.results)),
        failures=str(counts[FAILED] + counts[UNEXPECTED_PASS]),
        errors=str(counts[ERRORED]),
        skipped=str(counts[NOT_APPLICABLE] + counts[OUTSIDE]),
    )
    for result in run.results:
        case = ET.SubElement(
            suite,
            "testcase",
            classname=result.feature,
            name=result.name,
            time=f"{result.duration:.4f}",
        )
        properties = ET.SubElement(case, "properties")
        for rule_id in result.rules:
            ET.SubElement(properties, "property", name="rule", value=rule_id)
        if result.outcome in (FAILED, UNEXPECTED_PASS):
            ET.SubElement(case, "failure", message=result.outcome).text = result.reason
        elif result.outcome == ERRORED:
            ET.SubElement(case, "error", message="engine error").text = result.reason
        elif result.outcome in (NOT_APPLICABLE, OUTSIDE):
            ET.SubElement(case, "skipped", message=f"{result.outcome}: {result.reason}")
    tree = ET.ElementTree(root)
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)


def write_markdown(run: RunInfo, path: Path) -> None:
    """A summary fit for a CI job page: the verdict and how much ran, then each failure as the
    console gives it, then the rules that did not pass (those outside the rule set in a line)."""
    passed, applicable = compliance(run.rules)
    lines = [
        f"## Pyramide conformance: {'✅ passed' if run.ok else '❌ failed'}",
        "",
        f"Engine: `{run.engine_name}` — suite {SUITE_NAME} {run.suite_version}",
        "",
        f"Rule set: {run.rule_set}",
        "",
        run.coverage.summary() + (f" — **{run.shortfall}**" if run.shortfall else ""),
        "",
        run.depth.summary(),
        "",
        f"**{passed}/{applicable}** applicable rules passed; scenarios: "
        + ", ".join(f"{n} {outcome}" for outcome, n in run.counts.items() if n),
        "",
        *([f"Rules at fault: {', '.join(run.at_fault)}", ""] if run.at_fault else []),
    ]
    for result in run.failures:
        lines.extend(markdown_failure(run, result))
    lines.extend(markdown_rules(run.rules))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def markdown_rules(rules: Sequence[RuleSummary]) -> list[str]:
    """The rules that did not pass, in a table; those outside the rule set or shown by no
    scenario of the run in a line each, since none of their scenarios ran."""
    shown = [r for r in rules if r.verdict not in (PASSED, OUTSIDE, NO_SCENARIO)]
    lines = ["", "### Rules that did not pass", ""]
    if shown:
        lines += ["| rule | result | title |", "|---|---|---|"]
        lines += [f"| `{r.rule_id}` | {r.verdict} | {r.title} |" for r in shown]
    else:
        lines.append("Every rule of the run passed.")
    for verdict in (OUTSIDE, NO_SCENARIO):
        ids = [f"`{r.rule_id}`" for r in rules if r.verdict == verdict]
        if ids:
            lines += ["", f"{len(ids)} rules {_WHY_NOT_SHOWN[verdict]}: {', '.join(ids)}"]
    return lines


_WHY_NOT_SHOWN = {
    OUTSIDE: "are outside the rule set (they do not hold under it, so none of their scenarios ran)",
    NO_SCENARIO: "have no scenario in this run",
}


def markdown_failure(run: RunInfo, result: ScenarioResult) -> list[str]:
    """One failure for the job page, as the console prints it: what failed and the rules it
    breaks, the scenario, the exchange and the last table, the rule's statement, and the
    command that runs it again alone."""
    first, *difference = result.reason.splitlines() or [result.outcome]
    lines = ["", f"### {result.outcome}: {result.id}", ""]
    lines += [f"- {note}" for note in rule_notes(run, result)]
    lines += ["", f"`{first}`", ""]
    if difference:  # what the rule expects beside what was shown, lined up
        lines.extend(["```text", *difference, "```", ""])
    details = failure_details(result) + rule_lines(failure_rules(result), run.site_url)
    if details:
        lines.extend(["```text", *details, "```"])
    command = run.rerun_command(result)
    if command:
        lines.extend(["", "Run it again alone:", "", "```sh", command, "```"])
    return lines
