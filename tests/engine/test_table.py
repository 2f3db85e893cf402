"""Play by taps, as in the app: TAP-SELECT, TAP-BLOCKED, PAIR-MISMATCH, KING-ALONE, STOCK-DRAW,
RECYCLE-ORDER, END-NO-MORE-MOVES, MSG-TEXTS keys, and the settled open points
OPEN-RETAP-SELECTED, OPEN-KING-WHILE-SELECTED, OPEN-BLOCKED-WHILE-SELECTED, OPEN-DRAW-SELECTION,
OPEN-UNDO-SELECTION, OPEN-UNDO-NOT-A-MOVE."""

from __future__ import annotations

import pytest
from pyramide import Game, Message, Table, parse_code

from .boards import at, names, table

BLOCKED = Message("card-blocked")
SUM = Message("sum-must-equal", {"target": 13})


def _snapshot(tab: Table) -> tuple[object, ...]:
    """Everything a tap may change except the message."""
    game = tab.game
    return (game.layout(), game.score, game.move_count, game.recycles, tab.selected)


@pytest.mark.parametrize("error_help", [True, False])
def test_tapping_a_covered_card_changes_nothing_but_the_message(error_help: bool) -> None:
    tab = table("JD", "2C 9S", waste="2H", error_help=error_help)
    before = _snapshot(tab)
    tab.tap((1, 1))
    assert _snapshot(tab) == before
    assert tab.message == (BLOCKED if error_help else None)


def test_tapping_a_free_card_selects_it() -> None:
    tab = table("JD", "2C 9S")
    tab.tap((2, 2))
    assert tab.selected == (2, 2)
    assert tab.message is None
    assert tab.game.move_count == 0


def test_two_taps_on_cards_worth_13_remove_them() -> None:
    tab = table("JD", "2C 9S", waste="4H", stock="5D")
    tab.tap((2, 2))
    tab.tap("waste")
    assert at(tab.game, 2, 2) is None and tab.game.waste == []
    assert (tab.selected, tab.message, tab.game.score, tab.game.move_count) == (None, None, 10, 1)


@pytest.mark.parametrize("error_help", [True, False])
def test_a_wrong_sum_warns_removes_nothing_and_keeps_the_second_card(error_help: bool) -> None:
    tab = table("JD", "2C 9S", waste="5H", error_help=error_help)
    tab.tap((2, 1))
    tab.tap((2, 2))
    assert (tab.message, tab.selected) == (SUM, (2, 2))
    assert names(tab.game.pyramid[:3]) == ["JD", "2C", "9S"]
    assert tab.game.move_count == 0
    tab.tap("waste")
    assert (tab.message, tab.selected) == (SUM, "waste")


def test_the_second_card_kept_selected_can_then_make_a_pair() -> None:
    tab = table("JD", "2C 9S", waste="4H")
    tab.tap((2, 1))
    tab.tap((2, 2))
    tab.tap("waste")
    assert at(tab.game, 2, 2) is None and tab.game.waste == []


def test_a_king_goes_with_one_tap_from_the_pyramid_and_from_the_waste() -> None:
    tab = table("QD", "KS 5C", waste="2C KH")
    tab.tap((2, 1))
    assert at(tab.game, 2, 1) is None and tab.game.score == 10
    tab.tap("waste")
    assert names(tab.game.waste) == ["2C"] and tab.game.score == 10
    assert tab.game.move_count == 2


def test_a_covered_king_is_blocked() -> None:
    tab = table("KD", "2C 9S")
    tab.tap((1, 1))
    assert tab.message == BLOCKED and at(tab.game, 1, 1) == "KD"


def test_a_card_does_not_pair_with_the_card_on_it_by_taps() -> None:
    tab = table("6C", "7H --")
    tab.tap((2, 1))
    tab.tap((1, 1))
    assert tab.message == BLOCKED
    assert tab.selected == (2, 1)
    assert names(tab.game.pyramid[:2]) == ["6C", "7H"]


def test_the_card_under_the_waste_top_is_blocked() -> None:
    tab = table("QD", "AS 5C", waste="QH 9C")
    tab.tap((2, 1))
    tab.tap("waste-below")
    assert tab.message == BLOCKED and tab.selected == (2, 1)
    assert names(tab.game.waste) == ["QH", "9C"]


def test_under_drawn_with_waste_the_fresh_card_pairs_with_the_one_below_by_taps() -> None:
    tab = table("QD", waste="6H", stock="7C", profile="drawn-with-waste")
    tab.tap("stock")
    tab.tap("waste")
    tab.tap("waste-below")
    assert tab.game.waste == [] and tab.game.move_count == 2


def test_tapping_the_selected_card_again_deselects_it() -> None:
    tab = table("JD", "2C 9S")
    tab.tap((2, 1))
    tab.tap((2, 1))
    assert tab.selected is None and tab.message is None


def test_a_king_tapped_while_a_card_is_selected_goes_and_clears_the_selection() -> None:
    tab = table("JD", "2C KS", stock="5D")
    tab.tap((2, 1))
    tab.tap((2, 2))
    assert at(tab.game, 2, 2) is None
    assert tab.selected is None and tab.message is None


def test_a_blocked_tap_keeps_the_selection() -> None:
    tab = table("JD", "2C 9S")
    tab.tap((2, 1))
    tab.tap((1, 1))
    assert tab.selected == (2, 1) and tab.message == BLOCKED


def test_tapping_the_stock_draws_and_clears_the_selection() -> None:
    tab = table("JD", "2C 9S", waste="4H", stock="5D 6D")
    tab.tap("waste")
    tab.tap("stock")
    assert tab.selected is None
    assert names(tab.game.waste) == ["4H", "5D"] and tab.game.move_count == 1


def test_tapping_the_empty_stock_recycles_in_the_same_order_and_clears_the_selection() -> None:
    tab = table("JD", "2C 9S", waste="4H 5D 6D")
    tab.tap("waste")
    tab.tap("stock")
    assert tab.selected is None
    assert names(tab.game.stock) == ["4H", "5D", "6D"] and tab.game.move_count == 1
    tab.tap("stock")
    assert names(tab.game.waste) == ["4H"]


def test_tapping_an_empty_stock_and_waste_does_nothing() -> None:
    tab = table("JD", "2C 9S")
    tab.tap("stock")
    tab.tap("waste")
    assert tab.game.move_count == 0 and tab.selected is None and tab.message is None


def test_tapping_an_empty_place_does_nothing() -> None:
    tab = table("JD", "2C 9S")
    tab.tap((2, 1))
    tab.tap((3, 1))
    assert tab.selected == (2, 1) and tab.message is None


def test_undo_clears_the_selection_and_is_not_a_move() -> None:
    tab = table("JD", "2C 9S", waste="4H", stock="5D")
    tab.tap((2, 2))
    tab.tap("waste")
    tab.tap((2, 1))
    tab.undo()
    assert tab.selected is None and tab.message is None
    assert names(tab.game.pyramid[:3]) == ["JD", "2C", "9S"] and names(tab.game.waste) == ["4H"]
    assert (tab.game.score, tab.game.move_count) == (0, 1)
    assert not tab.game.can_undo()
    tab.undo()  # nothing left to undo: nothing changes
    assert names(tab.game.pyramid[:3]) == ["JD", "2C", "9S"] and names(tab.game.waste) == ["4H"]
    assert tab.game.move_count == 1


def test_the_last_move_before_a_dead_end_shows_no_more_moves() -> None:
    tab = table("JD", "2C 9S", waste="4H")
    tab.tap("waste")
    tab.tap((2, 2))
    assert tab.message == Message("no-more-moves")


def test_no_more_moves_is_not_shown_while_the_waste_can_be_recycled() -> None:
    tab = table("JD", "2C 9S", waste="3C", stock="4H")
    tab.tap("stock")
    tab.tap("waste")
    tab.tap((2, 2))
    assert tab.game.waste and tab.message is None


def test_after_a_win_taps_do_nothing() -> None:
    tab = table("QS", waste="AH", stock="2C")
    tab.tap("waste")
    tab.tap((1, 1))
    assert tab.game.is_won()
    tab.tap("stock")
    assert tab.game.move_count == 1 and tab.game.stock


def test_the_documented_first_moves_by_taps() -> None:
    """PY1-N-AAAAAAS: K♦ goes with one tap, then 10♣ and 3♠ together."""
    code = parse_code("PY1-N-AAAAAAS")
    tab = Table(Game(code.layout(), code.profile))
    tab.tap((7, 6))
    tab.tap((7, 2))
    tab.tap((7, 5))
    assert names(tab.game.layout().rows()[6]) == ["7C", None, "3H", "4H", None, None, "7S"]
    assert (tab.game.score, tab.game.move_count) == (30, 2)
