"""``pyramide solve`` on a deal code of each variant profile: the reserves (Giza), the waste
piles (Apophis), three cards a draw (King Tut), the Triangle, the Spanish deck and the waste
that keeps only the last card drawn (kp-pyramids).

Each code is one the solver proves, shortest line included, in well under a second, so that
the command's whole path (code, deal, solver, report) is checked for every new profile.
"""

from __future__ import annotations

import json

import pytest
from pyramide import Game, Status, parse_code, parse_move
from pyramide.cli import main

WON_CODES = [
    "PY1-G-AAAAAAS",
    "PY1-O-AAAAAAQ",
    "PY1-K-AAAAAAS",
    "PY1-V-AAAAAAS",
    "PY1-E-AAAAAAR",
    "PY1-L-AAAAAAS",
]
"""A won deal of each variant profile: Giza, Apophis, King Tut, Triangle, Spanish, kp-pyramids."""


@pytest.mark.parametrize("code", WON_CODES)
def test_solve_json_gives_a_shortest_line_that_wins(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", code, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    dealt = parse_code(code)
    play = Game(dealt.layout(), dealt.profile)
    for move in report["moves"]:
        play.push(parse_move(move))
    assert report["winnable"] and report["max_removed"] == 28
    assert play.status is Status.WON and play.move_count == len(report["moves"])


@pytest.mark.parametrize(
    ("code", "most"),
    [("PY1-G-AAAAAAH", 24), ("PY1-K-AAAAAAH", 24), ("PY1-E-AAAAAAS", 24), ("PY1-L-AAAAAAH", 22)],
)
def test_solve_reports_a_deal_that_cannot_be_won(
    code: str, most: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", code]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(code) and parse_code(code).profile.name in lines[0]
    assert lines[1:] == [f"most pyramid cards removable: {most} of 28", "cannot be won"]


def test_solve_prints_the_shortest_line_of_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "PY1-O-AAAAAAQ"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "PY1-O-AAAAAAQ  (apophis rules)"
    assert lines[2].startswith("shortest winning line: ")
    length = int(lines[2].split(": ")[1].split()[0])
    assert len(lines) == 3 + length


def test_the_compiled_core_refuses_the_last_card_waste_naming_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A draw that takes a card out of play is no step of the core's one talon sequence: it
    says so in one line and the reference solver (without ``--fast``) plays the deal."""
    assert main(["solve", "PY1-L-AAAAAAS", "--fast"]) == 2
    error = capsys.readouterr().err.strip()
    assert "keeps only the last card drawn" in error and "leave out --fast" in error
    assert len(error.splitlines()) == 1
