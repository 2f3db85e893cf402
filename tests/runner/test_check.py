"""``pyramide check`` end to end: exit status, reports, expected failures, not applicable.

Each run drives the whole suite in-process against an adapter, so the runs are shared per
module; two random invariant games keep them short.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from checkruns import Run, run_check
from pyramide.cli import main
from pyramide.conformance.specdata import load_rules

from features import wrong_adapters

RULES = load_rules().rules
APP_RULES = {rule.id for rule in RULES.values() if "app" in rule.profiles}
"""The rules that hold under the app's rules and the app's conventions (the default run)."""
FORCED = [r for r in RULES.values() if r.status != "implementation-defined" and r.id in APP_RULES]
FAST = ["--invariant-games", "2"]


def check(folder: Path, *args: str) -> Run:
    """A short run (two invariant games) with its report read back."""
    return run_check(folder, *FAST, *args)


def impl(name: str) -> list[str]:
    return ["--impl", f"{wrong_adapters.__name__}:{name}"]


@pytest.fixture(scope="module")
def reference_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    folder = tmp_path_factory.mktemp("reference")
    reports = ["--junitxml", str(folder / "junit.xml"), "--markdown", str(folder / "summary.md")]
    return check(folder, *reports)


@pytest.fixture(scope="module")
def five_per_card_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return check(tmp_path_factory.mktemp("five"), *impl("FivePerCard"))


def test_the_reference_engine_passes_every_rule(reference_run: Run) -> None:
    assert reference_run.status == 0
    assert reference_run.footer["ok"] is True
    verdicts = reference_run.footer["rules"]
    assert set(verdicts) == set(RULES)
    assert {rule for rule, verdict in verdicts.items() if verdict == "passed"} == APP_RULES
    assert set(verdicts.values()) == {"passed", "outside the rule set"}
    assert "compliance: " in reference_run.out and "(100.0 %)" in reference_run.out
    assert "rule set: app (the app's switches); conventions: the app's\n" in reference_run.out


def test_the_json_lines_report_has_header_records_and_footer(reference_run: Run) -> None:
    header, footer = reference_run.records[0], reference_run.records[-1]
    assert header["type"] == "header" and header["suite"]["name"] == "pyramide-conformance"
    assert "impl" in header["engine"]
    assert footer["type"] == "footer"
    outside = footer["counts"]["outside the rule set"]
    assert outside and footer["counts"]["passed"] == len(reference_run.scenarios) - outside
    assert footer["coverage"]["percent"] == 100.0 and footer["coverage"]["shortfall"] is None
    cited = {rule for record in reference_run.scenarios for rule in record["rules"]}
    assert cited == set(RULES), "every rule is shown by some scenario"


def test_junit_carries_rule_ids_as_properties(reference_run: Run) -> None:
    root = ET.parse(reference_run.folder / "junit.xml").getroot()
    cases = root.findall(".//testcase")
    assert len(cases) == len(reference_run.scenarios)
    properties = {p.get("value") for p in root.iter("property") if p.get("name") == "rule"}
    assert properties == set(RULES)


def test_markdown_summary_states_the_verdict(reference_run: Run) -> None:
    text = (reference_run.folder / "summary.md").read_text()
    assert "✅ passed" in text and f"**{len(FORCED)}/{len(FORCED)}**" in text


def test_a_wrong_engine_fails_with_exit_1_on_the_rules_it_breaks(five_per_card_run: Run) -> None:
    assert five_per_card_run.status == 1
    verdicts = five_per_card_run.footer["rules"]
    assert verdicts["SCORE-PYRAMID-CARD"] == "failed"
    assert verdicts["TAP-BLOCKED"] == "passed", "a rule none of whose scenarios reads the score"
    assert five_per_card_run.footer["at_fault"] == ["SCORE-PYRAMID-CARD"]
    assert "failure): SCORE-PYRAMID-CARD\n" in five_per_card_run.out
    score_rows = [r for r in five_per_card_run.scenarios if r["id"] == "invariants::score"]
    assert score_rows and score_rows[0]["outcome"] == "failed"
    assert "the score is" in five_per_card_run.out


def test_a_failure_reason_is_the_steps_own_sentence_and_no_harness_path(
    five_per_card_run: Run,
) -> None:
    """Issue 25: what the rule expects and what the engine showed, in the step's words, not an
    assertion's repr nor a file inside the installed harness."""
    reasons = [r["reason"] for r in five_per_card_run.scenarios if r["outcome"] == "failed"]
    scored = [r.splitlines() for r in reasons if r.startswith("the score, counted ten-per-")]
    assert scored, reasons
    _, expected, shown = scored[0]
    assert expected.startswith("expected: ") and shown.startswith("shown: "), scored[0]
    assert int(shown.split()[-1]) * 2 == int(expected.split()[-1]), "5 points a card, not 10"
    assert not any(re.search(r"\.py\b|AssertionError", reason) for reason in reasons)


def test_expected_failures_are_kept_apart_and_an_unexpected_pass_is_flagged(
    five_per_card_run: Run, tmp_path: Path
) -> None:
    failed = [r for r in five_per_card_run.scenarios if r["outcome"] == "failed"]
    passed = next(r for r in five_per_card_run.scenarios if r["outcome"] == "passed")
    listed = [{"scenario": r["scenario"], "reason": "scores 5, fix pending"} for r in failed]
    known = tmp_path / "known.yaml"
    known.write_text(yaml.safe_dump(listed))
    run = check(tmp_path, *impl("FivePerCard"), "--expected-failures", str(known))
    assert run.status == 0, run.out
    assert run.footer["counts"]["expected failure"] == len(failed)

    known.write_text(yaml.safe_dump([*listed, {"scenario": passed["scenario"], "reason": "x"}]))
    run = check(tmp_path, *impl("FivePerCard"), "--expected-failures", str(known))
    assert run.status == 1
    assert run.footer["counts"]["unexpected pass"] >= 1


def test_missing_capabilities_are_not_applicable_never_passed(tmp_path: Path) -> None:
    run = check(tmp_path, *impl("MovesOnly"))
    assert run.status == 0
    not_applicable = [r for r in run.scenarios if r["outcome"] == "not applicable"]
    assert not_applicable and all(r["reason"] for r in not_applicable)
    assert "not applicable" in run.footer["rules"].values()
    compliance = run.footer["compliance"]
    assert compliance["passed"] == compliance["applicable"] < len(FORCED)


def test_a_run_that_checked_too_little_fails_saying_so(tmp_path: Path) -> None:
    """Nothing failed, but a move-only engine shows only part of the rulebook."""
    run = check(tmp_path, *impl("MovesOnly"), "--min-coverage", "99")
    assert run.status == 1 and run.footer["ok"] is False
    assert "FAILED on coverage: only" in run.out and "minimum 99 %" in run.out
    assert re.search(r"checked \d+ of \d+ scenarios of this rule set", run.out)
    assert "not applicable: " in run.out and "because the adapter does not offer" in run.out


def test_an_engine_that_does_not_play_the_rule_set_asked_for_gets_exit_1_not_a_pass(
    tmp_path: Path,
) -> None:
    run = check(tmp_path, *impl("MovesOnly"), "--profile", "traditional")
    assert run.status == 1
    assert run.footer["counts"]["passed"] == 0
    assert "no scenario could be checked on this engine" in run.out
    assert "NOT played by this engine" in run.out


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["--impl", "no_such_module:factory"], "cannot import"),
        (["--impl", "json"], "package.module:factory"),
        (["--expected-failures", "/nonexistent/known.yaml"], "cannot read"),
        (["--cmd", "no-such-engine --serve"], "no program 'no-such-engine' found"),
        (["--profile", "nonsense"], "unknown profile 'nonsense'; known profiles: app,"),
        (["--profile", "/nonexistent/rules.yaml"], "cannot read the rule set"),
    ],
)
def test_usage_errors_exit_2_with_one_line_and_no_traceback(
    args: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", *args]) == 2
    err = capsys.readouterr().err
    assert complaint in err and "Traceback" not in err


EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"


@pytest.mark.parametrize(
    "engine",
    [
        f"{sys.executable} -m pyramide.conformance.server",
        f"node {EXAMPLES / 'js-engine' / 'engine.js'}",
    ],
    ids=["reference-over-json-lines", "javascript-example"],
)
def test_engines_over_json_lines_pass_the_whole_check(engine: str, tmp_path: Path) -> None:
    run = check(tmp_path, "--cmd", engine)
    assert run.status == 0, run.out
    counts = run.footer["counts"]
    not_applicable = [r for r in run.scenarios if r["outcome"] == "not applicable"]
    assert all("a deal of its own" in r["reason"] for r in not_applicable)
    outside = counts["outside the rule set"]
    assert counts["passed"] == len(run.scenarios) - outside - len(not_applicable)
    assert run.records[0]["engine"]["cmd"] == engine


CRASHES_AFTER_HELLO = (
    "import json, sys; sys.stdin.readline(); "
    "print(json.dumps({'ok': True, 'protocol': 1, 'engine': {'name': 'x', 'version': '1'}, "
    "'capabilities': {}}), flush=True); sys.stdin.readline(); sys.exit(3)"
)
"""An engine that says what it plays, then dies on every game it is asked to start."""


def test_an_engine_that_dies_on_every_game_gets_a_complete_report_of_errors(
    tmp_path: Path,
) -> None:
    """(One that fails the very handshake stops the run at once: tests/runner/test_traps.py.)"""
    run = check(tmp_path, "--cmd", f'{sys.executable} -c "{CRASHES_AFTER_HELLO}"')
    assert run.status == 1
    counts = run.footer["counts"]
    assert counts["errored"] > 50 and counts["failed"] == 0
    assert len(run.scenarios) > 200, "every scenario is reported, none lost"
    assert "exited with code 3" in run.out and "gave up on the engine" in run.out
    assert run.footer["coverage"]["checked"] < 5, "an errored scenario is not checked"
