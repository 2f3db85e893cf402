"""A tap-level engine's random games try what the rules forbid and judge its status by them.

A tap-level engine lists no moves, so its random games tap what the rules forbid (two cards not
worth 13, a covered card, the card beneath the waste top, the stock's top card out of play)
and check that nothing changed; they check that a tap on a stock holding cards never turns the
waste over, and that the status agrees with the moves the rules allow at the table shown. The
two bugs of ``rule_faults`` are caught on their rule in-process and over JSON lines; the
reference, and a right engine sweeping the cards left once won, keep every invariant.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest
from features.wrong_adapters import SweepsTheLeftoversOnAWin
from pyramide.conformance.adapter import Adapter, Snapshot
from pyramide.conformance.invariants import GameRecord, Violation, run_invariants
from pyramide.conformance.invariants_check import invariant_results
from pyramide.conformance.jsonlines import JsonLinesFactory
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.results import FAILED
from pyramide.conformance.rulesets import UnderTest, binding, conventions, from_switches

from .conftest import FAKES
from .rule_faults import RecyclesOnTheLastCard, TapStuckBesideACoveringPair

ONE_PASS_COVERING = {"max_recycles": 0, "pairs_with_covering_card": True}
"""A rule set where games end with the stock spent, and a card may pair with its cover."""


def _under(factory: Callable[[], Adapter], switches: dict[str, Any]) -> UnderTest:
    capabilities = factory().capabilities()
    rule_set = from_switches("house", switches, "the test")
    return UnderTest(
        capabilities, rule_set, conventions(capabilities), binding(rule_set, capabilities)
    )


def _blamed(violations: list[Violation], invariant: str) -> set[tuple[str, ...]]:
    return {v.rules for v in violations if v.invariant == invariant}


def _json_lines(fault: str) -> JsonLinesFactory:
    return JsonLinesFactory([sys.executable, str(FAKES / "rule_faults_engine.py"), fault])


@pytest.mark.parametrize("transport", ["in-process", "json-lines"])
def test_a_stock_tap_turning_the_waste_over_while_the_stock_holds_fails_on_recycle_order(
    transport: str,
) -> None:
    factory: Callable[[], Adapter] = RecyclesOnTheLastCard
    if transport == "json-lines":
        factory = _json_lines("recycles-on-the-last-card")
    rows = invariant_results(factory, 3, _under(RecyclesOnTheLastCard, {}), None)
    failed = {row.nodeid: row.checked for row in rows if row.outcome == FAILED}
    assert failed == {
        "invariants::cards": ("RECYCLE-ORDER",),
        "invariants::moves": ("RECYCLE-ORDER",),
    }


@pytest.mark.parametrize("transport", ["in-process", "json-lines"])
def test_no_more_moves_beside_a_covering_pair_fails_on_the_end_rule(transport: str) -> None:
    factory: Callable[[], Adapter] = TapStuckBesideACoveringPair
    if transport == "json-lines":
        factory = _json_lines("stuck-beside-a-covering-pair")
    under = _under(TapStuckBesideACoveringPair, ONE_PASS_COVERING)
    rows = invariant_results(factory, 4, under, None)
    failed = {row.nodeid: row.checked for row in rows if row.outcome == FAILED}
    assert failed == {"invariants::status": ("VAR-LIMITED-PASSES",)}


class PairsMakeFourteen(ReferenceAdapter):
    """Removes two free cards worth 14 together, not 13."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        self._table().game.target = 14
        return self.snapshot()


def test_two_cards_not_worth_13_tried_and_taken_fail_on_the_pair_rules() -> None:
    violations = run_invariants(PairsMakeFourteen, games=3, under=_under(PairsMakeFourteen, {}))
    assert _blamed(violations, "moves") == {("PAIR-THIRTEEN", "PAIR-VALUES")}


@pytest.mark.parametrize(
    "switches",
    [
        {},
        ONE_PASS_COVERING,
        {"stock_top_playable": True},
        {"waste_keeps": "last", "max_recycles": 0},
        {"waste_play": "drawn-with-below", "max_recycles": 0},
    ],
)
def test_the_reference_keeps_every_invariant_and_forbidden_try(switches: dict[str, Any]) -> None:
    assert run_invariants(ReferenceAdapter, games=3, under=_under(ReferenceAdapter, switches)) == []


def test_a_right_engine_sweeping_the_cards_left_once_won_keeps_every_invariant() -> None:
    """Where the cards left go once the game is won is no rule's business (E2)."""
    records: list[GameRecord] = []
    under = _under(SweepsTheLeftoversOnAWin, {})
    violations = run_invariants(
        SweepsTheLeftoversOnAWin, games=4, on_game=records.append, under=under
    )
    assert violations == []
    assert any(record.status == "won" for record in records)
