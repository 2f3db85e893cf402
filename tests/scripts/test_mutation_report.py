"""The mutation report: survivors explained per function, and the scores computed from them."""

from __future__ import annotations

from pathlib import Path

import mutation
import pytest

SOURCE = """X = 1


@decorated
class Table:
    def tap(self) -> None:
        if X:
            return None
"""


@pytest.mark.parametrize(
    ("line", "name"), [(1, "module"), (4, "Table"), (6, "Table.tap"), (8, "Table.tap")]
)
def test_a_line_is_named_by_its_innermost_function(line: int, name: str) -> None:
    assert mutation.enclosing(SOURCE, line) == name


def record(outcome: str, function: str = "Game.f", change: str = "a → b") -> dict[str, str]:
    return {"file": "game.py", "line": "1", "function": function, "operator": "Op"} | {
        "outcome": outcome,
        "change": change,
    }


def test_scores_set_aside_only_what_the_explanations_say(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    explained = tmp_path / "survivors.yaml"
    explained.write_text(
        "- {file: game.py, function: Game.eq, change: a → b, kind: equivalent, why: same}\n"
        "- {file: game.py, function: Game.show, kind: display, why: text}\n"
        "- {file: game.py, function: Game.shut, change: a → b, kind: killed since, why: new}\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(mutation, "EXPLAINED", explained)
    records = [record("killed")] * 7 + [
        record("survived", "Game.eq"),
        record(mutation.UNRUN, "Game.show", "any → change"),
        record("survived", "Game.shut"),
        record("survived", "Game.hole"),
    ]
    text = mutation.markdown(records, 10, 0, 1)
    assert "non-equivalent mutants: 8/10 killed (80.0 %)" in text
    assert "(display, validation, tooling, open set aside): 8/9 (88.9 %)" in text
    assert "| game.py | Game.hole | 1 | survived | `a → b` | **unexplained** |" in text
    assert "equivalent: same" in text


def test_a_part_of_the_mutants_gives_an_interval_for_all_of_them() -> None:
    records = [record("killed")] * 19 + [record("survived", "Game.hole")]
    assert "95 % interval" not in mutation.markdown(records, 20, 0, 1)
    partial = mutation.markdown(records, 200, 0, 1)
    assert "19/20 killed (95.0 %; 95 % interval for every mutant 76.4–99.1 %)" in partial
