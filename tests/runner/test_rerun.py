"""A failure carries the one command that runs it again alone (issue 25), and scenarios are
named by stable IDs: the feature file, the scenario and its example, the same on every machine.

``--scenario ID`` runs one scenario, ``--rule ID`` every scenario of a rule, ``-x`` stops at the
first failure; a name that selects nothing is one line and exit 2.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
from checkruns import Run, check_args, run_check
from pyramide.conformance.paths import spec_dir
from pyramide.conformance.results import (
    EXPECTED_FAILURE,
    FAILED,
    ScenarioResult,
    apply_expectations,
)

from features import wrong_adapters

WRONG = ["--impl", f"{wrong_adapters.__name__}:FivePerCard", "--invariant-games", "0"]
RERUN = "    rerun alone: "
JS_ENGINE = Path(__file__).parents[2] / "docs" / "examples" / "js-engine"


@pytest.fixture(scope="module")
def wrong_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    folder = tmp_path_factory.mktemp("five")
    return run_check(folder, *WRONG, "--markdown", str(folder / "summary.md"))


def failure_block(out: str, scenario_id: str) -> list[str]:
    """The lines the console prints for one failed scenario, from its FAILED line on."""
    lines = out.splitlines()
    start = lines.index(f"FAILED: {scenario_id}")
    end = next(n for n in range(start + 1, len(lines)) if lines[n].startswith(RERUN))
    return lines[start : end + 1]


def test_every_scenario_is_named_by_its_feature_file_name_and_example(wrong_run: Run) -> None:
    ids = [row["id"] for row in wrong_run.scenarios if not row["id"].startswith("invariants::")]
    assert ids and all(".feature: " in name for name in ids)
    assert all("/" not in name.split(": ")[0] for name in ids if not name.startswith("redrawn/"))
    assert all("\\u" not in name and "\\x" not in name for name in ids), "glyphs as themselves"
    assert "free-cards.feature: A card with a card still on it is not free [K♠-K♥]" in ids


REDRAWN = "giza.feature: Once both cards of the row below it are removed, the card is free"


def test_a_redrawn_scenario_is_named_by_its_folder_and_run_again_by_either_name(
    tmp_path: Path,
) -> None:
    """Issue 36 item 5: ``giza.feature: ...`` was easily taken for ``variant-giza.feature``; the
    ID now shows the folder, and the former ID still selects the scenario."""
    for name in (f"redrawn/{REDRAWN}", REDRAWN):
        run = run_check(tmp_path, "--profile", "giza", "--invariant-games", "0", "--scenario", name)
        assert run.status == 0, run.err
        assert [(r["id"], r["outcome"]) for r in run.scenarios] == [
            (f"redrawn/{REDRAWN}", "passed")
        ]


def test_the_printed_command_reproduces_exactly_that_failure(
    wrong_run: Run, tmp_path: Path
) -> None:
    failed = [row for row in wrong_run.scenarios if row["outcome"] == "failed"]
    assert failed and all(row["rerun"] for row in failed)
    row = next(r for r in failed if "[" in r["id"])  # an outline's example, the hardest to name
    words = check_args(row["rerun"])
    assert words[-2:] == ["--scenario", row["id"]]
    again = run_check(tmp_path, *words)
    assert again.status == 1
    assert [r["id"] for r in again.scenarios] == [row["id"]]
    assert failure_block(again.out, row["id"]) == failure_block(wrong_run.out, row["id"])


def test_a_rule_runs_every_scenario_tagged_with_it_and_no_other(tmp_path: Path) -> None:
    run = run_check(tmp_path, *WRONG, "--rule", "SCORE-WIN-280")
    assert run.status == 1 and run.scenarios
    assert all("SCORE-WIN-280" in row["rules"] for row in run.scenarios)


def test_exitfirst_stops_at_the_first_failure(wrong_run: Run, tmp_path: Path) -> None:
    run = run_check(tmp_path, *WRONG, "-x")
    outcomes = [row["outcome"] for row in run.scenarios]
    assert run.status == 1 and outcomes.count("failed") == 1
    assert outcomes[-1] == "failed", "no scenario after the failure is reported, passed or not"
    assert len(outcomes) < len(wrong_run.scenarios)


def test_a_run_stopped_early_counts_what_did_not_run_as_not_run(
    wrong_run: Run, tmp_path: Path
) -> None:
    """Issue 33 E5: once said "checked 66 of 66 scenarios (100.0 %)" and "21/23 rules"."""
    run = run_check(tmp_path, *WRONG, "-x")
    whole, stopped = wrong_run.footer, run.footer
    assert stopped["coverage"]["in_rule_set"] == whole["coverage"]["in_rule_set"]
    assert stopped["coverage"]["checked"] < stopped["coverage"]["in_rule_set"]
    assert stopped["compliance"]["applicable"] >= whole["compliance"]["applicable"]
    assert "not run" in stopped["rules"].values()
    assert "not run: the run stopped at its first failure (-x)" in run.out


def test_a_scenario_that_does_not_exist_is_one_line_naming_the_nearest(tmp_path: Path) -> None:
    run = run_check(tmp_path, *WRONG, "--scenario", "pairs.feature: A pair is one mov")
    assert run.status == 2 and run.out == ""
    line = run.err.splitlines()[-1]
    assert line.startswith(
        "pyramide check: no scenario 'pairs.feature: A pair is one mov'; did you mean "
        "'pairs.feature: A pair is one move: the second tap removes both cards'"
    )


def test_a_failure_shows_its_scenario_the_step_that_failed_and_the_exchange(
    wrong_run: Run,
) -> None:
    """FivePerCard scores half: the failure is shown at the score step, with every request the
    harness made and the table the engine answered last."""
    row = next(
        r
        for r in wrong_run.scenarios
        if r["id"] == "scoring.feature: A whole pyramid cleared is worth 280"
    )
    assert row["steps"][row["failed_step"]] == "Then the score is 270"
    assert row["steps"][1].startswith("Given a table:\n") and "K♣" in row["steps"][1]
    requests = [entry["request"] for entry in row["exchange"]]
    assert requests[0]["op"] == "start" and requests[0]["layout"]["waste"] == ["AH"]
    assert {"op": "tap", "target": "r7c1"} in requests
    assert row["exchange"][-1]["answer"]["score"] == 135
    block = failure_block(wrong_run.out, row["id"])
    assert "      ✗ Then the score is 270" in block
    assert any(
        line.startswith("    sent to the engine: start table (app); tap r7c1") for line in block
    )
    assert "      status playing, score 135, moves 15" in block
    assert "    breaks: SCORE-PYRAMID-CARD (the rules its failed step checks)" in block
    assert "    the rule SCORE-PYRAMID-CARD: Each pyramid card removed scores 10; the score " in (
        "\n".join(block)
    )
    assert any(line.endswith("page: /rules/scoring/#SCORE-PYRAMID-CARD") for line in block)


def test_the_job_summary_lists_each_failure_with_its_scenario_and_rerun_command(
    tmp_path: Path,
) -> None:
    summary = tmp_path / "summary.md"
    run = run_check(tmp_path, *WRONG, "--rule", "SCORE-WIN-280", "--markdown", str(summary))
    text = summary.read_text(encoding="utf-8")
    row = next(r for r in run.scenarios if r["outcome"] == "failed")
    assert f"### failed: {row['id']}" in text
    assert "✗ Then the score is 270" in text and "sent to the engine: start table (app)" in text
    assert f"```sh\n{row['rerun']}\n```" in text


def test_the_job_summary_puts_the_failures_first_with_what_the_console_says(
    wrong_run: Run,
) -> None:
    """Issue 36 item 3: the summary listed 32 rules outside the rule set before the first
    failure, and left out the rules it breaks, the rule's statement and the depth line."""
    text = (wrong_run.folder / "summary.md").read_text(encoding="utf-8")
    first = text.index("### failed: ")
    assert "| `" not in text[:first], "no rule's row before the first failure"
    assert "| outside the rule set |" not in text, "those rules are one line, after the failures"
    block = failure_block(wrong_run.out, "scoring.feature: A whole pyramid cleared is worth 280")
    statement = next(n for n, line in enumerate(block) if line.startswith("    the rule "))
    for line in (block[1], block[statement + 1]):  # breaks: ..., the rule's statement
        assert line.strip() in text, line
    (depth,) = [line for line in wrong_run.out.splitlines() if line.startswith("depth: ")]
    assert depth in text


def test_every_record_of_the_report_follows_its_schema(wrong_run: Run) -> None:
    """spec/schemas/report.schema.json describes the JSON-lines report a CI reads."""
    schema = json.loads((spec_dir() / "schemas" / "report.schema.json").read_text("utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    problems = [
        f"{record.get('id', record['type'])}: {error.message}"
        for record in wrong_run.records
        for error in validator.iter_errors(record)
    ]
    assert problems == []
    failed = [r for r in wrong_run.scenarios if r["outcome"] == "failed"]
    assert failed and all({"steps", "exchange", "rerun"} <= set(r) for r in failed)
    assert not any("/" in r["reason"] and ".py" in r["reason"] for r in failed), (
        "a failure's reason names no file inside the harness"
    )


def test_progress_lists_the_rule_sets_scenarios_and_sums_up_the_others(wrong_run: Run) -> None:
    """One line per scenario of the rule set, counted against their number; the scenarios
    outside it are one line at the end, not a page of 'outside the rule set'."""
    lines = wrong_run.err.splitlines()
    listed = [line for line in lines if line.startswith("[")]
    inside = [r for r in wrong_run.scenarios if r["outcome"] != "outside the rule set"]
    inside = [r for r in inside if not r["id"].startswith("invariants::")]
    assert len(listed) == len(inside) and listed[-1].startswith(f"[{len(inside)}/{len(inside)}]")
    outside = (
        len(wrong_run.scenarios)
        - len(inside)
        - sum(r["id"].startswith("invariants::") for r in wrong_run.scenarios)
    )
    assert f"      and {outside} scenarios outside the rule set, not listed" in lines
    assert not any("outside the rule set " in line for line in listed)


def test_quiet_prints_the_report_alone(tmp_path: Path) -> None:
    run = run_check(tmp_path, *WRONG, "--rule", "SCORE-WIN-280", "--quiet")
    assert run.status == 1 and run.err == "" and "rerun alone:" in run.out


def test_trace_writes_every_scenarios_exchange(tmp_path: Path) -> None:
    trace = tmp_path / "trace.jsonl"
    run = run_check(tmp_path, "--rule", "KING-ALONE", "--trace", str(trace), "-q")
    assert run.status == 0
    records = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    ran = [row["id"] for row in run.scenarios if row["outcome"] == "passed"]
    assert ran and [record["id"] for record in records] == ran
    for record in records:
        first, *rest = record["exchange"]
        assert first["request"]["op"] == "start" and "answer" in first
        assert all(entry["request"]["op"] in ("tap", "undo") for entry in rest)


def test_the_progress_line_of_an_expected_failure_says_so(tmp_path: Path) -> None:
    """Issue 33 E6: the progress line said ``failed`` where the summary counted an expected
    failure."""
    name = "scoring.feature: A whole pyramid cleared is worth 280"
    known = tmp_path / "known.yaml"
    known.write_text(f"- scenario: '{name}'\n  reason: scores 5 a card\n", encoding="utf-8")
    run = run_check(tmp_path, *WRONG, "--rule", "SCORE-WIN-280", "--expected-failures", str(known))
    line = next(line for line in run.err.splitlines() if line.endswith(name))
    assert line.split("] ", 1)[1].startswith("expected failure ")
    assert [r["outcome"] for r in run.scenarios if r["id"] == name] == ["expected failure"]


def test_one_scenario_run_again_counts_only_against_what_its_failed_step_speaks_for(
    tmp_path: Path,
) -> None:
    """Issue 33 A3: a scenario about pairs, tagged with the rules it merely shows too, failed at
    a step that named no rule; run again alone, it said "compliance: 0/3 applicable rules
    passed" and listed every other rule of the catalogue as "no scenario"."""
    name = "pairs.feature: A card does not pair with the card still lying on it [7♣-6♦]"
    run = run_check(tmp_path, "--impl", "runner.planted:either_gone_tap", "--scenario", name)
    assert run.status == 1 and [row["checked"] for row in run.scenarios] == [[]]
    assert "compliance: 0/1 applicable rules passed (0.0 %)" in run.out
    *table, legend = run.out.split("\n\n")[1].splitlines()
    assert [line.split()[:3] for line in table[1:-1]] == [
        ["FREE-PYRAMID", "not", "reached"],  # the scenario shows it; its failed step did not
        ["PAIR-NOT-COVERING", "failed", "0/1/0/0/0"],
        ["KING-ALONE", "not", "reached"],
    ]
    assert table[-1].endswith(" rules with no scenario in this run)")
    assert legend.startswith("p/f/d/na/e: ")


def test_an_invariants_row_runs_again_alone_by_the_command_it_prints(tmp_path: Path) -> None:
    """Issue 33 A4: the random games' rows printed no rerun command, and the ID the HTML
    report shows (``--scenario 'invariants::score'``) exited 2."""
    games = ["--impl", WRONG[1], "--invariant-games", "2"]
    run = run_check(tmp_path, *games, "--scenario", "invariants::score")
    assert run.status == 1 and [row["id"] for row in run.scenarios] == ["invariants::score"]
    words = check_args(run.scenarios[0]["rerun"])
    assert words[-2:] == ["--scenario", "invariants::score"] and "--invariant-games" in words
    again = run_check(tmp_path, *words)
    assert [(r["id"], r["outcome"]) for r in again.scenarios] == [("invariants::score", "failed")]
    assert f"{RERUN}{run.scenarios[0]['rerun']}" in run.out


def test_an_invariant_that_does_not_exist_is_one_line(tmp_path: Path) -> None:
    run = run_check(tmp_path, *WRONG, "--scenario", "invariants::scores")
    assert run.status == 2 and run.err.splitlines()[-1].startswith(
        "pyramide check: no invariant 'invariants::scores'; they are invariants::score, "
    )


def rerun_in_a_plain_shell(rerun: str, folder: Path) -> Run:
    """The rerun line as printed, in a shell started from another folder with nothing but the
    system's programs and node on its path: no PYTHONPATH, none of the check's variables, and
    no virtual environment activated (the README's first command runs ``.venv/bin/pyramide``)."""
    report = folder / "again.jsonl"
    node = shutil.which("node")
    assert node is not None, "node is needed to rerun the JavaScript engine"
    programs = f"{Path(node).parent}:/usr/bin:/bin"
    done = subprocess.run(
        ["/bin/sh", "-c", f"{rerun} --report {shlex.quote(str(report))}"],
        cwd=folder,
        env={"PATH": programs},
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = report.read_text().splitlines() if report.exists() else []
    records = [json.loads(line) for line in lines]
    return Run(done.returncode, done.stdout, done.stderr, records, folder)


def test_the_rerun_line_runs_as_printed_from_another_folder_in_a_plain_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36 item 1: an adapter found from the working folder failed in a plain shell ("No
    module named ..."), and a variable the engine reads (the JavaScript example's bug) was lost,
    so the line reran a right engine. Checked from the engine's folder, rerun from another."""
    monkeypatch.chdir(JS_ENGINE)
    monkeypatch.setenv("PYRAMIDE_JS_BUG", "score")
    engines = {"cmd": ["--cmd", "node engine.js"], "impl": WRONG[:2]}
    for name, engine in engines.items():
        run = run_check(tmp_path, *engine, "--rule", "SCORE-WIN-280", "--invariant-games", "0")
        row = next(r for r in run.scenarios if r["outcome"] == "failed")
        (tmp_path / name).mkdir()
        again = rerun_in_a_plain_shell(row["rerun"], tmp_path / name)
        assert again.status == 1, (row["rerun"], again.err)
        assert [(r["id"], r["outcome"]) for r in again.scenarios] == [(row["id"], "failed")]


def test_a_known_failure_listed_by_a_redrawn_scenarios_former_id_is_still_expected() -> None:
    result = ScenarioResult(f"x::{REDRAWN}", "redrawn/giza.feature", REDRAWN.split(": ")[1], ())
    result.outcome, result.reason = FAILED, "the card stayed covered"
    apply_expectations([result], {REDRAWN: "known"})
    assert result.outcome == EXPECTED_FAILURE
