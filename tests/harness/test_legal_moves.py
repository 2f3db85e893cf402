"""The moves an engine lists, compared with the rules' at every state, and its status with them.

Two real bugs passed every scenario, the random games and the differential: a recycle allowed
while the stock holds cards, and 'no more moves' said while the engine lists a legal pair. Here
each is planted in a move-only engine and caught on the rule it breaks; the right engines of
the shim pass (``test_moveshim_engines.py`` runs the whole suite on them).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checkruns import run_check
from pyramide.conformance.legal_moves import (
    MovesDisagree,
    StatusDisagrees,
    deciding_rules,
    starting_game,
)
from pyramide.conformance.moveshim import GameMoveEngine, MoveShimAdapter
from pyramide.conformance.specdata import load_profiles
from pyramide.moves import parse_move
from pyramide.profiles import PROFILES, get_profile

from . import rule_faults
from .rule_faults import RecyclesWhileTheStockHolds, StuckBesideACoveringPair

CODE = "PY1-N-AAAAAAS"
ONLY_A_COVERING_PAIR = {  # the stock and the waste gone; 7♥ still lies on 6♣, alone
    "pyramid": [["6C"], ["7H", None], *([None] * n for n in range(3, 8))],
    "waste": [],
    "stock": [],
}


def _shim(engine: GameMoveEngine) -> MoveShimAdapter:
    return MoveShimAdapter(engine, profiles=tuple(PROFILES), deal_codes=True)


def test_a_recycle_listed_while_the_stock_holds_cards_fails_on_recycle_order() -> None:
    with pytest.raises(MovesDisagree, match="allows recycle, which the rules forbid") as caught:
        _shim(RecyclesWhileTheStockHolds()).start(code=CODE)
    assert caught.value.rules == ("RECYCLE-ORDER",)


def test_stuck_beside_a_covering_pair_it_lists_fails_on_the_end_rule() -> None:
    shim = _shim(StuckBesideACoveringPair())
    with pytest.raises(StatusDisagrees, match="'no-more-moves' while its own moves allow") as got:
        shim.start(layout=ONLY_A_COVERING_PAIR, profile="covering-pair")
    assert got.value.rules == ("END-NO-MORE-MOVES",)


@pytest.mark.parametrize("engine", [GameMoveEngine, StuckBesideACoveringPair])
def test_the_right_status_and_moves_pass(engine: type[GameMoveEngine]) -> None:
    """The reference's moves at the covering pair's table; and the faulty status engine under
    the app's rules, where no such pair exists to forget."""
    profile = "covering-pair" if engine is GameMoveEngine else "app"
    shim = _shim(engine())
    start = shim.start(layout=ONLY_A_COVERING_PAIR, profile=profile)
    assert start.status == ("playing" if engine is GameMoveEngine else "no-more-moves")


def test_the_comparison_follows_play_and_undo() -> None:
    """A right engine played and taken back: every state compared, none failed."""
    shim = _shim(GameMoveEngine())
    shim.start(code=CODE)
    for target in ("r7c6", "r7c2", "r7c5", "stock", "stock"):
        shim.tap(target)
    assert shim.undo().stock_size == 22
    assert shim.witness is not None and shim.witness.in_step


def test_a_whole_check_blames_exactly_the_broken_rule(tmp_path: Path) -> None:
    """The right move engines pass whole checks in ``test_moveshim_engines.py``."""
    impl = f"{rule_faults.__name__}:recycles_while_the_stock_holds"
    run = run_check(tmp_path, "--impl", impl, "--invariant-games", "2", "-q")
    assert (run.status, run.footer["at_fault"]) == (1, ["RECYCLE-ORDER"]), run.out


def test_a_difference_in_view_at_every_state_hides_no_other_fault(tmp_path: Path) -> None:
    """The comparison speaks after a scenario's own steps: an engine that never lets the player
    name a pile fails at every state with a stock, and its score scenarios still fail on the
    score (no random game: the scenarios alone)."""
    impl = f"{rule_faults.__name__}:names_no_pile_scoring_five"
    options = ("--profile", "apophis", "--invariant-games", "0", "-q")
    run = run_check(tmp_path, "--impl", impl, *options)
    assert run.footer["at_fault"] == ["SCORE-PYRAMID-CARD", "VAR-APOPHIS-CHOICE"], run.out


def test_a_move_engine_settling_what_follows_a_win_otherwise_is_blamed_on_no_rule(
    tmp_path: Path,
) -> None:
    """What a tap does once the game is won is an open point: a draw a move engine plays then is
    no move the rules forbid (PySolFC's King Tut, which draws after its win, was blamed on
    VAR-KING-TUT-DRAW-THREE), and the scenario that taps after the win only differs."""
    impl = f"{rule_faults.__name__}:draws_once_won"
    run = run_check(tmp_path, "--impl", impl, "--invariant-games", "0", "-q")
    assert run.footer["at_fault"] == [] and run.footer["counts"]["failed"] == 0, run.out
    assert run.footer["counts"]["differs from reference"] >= 1


TABLE = {  # free: 2♠ J♦ K♣ 6♦; waste 7♠, 6♥, 7♣ on top; stock J♥ then 8♦
    "pyramid": [
        ["9C"],
        ["4S", "QH"],
        ["5H", "8C", "3D"],
        ["2S", "JD", "KC", "6D"],
        *([None] * n for n in range(5, 8)),
    ],
    "waste": ["7S", "6H", "7C"],
    "stock": ["JH", "8D"],
}


@pytest.mark.parametrize(
    ("profile", "move", "rules"),
    [
        ("app", "recycle", ("RECYCLE-ORDER",)),
        ("single-pass", "recycle", ("VAR-LIMITED-PASSES",)),
        ("app", "draw", ("STOCK-DRAW",)),
        ("app", "2S+6D", ("PAIR-THIRTEEN", "PAIR-VALUES")),
        ("app", "2S+JD", ("PAIR-THIRTEEN", "PAIR-VALUES")),
        ("app", "KC+2S", ("KING-ALONE", "PAIR-THIRTEEN")),  # 15: a wrong total allows it too
        ("app", "9C+4S", ("FREE-PYRAMID",)),
        ("app", "KC", ("KING-ALONE",)),
        ("app", "2S+JH", ("STOCK-OUT-OF-PLAY",)),
        ("pysolfc-relaxed", "2S+JH", ("VAR-STOCK-TOP", "PAIR-THIRTEEN", "PAIR-VALUES")),
        ("app", "7C+6D", ("WASTE-PAIRS", "PAIR-THIRTEEN", "PAIR-VALUES")),
        ("app", "6H+7C", ("WASTE-DRAWN-ALONE",)),
        ("drawn-with-waste", "6H+7C", ("VAR-DRAWN-WITH-WASTE",)),
        ("app", "7S+6D", ("FREE-WASTE-TOP",)),
        ("app", "5D+8D", ("STOCK-OUT-OF-PLAY",)),
    ],
)
def test_each_move_is_decided_by_its_own_rule(profile: str, move: str, rules: tuple[str]) -> None:
    game = starting_game(TABLE, None, get_profile(profile))
    assert game is not None
    states = load_profiles().states(get_profile(profile).switches)
    assert deciding_rules(game, parse_move(move), states) == rules


def test_a_covered_card_is_decided_by_the_rules_that_free_it() -> None:
    """6♣ under 7♥ alone: paired with it, by the covering rules and, where no rule allows that
    pair, by FREE-PYRAMID too (an engine freeing a card once either cover is gone allows both
    kinds of pair, and one rule must explain both); where the pair is legal, by the pair's own
    rule; with another card, by FREE-PYRAMID."""
    table = {**ONLY_A_COVERING_PAIR, "waste": ["7D"]}
    covering = {
        "app": ("PAIR-NOT-COVERING", "FREE-PYRAMID"),
        "covering-pair": ("VAR-COVERING-PAIR", "PAIR-THIRTEEN", "PAIR-VALUES"),  # refused
    }
    for profile, rules in covering.items():
        game = starting_game(table, None, get_profile(profile))
        assert game is not None
        states = load_profiles().states(get_profile(profile).switches)
        assert deciding_rules(game, parse_move("6C+7H"), states) == rules
        assert deciding_rules(game, parse_move("6C+7D"), states) == ("FREE-PYRAMID",)
