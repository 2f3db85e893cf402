"""``pyramide differential`` plays every game asked for and reports each kind of difference by
the rule it breaks, with the game that shows it first (issue 33 C): one harmless difference in
almost every game no longer hides a real bug, a kind the user sets aside is counted and never
fails the run, an open point never does, and a check the engine's adapter fails (the move
shim's legal moves) is a difference of its rules, game by game."""

from __future__ import annotations

import shlex
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from features.wrong_adapters import NoBlockedMessage, WasteKingStays
from pyramide.cli import main
from pyramide.conformance.adapter import Snapshot
from pyramide.conformance.checks import CheckFailed
from pyramide.conformance.differential import Duel, Report, run_differential, sort_kinds
from pyramide.conformance.loading import load_factory
from pyramide.conformance.reference_adapter import ReferenceAdapter

from features import wrong_adapters

from . import rule_faults


class SilentAboutBlockedCardsAndKeepsTheWasteKing(NoBlockedMessage, WasteKingStays):
    """Never warns that a card is blocked, which random games show in almost every game
    (TAP-BLOCKED), and refuses a King on top of the waste, which fewer games reach
    (KING-ALONE)."""


class RecycleRefusedByItsOwnCheck(NoBlockedMessage):
    """An adapter whose own check fails at every recycle (as the move shim's comparison of
    legal moves does), silent about blocked cards as well."""

    def tap(self, target: str) -> Snapshot:
        if target == "stock" and self.snapshot().stock_size == 0:
            raise CheckFailed("refuses to turn the waste over", rules=("RECYCLE-UNLIMITED",))
        return super().tap(target)


TWO_BUGS = ["--impl", f"{__name__}:{SilentAboutBlockedCardsAndKeepsTheWasteKing.__name__}"]
GAMES = ["--examples", "30"]
SET_ASIDE = "- {rule: TAP-BLOCKED, reason: our game shows no warnings}\n"


def differential(*args: str) -> int:
    return main(["differential", *args])


def summary(out: str) -> dict[str, str]:
    """The summary's line of each kind, by its rule."""
    table = out.split("# the differences, by the rule they break:\n")[1].split("# found in ")[0]
    lines = table.splitlines()
    kinds = [line.removeprefix("#   ") for line in lines if line.startswith("#   ") and ":" in line]
    return {line.split(":")[0]: line for line in kinds if not line.startswith(" ")}


def test_a_real_bug_is_reported_beside_the_difference_of_almost_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert differential(*TWO_BUGS, *GAMES) == 1
    out = capsys.readouterr().out
    kinds = summary(out)
    assert set(kinds) == {"TAP-BLOCKED", "KING-ALONE"}, out
    assert all(line.endswith("FAILS") for line in kinds.values())
    blocked, king = (int(kinds[r].split()[1]) for r in ("TAP-BLOCKED", "KING-ALONE"))
    assert blocked > 25 and 0 < king < blocked
    assert "  @TAP-BLOCKED\n" in out and "  @KING-ALONE\n" in out


def test_each_kind_names_the_one_game_that_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    differential(*TWO_BUGS, *GAMES)
    king = capsys.readouterr().out.split("  @KING-ALONE\n")[1]
    scenario, rerun = king.split("\n# game ", 1)
    words = shlex.split(rerun.split("\n")[0].split(": ", 1)[1])
    assert "--game" in words and "--examples" not in words, words
    assert main(words[1:]) == 1
    again = capsys.readouterr().out
    assert "1 of 1 game," in summary(again)["KING-ALONE"]
    assert scenario in again, "the game played alone shows the same difference"


def test_a_kind_set_aside_is_counted_and_the_run_fails_on_the_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.yaml"
    known.write_text(SET_ASIDE)
    assert differential(*TWO_BUGS, *GAMES, "--expected-differences", str(known)) == 1
    out = capsys.readouterr().out
    kinds = summary(out)
    assert kinds["TAP-BLOCKED"].endswith("set aside: our game shows no warnings")
    assert kinds["KING-ALONE"].endswith("FAILS")
    assert "  @KING-ALONE\n" in out and "  @TAP-BLOCKED\n" not in out
    assert f"--expected-differences {known}" in out.splitlines()[-1]


def test_a_run_whose_differences_are_all_set_aside_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.yaml"
    known.write_text(SET_ASIDE + "- {rule: KING-ALONE, reason: fixed in the next release}\n")
    assert differential(*TWO_BUGS, *GAMES, "--expected-differences", str(known)) == 0
    right = ["--impl", f"{ReferenceAdapter.__module__}:ReferenceAdapter"]
    assert differential(*right, "--examples", "5", "--expected-differences", str(known)) == 0
    out = capsys.readouterr().out
    assert "#   KING-ALONE: set aside, broken in no game" in out.splitlines()


def test_a_check_the_adapter_fails_is_a_difference_of_its_rules_game_by_game() -> None:
    factory = load_factory(f"{__name__}:{RecycleRefusedByItsOwnCheck.__name__}")
    result = run_differential(factory, max_examples=20, shrink_replays=10)
    kinds = {kind.rules: kind for kind in result.kinds}
    assert set(kinds) == {("RECYCLE-UNLIMITED",), ("TAP-BLOCKED",)}
    recycle = kinds["RECYCLE-UNLIMITED",]
    assert recycle.games > 1, "the run goes on past the first game that fails the check"
    assert recycle.found.error == "breaks RECYCLE-UNLIMITED: refuses to turn the waste over"


def test_a_move_the_shim_finds_allowed_against_the_rules_fails_every_game_it_shows_in() -> None:
    """The move shim compares the moves an engine lists with the rules' (issue 33 B): an engine
    listing a recycle while the stock holds cards breaks RECYCLE-ORDER, game after game."""
    factory = load_factory(f"{rule_faults.__name__}:recycles_while_the_stock_holds")
    result = run_differential(factory, max_examples=5, shrink_replays=0)
    assert [(kind.rules, kind.games) for kind in result.kinds] == [(("RECYCLE-ORDER",), 5)]


@pytest.mark.parametrize(
    ("engine", "open_point"),
    [
        ("DrawKeepsTheSelection", "OPEN-DRAW-SELECTION"),
        ("UndoCountsAsAMove", "OPEN-UNDO-NOT-A-MOVE"),
    ],
)
def test_an_open_point_settled_otherwise_is_reported_and_never_fails(
    engine: str, open_point: str, capsys: pytest.CaptureFixture[str]
) -> None:
    impl = ["--impl", f"{wrong_adapters.__name__}:{engine}"]
    assert differential(*impl, "--examples", "10") == 0
    kinds = summary(capsys.readouterr().out)
    assert list(kinds) == [open_point] and "an open point" in kinds[open_point]


@pytest.mark.parametrize(
    ("engine", "profile", "rule"),
    [
        ("SelectionNotShown", "app", "TAP-SELECT"),
        ("BlockedCardsGetSelected", "app", "TAP-BLOCKED"),
        ("WasteNeverPairs", "app", "WASTE-PAIRS"),
        ("DrawsOnlyWhenStuck", "app", "STOCK-DRAW"),
        ("WasteCardsScore", "app", "SCORE-NOTHING-ELSE"),
        ("UndoKeepsThePoints", "app", "UNDO-RESTORES"),
        ("UndoLowersTheCounter", "app", "UNDO-COUNTER-KEEPS"),
        ("PysolfcWithAHiddenStockTop", "pysolfc-relaxed", "VAR-STOCK-TOP"),
        ("KingTutDrawsLastUnder", "king-tut", "VAR-KING-TUT-DRAW-THREE"),
        ("SpanishReyStays", "spanish", "VAR-SPANISH-REY-ALONE"),
    ],
)
def test_a_wrong_engine_differs_on_the_rule_it_breaks(engine: str, profile: str, rule: str) -> None:
    factory = load_factory(f"{wrong_adapters.__name__}:{engine}")
    result = run_differential(factory, 8, 40, profile, shrink_replays=0)
    assert [kind.rules for kind in result.kinds if kind.fails] == [(rule,)]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("rule: KING-ALONE\n", "known.yaml, line 1: [...] is not of type 'array'"),
        ("- rule: KING-ALONE\n", "known.yaml, line 1, at [0]: 'reason' is a required property"),
        ("- {rule: KING-ALONES, reason: r}\n", "at [0].rule: unknown rule ID 'KING-ALONES'"),
        ("- {rule: KING-ALONE, reason: r, scenario: s}\n", "at [0]: unknown field"),
        (SET_ASIDE * 2, "line 2, at [1].rule: TAP-BLOCKED is listed twice"),
        ("- [\n", "known.yaml, line 2: not valid YAML"),
        (None, "known.yaml: cannot read the file"),
    ],
    ids=["not-a-list", "no-reason", "unknown-rule", "unknown-field", "twice", "yaml", "missing"],
)
def test_a_file_of_expected_differences_that_cannot_be_used_is_exit_2_in_one_line(
    text: str | None, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    known = tmp_path / "known.yaml"
    if text is not None:
        known.write_text(text)
    assert differential(*TWO_BUGS, "--expected-differences", str(known)) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("pyramide differential: ")
    assert problem.replace("[...]", "{'rule': 'KING-ALONE'}") in captured.err, captured.err


def test_rules_named_in_another_order_are_one_kind() -> None:
    """A King with an Ace allowed names the King's rule and the pair's, in the order its check
    found them: the same kind of difference as the pair's rules and the King's named the
    other way round (seen on soliterm with its pairs adding up to 14)."""
    empty = {"pyramid": [[None]], "waste": [], "stock_size": 0, "score": 0, "moves": 0}
    table = Snapshot.from_json({**empty, "status": "playing"})

    def duel(*rules: str) -> Duel:
        found = Report("engine", "app", {}, (), table, table, ("pyramid",), None, rules=rules)
        return cast(Duel, SimpleNamespace(found=[found]))

    kinds = sort_kinds(
        [(1, duel("KING-ALONE", "PAIR-THIRTEEN")), (2, duel("PAIR-THIRTEEN", "KING-ALONE"))], {}
    )
    assert [(kind.rules, kind.games, kind.first_game) for kind in kinds] == [
        (("PAIR-THIRTEEN", "KING-ALONE"), 2, 1)
    ]
