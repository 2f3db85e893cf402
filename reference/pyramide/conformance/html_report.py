"""The HTML report (``pyramide check --html FILE``): one page a person opens from a CI artifact.

It opens with the verdict, the rule set and the coverage, gives the rules one by one (as the
console's rule table does), then each failed or errored scenario with what it takes to act on
it: its steps as the rulebook writes them, the failed one marked, its tables drawn as cards by
:mod:`pyramide.diagrams` (the documentation site's drawing code) and the last table the engine
showed; what the step expected and what the engine showed; the exchange with the engine; the
rule; and the command that runs the scenario again alone.

One self-contained file, no network: the styles and the diagrams (SVG, suits drawn as paths)
are inline and nothing is fetched (no font, script or image), so the page reads the same from a
downloaded artifact as on the machine that wrote it. Every text from the run is escaped. The
words come from the helpers the other reports use (:mod:`~pyramide.conformance.reports`), so
the formats never disagree.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import pytest

from ..diagrams import BOARD_STEPS, Board, board_svg, drawn_board, layout_board
from .exchange import request_line, table_lines
from .reports import (
    FAILED_MARK,
    SUITE_NAME,
    TALLY_HEADING,
    TALLY_LEGEND,
    RunInfo,
    failure_rules,
    last_answer,
    rule_notes,
    rule_page,
    rule_sources,
    rule_tally,
    rules_of,
    summary_lines,
)
from .results import ERRORED, NO_SCENARIO, OUTSIDE, RuleSummary, ScenarioResult

STYLE = """
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, "DejaVu Sans", Verdana, sans-serif; color: #1b1b1b;
  margin: 0 auto; max-width: 1200px; padding: 16px 24px 48px; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 20px; margin: 32px 0 8px; border-bottom: 1px solid #ccc; padding-bottom: 4px; }
h3 { font-size: 17px; margin: 0 0 8px; }
h4 { font-size: 15px; margin: 16px 0 6px; }
code, pre { font: 13px/1.4 "DejaVu Sans Mono", Menlo, Consolas, monospace; }
pre { background: #f4f4f4; padding: 8px 10px; border-radius: 4px; white-space: pre-wrap;
  overflow-wrap: anywhere; margin: 4px 0; }
pre.difference { white-space: pre; overflow-x: auto; }
a { color: #1f5fa8; }
svg { max-width: 100%; height: auto; }
.verdict { padding: 2px 10px; border-radius: 4px; color: #fff; }
.verdict.passed { background: #2e7d32; } .verdict.failed { background: #c62828; }
.summary p { margin: 2px 0; }
.rule-set { font-weight: 600; }
table.rules { border-collapse: collapse; width: 100%; font-size: 14px; table-layout: fixed; }
table.rules th:nth-child(1) { width: 24%; } table.rules th:nth-child(2) { width: 15%; }
table.rules th:nth-child(3) { width: 10%; }
table.rules th, table.rules td { text-align: left; padding: 3px 8px;
  border-bottom: 1px solid #e4e4e4; }
table.rules td:nth-child(3) { font-family: "DejaVu Sans Mono", monospace; }
tr.failed td:nth-child(2), tr.errored td:nth-child(2), tr.unexpected-pass td:nth-child(2)
  { color: #c62828; font-weight: 700; }
tr.passed td:nth-child(2) { color: #2e7d32; }
tr.outside-the-rule-set, tr.not-applicable, tr.no-scenario { color: #777; }
article.failure { border: 1px solid #d0d0d0; border-left: 6px solid #c62828; border-radius: 6px;
  padding: 14px 18px; margin: 20px 0; }
article.failure.errored { border-left-color: #e65100; }
.notes { color: #555; margin: 0 0 8px; font-size: 14px; }
.columns { display: flex; flex-wrap: wrap; gap: 8px 40px; align-items: flex-start; }
.columns > div { flex: 1 1 420px; min-width: 0; }
.columns > div > :first-child { margin-top: 0; }
ol.steps { list-style: none; padding: 0; margin: 0; }
ol.steps li { padding: 2px 0 2px 22px; text-indent: -22px; }
ol.steps li svg, ol.steps li pre { text-indent: 0; display: block; margin: 4px 0 6px; }
ol.steps li.failed { background: #fdecea; border-radius: 4px; font-weight: 600; }
.mark { display: inline-block; width: 22px; text-indent: 0; color: #c62828; }
.keyword { font-weight: 700; color: #6a1b9a; }
.expectation { background: #fff8e1; border: 1px solid #f0d58c; border-radius: 6px;
  padding: 8px 12px; }
.expectation p { margin: 2px 0; }
.state { font-size: 14px; color: #333; }
details { margin: 8px 0; } summary { cursor: pointer; font-weight: 600; }
.rule { border-top: 1px dashed #ccc; padding-top: 6px; }
.rule p { margin: 3px 0; }
.small { font-size: 13px; color: #555; }
"""
"""The page's only styles: inline, with the fonts every system has."""


def write_html(run: RunInfo, path: Path) -> None:
    """``--html FILE``: the report, as one self-contained page."""
    path.write_text(html_report(run), encoding="utf-8")


def html_report(run: RunInfo) -> str:
    """The whole page: the verdict and coverage, the rule table, then each failure."""
    verdict = "passed" if run.ok else "failed"
    title = f"Pyramide conformance: {verdict} — {run.engine_name}"
    body = [
        *_summary(run, verdict),
        *_rule_table(run),
        *_failures(run),
    ]
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            '<head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_e(title)}</title>",
            f"<style>{STYLE}</style></head>",
            "<body>",
            *body,
            "</body></html>",
            "",
        ]
    )


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _summary(run: RunInfo, verdict: str) -> list[str]:
    """The top of the page: verdict, engine, rule set, coverage and compliance."""
    lines = [
        f'<header class="summary"><h1>Pyramide conformance: '
        f'<span class="verdict {verdict}">{verdict}</span></h1>',
        f"<p>Engine: <code>{_e(run.engine_name)}</code> — suite {SUITE_NAME} "
        f"{_e(run.suite_version)}</p>",
    ]
    if run.rule_set:
        lines.append(f'<p class="rule-set">Rule set: {_e(run.rule_set)}</p>')
    lines += [f"<p>{_e(line)}</p>" for line in summary_lines(run)]
    failures = run.failures
    if failures:
        lines.append(f"<h4>{_count(len(failures), 'scenario')} to act on</h4><ol>")
        lines += [
            f'<li><a href="#failure-{number}">{_e(result.outcome)}: {_e(result.id)}</a></li>'
            for number, result in enumerate(failures, start=1)
        ]
        lines.append("</ol>")
    lines.append("</header>")
    return lines


FOLDED = {
    OUTSIDE: "outside the rule set (they do not hold under it, so none of their scenarios ran)",
    NO_SCENARIO: "with no scenario in this run",
}
"""The rules folded under the rule table, since none of their scenarios ran: why, by verdict."""


def _rule_table(run: RunInfo) -> list[str]:
    """Rule by rule: its verdict and its scenarios by outcome, as the console's table; the
    rules none of whose scenarios ran folded under it (:data:`FOLDED`)."""
    shown = [rule for rule in run.rules if rule.verdict not in FOLDED]
    lines = ['<section id="rules"><h2>Rule by rule</h2>', *_rule_rows(shown)]
    lines.append(f'<p class="small">{_e(TALLY_LEGEND)}</p>')
    for verdict, why in FOLDED.items():
        folded = [rule for rule in run.rules if rule.verdict == verdict]
        if folded:
            lines += [
                f"<details><summary>{len(folded)} rules {why}</summary>",
                *_rule_rows(folded),
                "</details>",
            ]
    lines.append("</section>")
    return lines


def _rule_rows(rules: Sequence[RuleSummary]) -> list[str]:
    lines = [
        '<table class="rules"><thead><tr><th>rule</th><th>result</th>'
        f"<th>{TALLY_HEADING}</th><th>title</th></tr></thead><tbody>",
    ]
    lines += [
        f'<tr id="rule-{_e(rule.rule_id)}" class="{_e(_css_class(rule.verdict))}">'
        f"<td>{_e(rule.rule_id)}</td><td>{_e(rule.verdict)}</td>"
        f"<td>{rule_tally(rule)}</td><td>{_e(rule.title)}</td></tr>"
        for rule in rules
    ]
    lines.append("</tbody></table>")
    return lines


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _css_class(outcome: str) -> str:
    return outcome.replace(" ", "-")


def _failures(run: RunInfo) -> list[str]:
    failures = run.failures
    if not failures:
        return ['<section id="failures"><h2>Failures</h2><p>No scenario failed.</p></section>']
    lines = [f'<section id="failures"><h2>Failures ({len(failures)})</h2>']
    for number, result in enumerate(failures, start=1):
        lines += _failure(run, result, number)
    lines.append("</section>")
    return lines


def _failure(run: RunInfo, result: ScenarioResult, number: int) -> list[str]:
    """One failed or errored scenario, all a developer needs to understand and rerun it."""
    lines = [
        f'<article class="failure {_e(_css_class(result.outcome))}" id="failure-{number}">',
        f"<h3>{_e(result.outcome)}: {_e(result.id)}</h3>",
        *(f'<p class="notes">{_e(note)}</p>' for note in rule_notes(run, result)),
        '<div class="columns"><div>',
        *_expectation(result),
        *_steps(result, number),
        "</div><div>",
        *_last_table(result, number),
        "</div></div>",
        *_exchange(result),
        *_rules(failure_rules(result), run.site_url),
        *_rerun(run, result),
        "</article>",
    ]
    return lines


def _expectation(result: ScenarioResult) -> list[str]:
    """What the failed step expected and what the engine showed instead (the step's own
    sentence: a difference of cards, piles, status, score or message), or the step the engine
    failed at as a program and its error."""
    errored = result.outcome == ERRORED
    lines = ['<div class="expectation">']
    if result.failed_step is not None and result.steps:
        step = _e(result.steps[result.failed_step].splitlines()[0])
        label = "<b>The step it failed at</b>" if errored else "<b>Expected</b> (the failed step)"
        lines.append(f"<p>{label}: {step}</p>")
    shown = result.reason.splitlines() or [result.outcome]
    label = "<b>Its error</b>" if errored else "<b>What the step found</b>"
    lines.append(f"<p>{label}: {_e(shown[0])}</p>")
    if shown[1:]:  # the expectation beside what was shown, lined up: monospace
        lines.append(f'<pre class="difference">{_e(chr(10).join(shown[1:]))}</pre>')
    lines.append("</div>")
    return lines


def _steps(result: ScenarioResult, number: int) -> list[str]:
    """The scenario as the rulebook writes it, its tables drawn as cards, the failed step
    marked."""
    if not result.steps:
        return []
    lines = ["<h4>The scenario</h4>", '<ol class="steps">']
    for index, step in enumerate(result.steps):
        first, *table = step.splitlines()
        keyword, _, text = first.partition(" ")
        failed = index == result.failed_step
        opening = '<li class="failed">' if failed else "<li>"
        mark = FAILED_MARK.strip() if failed else ""
        lines.append(
            f'{opening}<span class="mark">{mark}</span><span class="keyword">{_e(keyword)}</span> '
            f"{_e(text)}{_step_table(text, table, f'f{number}s{index}-')}</li>"
        )
    lines.append("</ol>")
    return lines


def _step_table(text: str, table: Sequence[str], ids: str) -> str:
    """What a step carries under its line: a table drawn as cards when the step library
    reads it as one, else its text as written."""
    if not table:
        return ""
    if text in BOARD_STEPS:
        board = _drawn(table, piles=BOARD_STEPS[text])
        if board is not None:
            return board_svg(board, ids)
    written = "\n".join(line.removeprefix("    ") for line in table)
    return f"<pre>{_e(written)}</pre>"


def _drawn(table: Sequence[str], piles: bool) -> Board | None:
    """A step's table as a board; None for a table the step library would refuse (the
    report then shows its text)."""
    try:
        return drawn_board("\n".join(table), piles)
    except pytest.fail.Exception:
        return None


def _last_table(result: ScenarioResult, number: int) -> list[str]:
    """The table the engine showed last, drawn, with its status, score and move counter."""
    answer = last_answer(result)
    if answer is None:
        if not result.exchange:
            return []
        return ["<h4>The table the engine showed last</h4>", "<p>It answered no request.</p>"]
    lines = [
        "<h4>The table the engine showed last</h4>",
        board_svg(layout_board(answer), f"f{number}last-"),
        f'<p class="state">{_e(table_lines(answer)[-1])}</p>',  # the status line ends a table
    ]
    message = answer.get("message") or {}
    if message.get("text"):
        lines.append(f'<p class="state">message: {_e(message["text"])}</p>')
    elif message.get("key"):
        lines.append(f'<p class="state">message (its key): {_e(message["key"])}</p>')
    return lines


def _exchange(result: ScenarioResult) -> list[str]:
    """Every request the harness made and the engine's answer, as JSON lines, folded."""
    if not result.exchange:
        return []
    requests = "; ".join(request_line(entry["request"]) for entry in result.exchange)
    lines = [
        "<details><summary>The exchange with the engine: "
        f"{_count(len(result.exchange), 'request')} and the answers</summary>",
        f"<p>Sent to the engine: {_e(requests)}</p>",
        "<p class=\"small\">Each request (→) and the engine's answer (←), in the protocol's JSON "
        "notation.</p>",
    ]
    for entry in result.exchange:
        lines.append(f"<pre>→ {_e(_json(entry['request']))}")
        answer = entry.get("answer")
        lines.append(
            f"← {_e(_json(answer))}</pre>" if answer is not None else "← (no answer)</pre>"
        )
    lines.append("</details>")
    return lines


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _rules(rule_ids: Sequence[str], site_url: str) -> list[str]:
    """Each rule the failure is about, as the rulebook states it, linked to its row of the
    page's rule table, and to its page on the documentation site when ``--site-url`` gave the
    site: a path from a site's root opens nothing from a downloaded artifact."""
    lines = []
    for rule in rules_of(rule_ids):
        page = rule_page(rule, site_url)
        where = (
            f'<a href="{_e(page)}"><code>{_e(page)}</code></a>'
            if site_url
            else f"<code>{_e(page)}</code> from its root (give <code>--site-url</code> to link it)"
        )
        lines += [
            f'<div class="rule"><h4>The rule <a href="#rule-{_e(rule.id)}">{_e(rule.id)}</a>: '
            f"{_e(rule.title)}</h4>",
            f"<p>{_e(rule.statement)}</p>",
            f'<p class="small">Sources: {_e(rule_sources(rule))}</p>',
            f'<p class="small">Its page on the documentation site: {where}</p></div>',
        ]
    return lines


def _rerun(run: RunInfo, result: ScenarioResult) -> list[str]:
    command = run.rerun_command(result)
    if command is None:
        return []
    return ["<h4>Run it again alone</h4>", f'<pre class="command"><code>{_e(command)}</code></pre>']
