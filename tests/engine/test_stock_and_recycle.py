"""The stock and the waste: STOCK-DRAW, WASTE-DRAWN-ALONE, RECYCLE-ORDER, RECYCLE-UNLIMITED,
VAR-LIMITED-PASSES, VAR-DRAWN-WITH-WASTE."""

from __future__ import annotations

import pytest
from pyramide import Draw, Game, IllegalMoveError, Recycle, parse_code, parse_move

from .boards import game, names


def test_a_draw_turns_the_stock_top_onto_the_waste_even_when_a_pair_is_playable() -> None:
    play = Game(parse_code("PY1-N-AAAAAAS").layout())
    assert play.is_legal(parse_move("KD"))
    stock = play.stock
    play.push(Draw())
    assert play.waste_top == stock[0]
    assert names(play.waste) == ["7D", "2H"]
    assert play.stock == stock[1:]


def test_no_draw_from_an_empty_stock_and_no_recycle_while_the_stock_holds_cards() -> None:
    empty_stock = game("QD", waste="2C")
    with pytest.raises(IllegalMoveError):
        empty_stock.push(Draw())
    assert not game("QD", waste="2C", stock="3C").is_legal(Recycle())
    assert not game("QD").is_legal(Recycle()), "nothing to recycle"


def test_the_drawn_card_does_not_pair_with_the_waste_card_under_it() -> None:
    play = game("QD", waste="6H", stock="7C 8C")
    play.push(Draw())
    assert not play.is_legal(parse_move("6H+7C"))


def test_with_drawn_with_waste_the_drawn_card_pairs_with_the_card_under_it() -> None:
    play = game("QD", waste="6H", stock="7C 8C", profile="drawn-with-waste")
    play.push(Draw())
    assert play.is_legal(parse_move("6H+7C"))
    play.push(parse_move("6H+7C"))
    assert play.waste == [] and play.score == 0


def test_drawn_with_waste_only_pairs_the_card_just_drawn() -> None:
    dealt_together = game("QD", waste="6H 7C", profile="drawn-with-waste")
    assert not dealt_together.is_legal(parse_move("6H+7C"))
    play = game("QD", waste="6H", stock="7D 7C", profile="drawn-with-waste")
    play.push(Draw())
    play.push(Draw())
    assert not play.is_legal(parse_move("6H+7C")), "6♥ is two cards down"


def test_recycling_turns_the_waste_back_so_its_bottom_card_is_drawn_first() -> None:
    play = game("QD", waste="2C 3C 4C")
    play.push(Recycle())
    assert play.waste == []
    assert names(play.stock) == ["2C", "3C", "4C"]
    play.push(Draw())
    assert names(play.waste) == ["2C"]


def test_a_full_pass_and_a_recycle_give_back_the_stock_as_it_was() -> None:
    play = game("QD", stock="5C 6C 7C")
    for _ in range(3):
        play.push(Draw())
    play.push(Recycle())
    assert names(play.stock) == ["5C", "6C", "7C"]


def test_a_single_waste_card_can_be_recycled() -> None:
    play = game("QD", waste="9C")
    play.push(Recycle())
    assert (names(play.stock), play.waste) == (["9C"], [])
    play.push(Draw())
    assert (play.stock, names(play.waste)) == ((), ["9C"])


def _pass_and_recycle(play: Game) -> bool:
    """Draw the whole stock, then recycle if the rules allow; say whether they did."""
    while play.stock:
        play.push(Draw())
    if not play.is_legal(Recycle()):
        return False
    play.push(Recycle())
    return True


def test_the_app_recycles_without_limit() -> None:
    play = game("QD", stock="2C 3C")
    for _ in range(20):
        assert _pass_and_recycle(play)
    assert play.recycles == 20


@pytest.mark.parametrize(("profile", "recycles"), [("single-pass", 0), ("three-passes", 2)])
def test_limited_passes_allow_that_many_recycles(profile: str, recycles: int) -> None:
    play = game("QD", stock="2C 3C", profile=profile)
    done = 0
    while _pass_and_recycle(play):
        done += 1
    assert done == recycles == play.recycles
    assert Recycle() not in play.legal_moves()
    assert names(play.waste) == ["2C", "3C"]
