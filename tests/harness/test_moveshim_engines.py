"""Move-only engines through the shim: moves compared by meaning, face-down cards tried, and
route 3 of the adapter guide run as written.

A right engine that writes its moves its own way passes the whole suite; an engine that lets a
face-down card be played fails it; the guide's complete example passes under each rule set it
declares.
"""

from __future__ import annotations

import ast
import re
import shlex
from pathlib import Path

import pytest
from checkruns import run_check
from features.inprocess import Outcomes, run_suite
from pyramide.conformance.adapter import AdapterError
from pyramide.conformance.legal_moves import MovesDisagree
from pyramide.conformance.moveshim import GameMoveEngine, MoveShimAdapter
from pyramide.conformance.specdata import load_rules

from . import move_engines
from .conftest import ROOT
from .move_engines import THIRTEEN, FaceDownCardsPlayable, OwnSpelling

RULE_IDS = set(load_rules().rules)
GUIDE = ROOT / "docs" / "adapters.md"
FACE_DOWN_TABLE = {  # the table of VAR-FACE-DOWN's "A face-down card is never in play"
    "pyramid": [["9S"], ["5D", "4H"], ["KC", "KD", "JH"], *([None] * n for n in range(4, 8))],
    "waste": ["8C"],
    "stock": ["2C"],
}


def run(factory: str, profile: str) -> Outcomes:
    return run_suite("--pyramide-impl", factory, "--pyramide-profile", profile)


def test_a_pair_and_a_king_listed_in_the_engines_own_spelling_are_played() -> None:
    shim = MoveShimAdapter(OwnSpelling(), deal_codes=True)
    shim.start(code="PY1-N-AAAAAAS")
    assert shim.tap("r7c6").score == 10  # K♦, listed as "K♦"
    shim.tap("r7c2")
    assert shim.tap("r7c5").score == 30  # 10♣ + 3♠, listed as "3s+tc"
    assert shim.tap("stock").stock_size == 22  # listed as "DRAW"


class Unreadable(GameMoveEngine):
    def legal_moves(self) -> list[str]:
        return [*super().legal_moves(), "flip"]


def test_a_listed_move_the_shim_cannot_read_is_a_clear_error() -> None:
    """The shim reads the moves of every state, the first one included."""
    shim = MoveShimAdapter(Unreadable(), deal_codes=True)
    with pytest.raises(AdapterError, match=r"the engine lists a legal move .*'flip'"):
        shim.start(code="PY1-N-AAAAAAS")


@pytest.mark.parametrize("profile", ["app", THIRTEEN])
def test_a_right_engine_spelling_its_moves_its_own_way_passes_the_whole_suite(
    profile: str,
) -> None:
    outcomes = run(f"{move_engines.__name__}:own_spelling", profile)
    assert outcomes.with_outcome("failed") == [], outcomes.text
    assert len(outcomes.with_outcome("passed")) > 70


def test_the_example_move_engine_shows_face_down_cards_and_passes_aisleriot_thirteen() -> None:
    outcomes = run("pyramide.conformance.moveshim:example_factory", THIRTEEN)
    assert outcomes.with_outcome("failed") == [], outcomes.text
    assert "VAR-FACE-DOWN" in outcomes.rules("passed", RULE_IDS)


class Unwitnessed(MoveShimAdapter):
    """The shim without its comparison of the moves listed with the rules', to see what a tap
    does on an engine that comparison stops at once."""

    def _witness(self, *_: object) -> None:
        return None


def _face_down_shim(engine: GameMoveEngine) -> MoveShimAdapter:
    shim = Unwitnessed(engine, profiles=(THIRTEEN,))
    start = shim.start(layout=FACE_DOWN_TABLE, profile=THIRTEEN)
    assert start.pyramid[:3] == (("??",), ("??", "??"), ("KC", "KD", "JH"))
    shim.tap("r3c1")  # K♣: the 5♦ is still covered by the K♦
    shim.tap("waste")
    return shim


def test_a_tap_on_a_face_down_card_tries_the_card_dealt_there() -> None:
    played = _face_down_shim(FaceDownCardsPlayable()).tap("r2c1")  # 8♣ + 5♦, face down
    assert (played.pyramid[1], played.waste) == ((None, "??"), ())


def test_face_down_cards_listed_as_playable_fail_on_free_pyramid_from_the_first_state() -> None:
    shim = MoveShimAdapter(FaceDownCardsPlayable(), profiles=(THIRTEEN,))
    with pytest.raises(MovesDisagree, match=r"allows 4H\+9S, 8C\+5D, which") as caught:
        shim.start(layout=FACE_DOWN_TABLE, profile=THIRTEEN)
    assert caught.value.rules == ("FREE-PYRAMID",)


def test_a_face_down_card_a_right_engine_refuses_leaves_the_selection_as_it_was() -> None:
    refused = _face_down_shim(GameMoveEngine()).tap("r2c1")
    assert (refused.pyramid[1], refused.waste, refused.selected) == (("??", "??"), ("8C",), "waste")


@pytest.mark.parametrize(("profile", "in_play"), [("app", False), (THIRTEEN, True)])
def test_the_card_beneath_the_waste_top_is_taken_only_where_the_engine_plays_it(
    profile: str, in_play: bool
) -> None:
    """The shim does not know the rule set: the card beneath the waste top (the stock's top
    card likewise) is selected only when the engine lists a move with it."""
    shim = MoveShimAdapter(GameMoveEngine(), profiles=(profile,))
    table = {**FACE_DOWN_TABLE, "waste": ["6H", "7C"]}  # 6 + 7 = 13
    shim.start(layout=table, profile=profile)
    assert (shim.tap("waste-below").selected == "waste-below") is in_play
    assert (shim.tap("waste").waste == ()) is in_play


def test_an_engine_that_lets_face_down_cards_be_played_fails_the_suite() -> None:
    """Under aisleriot-thirteen a face-down card is a covered one, so such an engine breaks
    FREE-PYRAMID as well as VAR-FACE-DOWN; the report blames FREE-PYRAMID alone, as the one
    rule every failed scenario shows (VAR-FACE-DOWN's scenario among them)."""
    outcomes = run(f"{move_engines.__name__}:face_down_cards_playable", THIRTEEN)
    failed = outcomes.with_outcome("failed")
    assert any("face" in node and "never_in_play" in node for node in failed), failed
    assert "VAR-FACE-DOWN" in outcomes.rules("failed", RULE_IDS)
    assert outcomes.at_fault(RULE_IDS) == ["FREE-PYRAMID"]


# --- route 3 of the adapter guide, run as written ------------------------------------------


def _route_3() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    return text[text.index("## Route 3") : text.index("## Beyond the scenarios")]


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", _route_3(), re.MULTILINE | re.DOTALL)


def _keywords(source: str) -> set[str]:
    """The keywords of the ``MoveShimAdapter(...)`` call in ``source``."""
    calls = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "MoveShimAdapter"
    ]
    assert len(calls) == 1
    return {keyword.arg for keyword in calls[0].keywords if keyword.arg}


def test_route_3_shows_every_keyword_a_move_engine_declares() -> None:
    (source,) = _blocks("python")
    assert _keywords(source) == {
        "profiles",
        "rule_sets",
        "conventions",
        "own_deals",
        "tables",
        "deal_codes",
        "stock_order",
        "revision",
    }
    assert "deal=None" in source and "undo" in source


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the guide's ``house_engine.py``, made the working directory with the
    engine importable (``PYTHONPATH=.``)."""
    (source,) = _blocks("python")
    (tmp_path / "house_engine.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_route_3_example_passes_every_check_the_guide_runs(house: Path) -> None:
    (commands,) = _blocks("sh")
    lines = commands.strip().splitlines()
    assert len(lines) == 2
    for line in lines:
        words = shlex.split(line)
        assert words[:3] == ["PYTHONPATH=.", "pyramide", "check"], line
        done = run_check(house, *words[3:], "--invariant-games", "4")
        counts = done.footer["counts"]
        assert done.status == 0, done.out
        assert counts["failed"] == counts["errored"] == 0, done.out
        assert done.footer["coverage"]["percent"] >= 60, done.out
        assert f"rule set: {words[words.index('--profile') + 1]} (" in done.out
    assert done.footer["rules"]["VAR-FACE-DOWN"] == "passed"  # the house rules, face down
