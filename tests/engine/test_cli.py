"""The ``pyramide`` command: dealing a code, and one-line errors for what the user typed."""

from __future__ import annotations

import argparse
import json

import pytest
from pyramide import Game, Status, parse_code, parse_move
from pyramide.cli import build_parser, main


def test_deal_json_gives_the_documented_deal_in_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "PY1-N-AAAAAAS", "--json"]) == 0
    dealt = json.loads(capsys.readouterr().out)
    assert [" ".join(row) for row in dealt["pyramid"]] == [
        "JD",
        "6C 7H",
        "AS 4D QS",
        "5H 3D 6H 8S",
        "KH KC AD KS 9C",
        "QC 2C 8D TD TS JS",
        "7C TC 3H 4H 3S KD 7S",
    ]
    assert dealt["waste"] == ["7D"]
    assert len(dealt["stock"]) == 23
    every_card = (
        [card for row in dealt["pyramid"] for card in row] + dealt["waste"] + dealt["stock"]
    )
    assert len(set(every_card)) == 52


def test_deal_json_of_a_stock_24_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "PY1-F-AAAAAAS", "--json"]) == 0
    dealt = json.loads(capsys.readouterr().out)
    assert dealt["waste"] == []
    assert dealt["stock"][0] == "7D" and len(dealt["stock"]) == 24


def test_deal_prints_the_code_its_rules_and_the_pyramid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "PY1-N-AAAAAAS", "--ascii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("PY1-N-AAAAAAS") and "app" in lines[0]
    assert lines[1].split() == ["JD"]
    assert lines[7].split() == ["7C", "TC", "3H", "4H", "3S", "KD", "7S"]


@pytest.mark.parametrize("command", ["deal", "solve"])
@pytest.mark.parametrize(
    ("code", "problem"),
    [("PY1-N-AAAAAA", "7 characters"), ("XX1-N-AAAAAAS", "PY1-"), ("PY1-Q-AAAAAAS", "'Q'")],
)
def test_a_malformed_code_exits_2_with_one_line_and_no_traceback(
    command: str, code: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, code]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"pyramide {command}: ")
    assert problem in captured.err
    assert "Traceback" not in captured.err


def test_solve_json_reports_the_documented_limit_of_14(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "PY1-N-AAAAAAJ", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "max_removed": 14,
        "winnable": False,
        "moves": [],
    }


def test_solve_json_gives_a_line_that_wins_for_280(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "PY1-N-AAAAAAS", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    code = parse_code("PY1-N-AAAAAAS")
    play = Game(code.layout(), code.profile)
    for move in report["moves"]:
        play.push(parse_move(move))
    assert report["winnable"] and report["max_removed"] == 28
    assert play.status is Status.WON
    assert (play.score, play.move_count) == (280, len(report["moves"]))


def test_solve_fast_gives_the_reference_shortest_line_length(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numba")  # the fast extra, which .[dev] (and so CI) installs
    assert main(["solve", "PY1-N-AAAAAAS", "--json"]) == 0
    reference = json.loads(capsys.readouterr().out)
    assert main(["solve", "PY1-N-AAAAAAS", "--json", "--fast"]) == 0
    fast = json.loads(capsys.readouterr().out)
    code = parse_code("PY1-N-AAAAAAS")
    play = Game(code.layout(), code.profile)
    for move in fast["moves"]:
        play.push(parse_move(move))
    assert play.status is Status.WON
    assert len(fast["moves"]) == len(reference["moves"])
    assert (fast["max_removed"], fast["winnable"]) == (28, True)


def test_solve_fast_names_the_profile_it_cannot_play(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba")
    assert main(["solve", "PY1-O-AAAAAAS", "--fast"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyramide solve: ") and "apophis" in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_every_help_text_prints() -> None:
    """argparse %-formats help texts, not descriptions: a bare % in a command's help crashed
    ``pyramide --help``, and a %% in a description printed as two."""
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    top = " ".join(parser.format_help().split())
    assert "its 95 % interval" in top
    for name, command in commands.choices.items():
        assert name in top
        assert "%%" not in command.format_help(), name
