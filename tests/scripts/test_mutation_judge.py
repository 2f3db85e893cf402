"""The mutation judge's shortcuts: each must keep the verdict a whole check would give."""

from __future__ import annotations

import json
from pathlib import Path

import mutation_judge as judge
import pytest
from pyramide.conformance.selection import Selection

PRISTINE_GAME = """from __future__ import annotations


@property
def total(first: int, second: int = 13) -> int | None:
    return max(
        first,
        second,
    )
"""


def write(workdir: Path, name: str, pristine: str, mutant: str) -> None:
    for folder, text in ((judge.PRISTINE, pristine), (judge.PACKAGE, mutant)):
        (workdir / folder).mkdir(parents=True, exist_ok=True)
        (workdir / folder / name).write_text(text, encoding="utf-8")
    for other in judge.RULE_CODE:
        if other != name:
            for folder in (judge.PRISTINE, judge.PACKAGE):
                (workdir / folder / other).write_text("", encoding="utf-8")


@pytest.mark.parametrize(
    ("before", "after", "lines"),
    [
        ("    return max(\n", "    return min(\n", {6}),
        ("@property\n", "", {4}),  # a removed decorator is its own line
        ("        second,\n", "        second + 1,\n", {8}),
    ],
)
def test_changed_lines_are_the_pristine_file_lines(
    tmp_path: Path, before: str, after: str, lines: set[int]
) -> None:
    write(tmp_path, "game.py", PRISTINE_GAME, PRISTINE_GAME.replace(before, after))
    assert judge.changed_lines(tmp_path) == {"game.py": lines}


@pytest.mark.parametrize(
    ("before", "after", "only"),
    [
        ("-> int | None:", "-> int / None:", True),
        ("first: int,", "first: int ** 2,", True),
        ("second: int = 13", "second: int = 14", False),  # a default value is evaluated
        ("max(", "min(", False),
    ],
)
def test_only_annotation_changes_are_set_aside(
    tmp_path: Path, before: str, after: str, only: bool
) -> None:
    write(tmp_path, "game.py", PRISTINE_GAME, PRISTINE_GAME.replace(before, after))
    assert judge.only_annotations(tmp_path, ["game.py"]) is only


def test_a_line_inside_a_statement_is_looked_up_under_the_statement_first_line() -> None:
    # coverage records the call on line 6 only; a mutant of line 8 must find it there
    assert 6 in judge.statement_lines(PRISTINE_GAME, {8})
    assert {4, 5} <= judge.statement_lines(PRISTINE_GAME, {5})  # the def and its decorator


def test_the_contexts_are_those_of_every_check_that_ran_the_line(tmp_path: Path) -> None:
    write(tmp_path, "game.py", PRISTINE_GAME, PRISTINE_GAME)
    lines = {"game.py": {"6": {"0": ["a"], "3": ["b", judge.INVARIANTS]}, "8": {"1": ["c"]}}}
    (tmp_path / judge.MAP).write_text(json.dumps({"lines": lines}), encoding="utf-8")
    found = judge.contexts_per_check(tmp_path, {"game.py": {8}})
    assert found == {0: {"a"}, 1: {"c"}, 3: {"b", judge.INVARIANTS}}
    assert judge.contexts_per_check(tmp_path, {"game.py": {1}}) == {}


def test_a_selected_run_plays_the_selected_scenarios_only(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    check = judge.checks()[0]
    assert judge.run_one(check, report, None, invariants=False) == 0
    every = [name for name, outcome in judge.outcomes(report).items() if outcome == "passed"]
    chosen = every[:2]
    assert all(".feature: " in name for name in chosen), "scenarios are named by stable IDs"
    assert judge.run_one(check, report, Selection(chosen), invariants=False) == 0
    assert judge.outcomes(report) == dict.fromkeys(chosen, "passed")


def test_a_check_over_json_lines_reads_the_map_of_its_in_process_twin() -> None:
    every = judge.checks()
    remote = [check for check in every if "cmd" in check]
    assert remote, "the judge plays no engine over JSON lines"
    for check in remote:
        model = judge.twin(check)
        assert model is not None and every[model] == {"profile": check["profile"]}
    assert all(judge.twin(check) is None for check in every if "cmd" not in check)
