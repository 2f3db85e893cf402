"""Traps a new user of ``pyramide check`` and ``pyramide detect`` falls into (issue 24, B and A8).

Each test builds the engine it needs (an in-process adapter below, or a JSON-lines program run
with ``python -c``) and checks that the trap gives a clear verdict: a right engine declared the
documented way passes, a broken one stops at once with one line and exit status 2.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from checkruns import run_check
from pyramide.cli import main
from pyramide.conformance.adapter import AdapterError, Snapshot
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.specdata import load_rules

from features import wrong_adapters

RULES = load_rules().rules
FAST = ["--invariant-games", "2"]


def impl(name: str, module: str = __name__) -> list[str]:
    return ["--impl", f"{module}:{name}"]


def required_under_app() -> set[str]:
    """The rules every engine playing the app's rules is held to."""
    return {r.id for r in RULES.values() if r.status == "required" and "app" in r.profiles}


# --- A8: an open point settled otherwise lowers no required rule ----------------------------


def test_an_open_point_settled_otherwise_counts_only_toward_the_open_point(
    tmp_path: Path,
) -> None:
    """EndTakesOtherTaps ignores taps after a dead end (OPEN-TAPS-AFTER-END the other way):
    its scenarios also carry TAP-BLOCKED, END-NO-MORE-MOVES and END-WIN, which it keeps."""
    run = run_check(tmp_path, *FAST, *impl("EndTakesOtherTaps", wrong_adapters.__name__))
    assert run.status == 0, run.out
    verdicts = run.footer["rules"]
    assert verdicts["OPEN-TAPS-AFTER-END"] == "differs from reference"
    assert {rule for rule in required_under_app() if verdicts[rule] != "passed"} == set()
    compliance = run.footer["compliance"]
    assert compliance["passed"] == compliance["applicable"] == 34
    assert "compliance: 34/34 applicable rules passed (100.0 %)" in run.out
    assert "also shows (not counted: an open point settled otherwise): " in run.out


# --- B3: an errored scenario is not checked ---------------------------------------------------


class UndoCrashes(ReferenceAdapter):
    """The reference engine, but its undo button crashes: every undo scenario errors."""

    def undo(self) -> Snapshot:
        raise AdapterError("the undo button crashed")


def test_errored_scenarios_do_not_count_as_checked(tmp_path: Path) -> None:
    run = run_check(tmp_path, *FAST, *impl("UndoCrashes"))
    scenarios = [r for r in run.scenarios if not r["id"].startswith("invariants::")]
    errored = [r for r in scenarios if r["outcome"] == "errored"]
    ran = [r for r in scenarios if r["outcome"] not in ("errored", "outside the rule set")]
    assert errored and ran
    coverage = run.footer["coverage"]
    assert coverage["checked"] == len(ran) < coverage["in_rule_set"]
    assert f"{len(errored)} errored (not checked" in run.out
    assert run.status == 1


# --- B9: an install hint names the distribution -----------------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def test_every_install_hint_names_the_distribution_that_exists() -> None:
    """The project installs as ``pyramide-conformance``: ``pip install 'pyramide[cluster]'``
    asks the index for another project."""
    wrong = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("reference", "scripts", "benchmarks", "docs", "README.md")
        for path in ([ROOT / folder] if folder.endswith(".md") else (ROOT / folder).rglob("*"))
        if path.suffix in (".py", ".md", ".yml")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"pip install ['\"]?pyramide\[", line)
    ]
    assert wrong == []


def test_the_scheduler_hint_installs_the_cluster_extra_by_the_distribution_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if Dask were not installed
    arguments = ["stats", "--profile", "app", "--deals", "2", "--scheduler", "tcp://127.0.0.1:9"]
    assert main([*arguments, "--no-progress"]) == 2
    assert "pip install 'pyramide-conformance[cluster]'" in capsys.readouterr().err
