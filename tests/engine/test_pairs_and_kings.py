"""Pairs worth 13 and Kings alone: PAIR-VALUES, PAIR-THIRTEEN, KING-ALONE, WASTE-PAIRS."""

from __future__ import annotations

import pytest
from pyramide import DECK, Card, IllegalMoveError, RemoveKing, RemovePair, parse_move

from .boards import game, names

RANK_PAIRS = [("A", "Q"), ("2", "J"), ("3", "T"), ("4", "9"), ("5", "8"), ("6", "7")]


@pytest.mark.parametrize(("low", "high"), RANK_PAIRS)
def test_two_free_pyramid_cards_worth_13_are_removed(low: str, high: str) -> None:
    play = game("KD", f"{low}C {high}H")
    play.push(parse_move(f"{low}C+{high}H"))
    assert names(play.pyramid[:3]) == ["KD", None, None]
    assert play.score == 20


@pytest.mark.parametrize(("low", "high"), RANK_PAIRS)
def test_suits_do_not_matter(low: str, high: str) -> None:
    play = game("KD", f"{low}S {high}S")
    assert play.is_legal(parse_move(f"{low}S+{high}S"))


@pytest.mark.parametrize(("low", "high"), RANK_PAIRS)
def test_the_waste_top_pairs_with_a_free_pyramid_card(low: str, high: str) -> None:
    play = game(f"{low}D", waste=f"{high}C")
    play.push(parse_move(f"{high}C+{low}D"))
    assert play.pyramid_cleared and play.waste == []


def test_every_pair_not_worth_13_is_refused() -> None:
    checked = 0
    for first in (card for card in DECK if card.suit == "C"):
        for second in (card for card in DECK if card.suit == "H"):
            if first.rank + second.rank == 13:
                continue
            play = game("KD", f"{first.ascii} {second.ascii}")
            move = RemovePair(first, second)
            assert not play.is_legal(move), move
            with pytest.raises(IllegalMoveError):
                play.push(move)
            checked += 1
    assert checked == 13 * 13 - 12


def test_a_pair_is_the_same_move_whichever_card_comes_first() -> None:
    ace, queen = Card.parse("AC"), Card.parse("QH")
    assert RemovePair(ace, queen) == RemovePair(queen, ace)
    assert parse_move("QH+AC") == parse_move("A♣ + Q♥")


def test_a_free_king_of_the_pyramid_is_removed_alone() -> None:
    play = game("QD", "KS 5C")
    play.push(parse_move("KS"))
    assert names(play.pyramid[:3]) == ["QD", None, "5C"]
    assert play.score == 10


def test_the_king_on_the_waste_top_is_removed_alone() -> None:
    play = game("QD", waste="2C KH")
    play.push(parse_move("K♥"))
    assert names(play.waste) == ["2C"]
    assert play.score == 0


def test_only_a_king_is_removed_alone() -> None:
    play = game("QD", "QS 5C")
    assert all(not isinstance(move, RemoveKing) for move in play.legal_moves())
    with pytest.raises(ValueError, match="only a King"):
        parse_move("QS")
