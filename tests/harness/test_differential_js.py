"""The JavaScript example engine against the reference, and what the differential machine prints."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from pyramide.conformance.differential import run_differential
from pyramide.conformance.invariants import random_code, run_invariants
from pyramide.conformance.jsonlines import JsonLinesFactory
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.profiles import get_profile

from .conftest import ROOT, js_command


def test_the_js_engine_agrees_with_the_reference(node: str) -> None:
    factory = JsonLinesFactory(js_command(node))
    try:
        assert factory().engine == {"name": "js-example", "version": "1.0.0"}
        result = run_differential(factory, max_examples=12, steps=50)
        assert result.agreed, result.report
    finally:
        factory.close()


def broken_report(node: str, bug: str, rule: str) -> str:
    """The report of the engine with ``bug``, which must break ``rule`` and no other."""
    factory = JsonLinesFactory(js_command(node, bug))
    try:
        result = run_differential(factory, max_examples=10, steps=50, shrink_replays=30)
    finally:
        factory.close()
    assert result.report is not None, f"the {bug} bug went unnoticed"
    assert [kind.rules for kind in result.kinds] == [(rule,)]
    return result.report


def run_scenario(tmp_path: Path, gherkin: str, *engine: str) -> subprocess.CompletedProcess[str]:
    """Paste the printed scenario into a feature file and run it with the suite's steps."""
    (tmp_path / "pasted.feature").write_text(f"Feature: Pasted\n{gherkin}\n", encoding="utf-8")
    (tmp_path / "test_pasted.py").write_text(
        "from pytest_bdd import scenarios\n"
        "from pyramide.conformance.steps import *  # noqa: F403\n"
        "scenarios('pasted.feature')\n"
    )
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *engine, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )


def test_a_wrong_score_is_caught_and_printed_as_a_scenario(node: str, tmp_path: Path) -> None:
    report = broken_report(node, "score", "SCORE-PYRAMID-CARD")
    gherkin, _, transcript = report.partition("\n# YAML transcript\n")
    assert "differs on score" in gherkin and "Then the score is " in gherkin
    record = yaml.safe_load(transcript)
    difference = record["differences"]["score"]
    assert difference["engine"] * 2 == difference["reference"] > 0
    cmd = f"--pyramide-cmd={node} {ROOT / 'docs/examples/js-engine/engine.js'} --bug=score"
    assert run_scenario(tmp_path, gherkin, cmd).returncode == 1
    reference_run = run_scenario(tmp_path, gherkin)
    assert reference_run.returncode == 0, reference_run.stdout


@pytest.mark.parametrize(
    ("bug", "field", "rule"),
    [("recycle", "stock", "RECYCLE-ORDER"), ("blocked", "selected", "PAIR-NOT-COVERING")],
)
def test_other_bugs_are_caught_on_the_field_they_break(
    node: str, bug: str, field: str, rule: str
) -> None:
    report = broken_report(node, bug, rule)
    record = yaml.safe_load(report.partition("\n# YAML transcript\n")[2])
    assert field in record["differences"]


def test_invariants_catch_an_undo_that_lowers_the_counter(node: str) -> None:
    factory = JsonLinesFactory(js_command(node, "undo"))
    try:
        violations = run_invariants(factory, games=3, max_actions=100)
    finally:
        factory.close()
    assert violations and {v.invariant for v in violations} == {"move-counter"}
    assert violations[0].actions[-1] == "undo"


def test_the_js_engine_deals_codes_like_the_reference(node: str) -> None:
    rng = random.Random(4)
    factory = JsonLinesFactory(js_command(node))
    try:
        for letter in "NWPRDCFTS":
            for _ in range(4):
                code = random_code(rng, get_profile(letter).name)
                assert factory().start(code=code) == ReferenceAdapter().start(code=code), code
    finally:
        factory.close()
