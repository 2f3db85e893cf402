"""``pyramide check`` run in-process by the tests, its streams and JSON-lines report kept."""

from __future__ import annotations

import io
import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pyramide.cli import main


@dataclass(frozen=True)
class Run:
    """One run's exit status, what it printed and the records of its ``--report``."""

    status: int
    out: str
    err: str
    records: list[dict[str, Any]]
    folder: Path

    @property
    def footer(self) -> dict[str, Any]:
        return self.records[-1]

    @property
    def scenarios(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r["type"] == "scenario"]


def run_check(folder: Path, *args: str) -> Run:
    """``pyramide check ARGS --report FOLDER/run.jsonl``, capturing the streams by swapping
    them (module-scoped fixtures cannot use capsys)."""
    report = folder / "run.jsonl"
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        status = main(["check", *args, "--report", str(report)])
    finally:
        sys.stdout, sys.stderr = saved
    records = []
    if report.exists():
        records = [json.loads(line) for line in report.read_text().splitlines()]
    return Run(status, out.getvalue(), err.getvalue(), records, folder)


def check_args(rerun: str) -> list[str]:
    """The options of ``pyramide check`` in a failure's rerun line, after the folder and the
    variables it sets."""
    words = shlex.split(rerun)
    start = next(
        n
        for n in range(len(words) - 1)
        if Path(words[n]).name == "pyramide" and words[n + 1] == "check"
    )
    return words[start + 2 :]
