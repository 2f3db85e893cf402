"""The statistics page's script: which cached deals it solves again, and which verdicts of two
profiles that must agree it calls a disagreement."""

from __future__ import annotations

from pathlib import Path

import build_statistics as script
from pyramide.solver.stats import DealResult, solve_deal


def test_only_deals_not_fully_solved_are_solved_again_and_only_when_asked(tmp_path: Path) -> None:
    # seed 0 proven lost with its most removable open; seeds 1 and 2 cached with a made-up
    # verdict, which a run that solved them again would replace
    made_up = [DealResult(seed, 3, False, None, 0.0) for seed in (1, 2)]
    script._save(tmp_path, "app", [DealResult(0, None, False, None, 20.0), *made_up])
    kept = script.solve_profile("app", 3, 0, 1, 60.0, tmp_path, 500)
    assert kept[0].max_removed is None and kept[1:] == made_up
    again = script.solve_profile("app", 3, 0, 1, 60.0, tmp_path, 500, retry=True)
    solved = solve_deal("app", 0, shortest=False)
    assert (again[0].max_removed, again[0].winnable) == (solved.max_removed, solved.winnable)
    assert again[1:] == made_up


def test_two_verdicts_differ_only_on_what_both_proved(tmp_path: Path) -> None:
    mine = [
        DealResult(0, 26, False, None, 0.0),
        DealResult(1, None, False, None, 0.0),  # most removable open: compared on the win
        DealResult(2, 28, True, None, 0.0),
        DealResult(3, 25, False, None, 0.0),
        DealResult(4, None, None, None, 0.0),  # unresolved: not compared
    ]
    theirs = [
        DealResult(0, 26, False, None, 0.0),
        DealResult(1, 24, False, None, 0.0),
        DealResult(2, 26, False, None, 0.0),
        DealResult(3, 24, False, None, 0.0),
        DealResult(4, 28, True, None, 0.0),
    ]
    script._save(tmp_path, "first", mine)
    script._save(tmp_path, "second", theirs)
    assert script.agreement("first", "second", tmp_path) == (4, [2, 3])


def test_an_agreement_line_names_the_seeds_that_differ_and_skips_unsolved_pairs(
    tmp_path: Path,
) -> None:
    script._save(tmp_path, "first", [DealResult(0, 26, False, None, 0.0)])
    script._save(tmp_path, "second", [DealResult(0, 25, False, None, 0.0)])
    script._save(tmp_path, "third", [DealResult(0, 26, False, None, 0.0)])
    pairs = [("first", "second", "why"), ("first", "third", "why"), ("first", "none", "why")]
    assert script._agreements(pairs, tmp_path) == [
        "- first and second (why): **differ on 1 of 1 deals**: [0].",
        "- first and third (why): the same on all 1 deals solved under both.",
    ]
