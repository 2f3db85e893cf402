"""Every report of a failure carries what it takes to understand and reproduce it (issue 25):
for a wrong removal, a wrong status, a wrong score and an engine that errors, the console, the
job summary (Markdown), the JSON-lines report and the HTML report each give the scenario with
the failed step, the expectation and what the engine showed, the exchange with the engine and
the rerun command (the HTML report its tables drawn as cards too), and the command reproduces
exactly that outcome."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from checkruns import check_args, run_check

from features import wrong_adapters
from runner.html_page import Element, parse

KINDS = {
    "a wrong removal": ("JacksNeverPair", "failed"),
    "a wrong status": ("NeverWon", "failed"),
    "a wrong score": ("FivePerCard", "failed"),
    "an engine that errors": ("CrashesOnARecycle", "errored"),
}


@pytest.mark.parametrize(("adapter", "outcome"), KINDS.values(), ids=KINDS.keys())
def test_each_report_carries_the_failure_and_its_rerun_command(
    adapter: str, outcome: str, tmp_path: Path
) -> None:
    summary, page = tmp_path / "summary.md", tmp_path / "report.html"
    engine = ["--impl", f"{wrong_adapters.__name__}:{adapter}", "--invariant-games", "0"]
    run = run_check(tmp_path, *engine, "-q", "--markdown", str(summary), "--html", str(page))
    row = next(r for r in run.scenarios if r["outcome"] == outcome)
    first = row["reason"].splitlines()[0]
    assert row["steps"] and isinstance(row["failed_step"], int) and row["exchange"]
    assert row["exchange"][0]["request"]["op"] == "start" and row["rerun"]

    lines = run.out.splitlines()
    start = lines.index(f"{outcome.upper()}: {row['id']}")
    block = lines[start : lines.index(f"    rerun alone: {row['rerun']}", start) + 1]
    for shown in (first, "the scenario:", "sent to the engine: start", "the table it showed last:"):
        assert any(shown in line for line in block), (shown, block)
    assert any(line.startswith("      ✗ ") for line in block)

    difference = row["reason"].splitlines()[1:]
    if outcome == "failed":  # the expectation beside what was shown, in every report
        labels = " ".join(difference)
        assert difference and "expected" in labels and "shown" in labels, row["reason"]
        assert all(f"    {line}" in block for line in difference), block

    markdown = summary.read_text(encoding="utf-8")
    assert f"### {outcome}: {row['id']}" in markdown and f"`{first}`" in markdown
    assert "\n".join(difference) in markdown
    assert "✗ " in markdown and f"```sh\n{row['rerun']}\n```" in markdown
    assert "sent to the engine: start" in markdown and "the table it showed last:" in markdown

    links = check_html_failure(parse(page.read_text(encoding="utf-8")), row)
    rules = [line.split()[2].rstrip(":") for line in block if line.startswith("    the rule ")]
    assert links and links == [f"#rule-{rule}" for rule in rules], "the rules the console states"

    (tmp_path / "again").mkdir()
    again = run_check(tmp_path / "again", *check_args(row["rerun"]))
    assert again.status == 1
    assert [(r["id"], r["outcome"], r["reason"]) for r in again.scenarios] == [
        (row["id"], outcome, row["reason"])
    ]


def check_html_failure(page: Element, row: dict[str, Any]) -> list[str]:
    """The failure's article in the HTML report: the failed step marked, the expectation and
    what was shown, the last table drawn, every request and answer, the rule with its page
    and the rerun command. Returns the links of the rules' headings."""
    (article,) = [
        a
        for a in page.all("article", "failure")
        if a.one("h3").text == f"{row['outcome']}: {row['id']}"
    ]
    steps = article.one("ol", "steps").all("li")
    assert [step_line(li) for li in steps] == [step.splitlines()[0] for step in row["steps"]]
    assert [n for n, li in enumerate(steps) if "failed" in li.classes] == [row["failed_step"]]
    assert steps[row["failed_step"]].one("span", "mark").text == "✗"
    drawn = [n for n, step in enumerate(row["steps"]) if step.splitlines()[0].endswith("a table:")]
    assert all(steps[n].all("svg") for n in drawn)
    failed_step = row["steps"][row["failed_step"]].splitlines()[0]
    expectation = article.one("div", "expectation").text
    assert failed_step in expectation and row["reason"].splitlines()[0] in expectation
    difference = row["reason"].splitlines()[1:]
    if difference:
        assert article.one("pre", "difference").text == "\n".join(difference)

    last = next(h for h in article.all("h4") if h.text == "The table the engine showed last")
    column = next(d for d in article.all("div") if any(c is last for c in d.children))
    assert column.all("svg") and column.one("svg").all("rect")

    exchange = article.one("details")
    assert "exchange with the engine" in exchange.one("summary").text
    sent = exchange.all("pre")
    assert len(sent) == len(row["exchange"])
    first = json.dumps(row["exchange"][0]["request"], ensure_ascii=False)
    assert sent[0].text.splitlines()[0] == f"→ {first}"

    rules = [div.one("h4").text for div in article.all("div", "rule")]
    assert rules and all(text.startswith("The rule ") for text in rules)
    assert article.one("pre", "command").text == row["rerun"]
    return [a.attrs["href"] for div in article.all("div", "rule") for a in div.one("h4").all("a")]


def step_line(step: Element) -> str:
    """A step's line as the page shows it (its keyword and text, not its table)."""
    words = (c if isinstance(c, str) else c.text for c in step.children if not _table(c))
    return " ".join("".join(words).removeprefix("✗").split())


def _table(child: Element | str) -> bool:
    return isinstance(child, Element) and child.tag in ("svg", "pre")
