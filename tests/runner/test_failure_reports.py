"""Every report of a failure carries what it takes to understand and reproduce it (issue 25):
for a wrong removal, a wrong status, a wrong score and an engine that errors, the console, the
job summary (Markdown) and the JSON-lines report each give the scenario with the failed step, the
expectation and what the engine showed, the exchange with the engine and the rerun command, and
the command reproduces exactly that outcome."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from checkruns import run_check

from features import wrong_adapters

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
    summary = tmp_path / "summary.md"
    engine = ["--impl", f"{wrong_adapters.__name__}:{adapter}", "--invariant-games", "0"]
    run = run_check(tmp_path, *engine, "-q", "--markdown", str(summary))
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

    markdown = summary.read_text(encoding="utf-8")
    assert f"### {outcome}: {row['id']}" in markdown and f"`{first}`" in markdown
    assert "✗ " in markdown and f"```sh\n{row['rerun']}\n```" in markdown

    (tmp_path / "again").mkdir()
    again = run_check(tmp_path / "again", *shlex.split(row["rerun"])[2:])
    assert again.status == 1
    assert [(r["id"], r["outcome"], r["reason"]) for r in again.scenarios] == [
        (row["id"], outcome, row["reason"])
    ]
