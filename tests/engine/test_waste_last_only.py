"""A waste that keeps only the last card drawn (``waste_keeps: last``, VAR-WASTE-LAST-ONLY) in
the engine itself: a draw first takes the card on the waste out of play, undo brings it back,
and with nothing left to turn back the game ends when the stock does."""

from __future__ import annotations

from pyramide import Game, Table, get_profile, parse_code, parse_move
from pyramide.game import Status
from pyramide.moves import Draw, Recycle
from pyramide.notation import read_layout
from pyramide.profiles import WASTE_KEEPS_LAST, Profile

from .boards import names, rows

LAST = Profile(name="last-card", waste_keeps=WASTE_KEEPS_LAST, max_recycles=0)
"""The app's rules but for the waste, with the single pass the switch asks for."""


def test_a_draw_takes_the_waste_card_out_of_play_first() -> None:
    game = Game(read_layout(rows("5S", "2C 9H"), "4D", "3C 8H"), LAST)
    game.push(Draw())
    assert names(game.waste) == ["3C"] and names(game.stock) == ["8H"]
    game.push(Draw())
    assert names(game.waste) == ["8H"] and game.stock == ()
    assert game.score == 0 and game.move_count == 2, "a card taken out scores nothing"


def test_a_card_passed_over_is_gone_and_no_recycle_brings_it_back() -> None:
    game = Game(read_layout(rows("5S", "2C 9H"), "4D", "3C"), LAST)
    assert game.is_legal(parse_move("9H+4D"))
    game.push(Draw())
    assert not game.is_legal(parse_move("9H+4D")), "the 4♦ left play with the draw"
    assert not game.is_legal(Recycle()) and game.legal_moves() == []
    assert game.status is Status.NO_MORE_MOVES


def test_undoing_a_draw_puts_the_card_taken_out_back_on_the_waste() -> None:
    game = Game(read_layout(rows("5S", "2C 9H"), "4D", "3C 8H"), LAST)
    game.push(Draw())
    game.pop()
    assert names(game.waste) == ["4D"] and names(game.stock) == ["3C", "8H"]
    game.push(parse_move("9H+4D"))
    assert game.score == 10


def test_the_drawn_card_pairs_and_leaves_the_waste_empty() -> None:
    game = Game(read_layout(rows("5S", "2C 9H"), "7D", "JS 4C"), LAST)
    tab = Table(game)
    tab.tap("stock")
    tab.tap("waste")
    tab.tap((2, 1))
    assert game.waste == [] and names(game.stock) == ["4C"]
    assert game.pyramid[1] is None, "the 2♣ went with the J♠"


def test_the_named_profile_deals_as_the_app_and_never_holds_two_waste_cards() -> None:
    dealt = parse_code("PY1-L-AAAAAAS")
    assert dealt.profile is get_profile("kp-pyramids")
    game = Game(dealt.layout(), dealt.profile)
    assert len(game.waste) == 1 and len(game.stock) == 23
    while game.stock:
        game.push(Draw())
        assert len(game.waste) == 1
