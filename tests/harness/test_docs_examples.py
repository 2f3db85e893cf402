"""The CI example and the adapter guide say only what the tools accept."""

from __future__ import annotations

import re
import shlex

import pytest
import yaml
from pyramide.cli import build_parser
from pyramide.conformance import differential

from .conftest import ROOT

WORKFLOW = ROOT / "docs" / "examples" / "github-actions.yml"
GUIDE = ROOT / "docs" / "adapters.md"


def run_lines() -> list[str]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps = workflow["jobs"]["conformance"]["steps"]
    return [" ".join(step["run"].split()) for step in steps if "run" in step]


def test_the_workflow_runs_pyramide_check_with_options_it_has() -> None:
    (line,) = [line for line in run_lines() if line.startswith("pyramide check")]
    words = shlex.split(re.sub(r"\$\( .* \)", "", line).replace("$", ""))
    args = build_parser().parse_args(words[1:])
    assert args.cmd == "ENGINE_CMD"
    assert (str(args.junitxml), str(args.report), str(args.markdown)) == (
        "pyramide-junit.xml",
        "pyramide-report.jsonl",
        "pyramide-summary.md",
    )
    assert "--expected-failures" in line


def test_the_workflow_and_the_guide_call_the_differential_machine_correctly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(differential, "load_factory", lambda *args: calls.append(args))
    monkeypatch.setattr(
        differential,
        "run_differential",
        lambda *args: differential.DifferentialResult(None, int(str(args[1]))),
    )
    guide_lines = re.findall(
        r"^python -m pyramide\.conformance\.differential .*$",
        GUIDE.read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    lines = [line for line in run_lines() if "pyramide.conformance.differential" in line]
    assert lines and guide_lines
    for line in lines + guide_lines:
        words = shlex.split(line.replace("$", ""))
        assert differential.main(words[3:]) == 0, line
    assert len(calls) == len(lines) + len(guide_lines)
