"""The switches real engines need: VAR-STOCK-TOP (PySolFC, Microsoft) and VAR-WASTE-PAIR-ANYTIME
(AisleRiot's Thirteen), through the move API and through taps."""

from __future__ import annotations

import pytest
from pyramide import IllegalMoveError, parse_move

from .boards import at, game, table


def test_a_king_on_the_stock_top_goes_alone_under_microsofts_rules() -> None:
    play = game("QC", "AD 2D", stock="KH 5S", profile="microsoft")
    play.push(parse_move("KH"))
    assert [c.ascii for c in play.stock] == ["5S"]
    assert (play.score, play.move_count) == (0, 1)


def test_the_stock_top_pairs_with_the_waste_top_and_with_a_free_card() -> None:
    play = game("QC", "AD 9D", waste="6H", stock="7S 4C", profile="pysolfc-relaxed")
    play.push(parse_move("6H+7S"))
    assert [c.ascii for c in play.stock] == ["4C"] and play.waste == []
    play.push(parse_move("9D+4C"))
    assert at(play, 2, 2) is None and play.stock == ()


def test_only_the_top_of_the_stock_is_in_play() -> None:
    play = game("QC", "AD 9D", stock="5S 4C", profile="microsoft")
    with pytest.raises(IllegalMoveError):
        play.push(parse_move("9D+4C"))


def test_the_app_keeps_the_stock_out_of_play() -> None:
    play = game("QC", "AD 2D", stock="KH 5S")
    assert not play.is_legal(parse_move("KH"))


def test_thirteen_pairs_the_waste_top_with_the_card_beneath_at_any_time() -> None:
    play = game("5C", "AD 2D", waste="6H 7S", stock="9C", profile="aisleriot-thirteen")
    play.push(parse_move("6H+7S"))
    assert play.waste == [] and play.move_count == 1
    drawn_with_waste = game("5C", "AD 2D", waste="6H 7S", stock="9C", profile="drawn-with-waste")
    assert not drawn_with_waste.is_legal(parse_move("6H+7S")), "only right after a draw there"


def test_the_card_beneath_the_waste_top_pairs_with_nothing_else() -> None:
    play = game("5C", "AD 2D", waste="JH 7S", profile="aisleriot-thirteen")
    assert not play.is_legal(parse_move("2D+JH"))


def test_the_stock_top_is_tapped_like_a_card() -> None:
    tab = table("QC", "AD 9D", stock="4C 5S", profile="microsoft")
    tab.tap("stock-top")
    assert tab.selected == "stock-top"
    tab.tap((2, 2))
    assert at(tab.game, 2, 2) is None and [c.ascii for c in tab.game.stock] == ["5S"]
    tab.tap("stock")
    assert [c.ascii for c in tab.game.waste] == ["5S"], "a tap on the stock still draws"


def test_under_the_app_a_tap_on_the_stock_top_touches_nothing() -> None:
    tab = table("QC", "AD 9D", stock="4C 5S")
    tab.tap("stock-top")
    assert (tab.selected, tab.message, tab.game.move_count) == (None, None, 0)
