"""VAR-COVERING-PAIR: a card may pair with the single card still lying on it."""

from __future__ import annotations

from pyramide import parse_move

from .boards import game, names


def test_a_card_pairs_with_the_only_card_left_on_it() -> None:
    play = game("6C", "7H --", profile="covering-pair")
    play.push(parse_move("6C+7H"))
    assert play.pyramid_cleared and play.score == 20


def test_the_app_refuses_the_same_pair() -> None:
    assert not game("6C", "7H --").is_legal(parse_move("6C+7H"))


def test_not_while_a_second_card_still_lies_on_it() -> None:
    play = game("6C", "7H 2D", profile="covering-pair")
    assert not play.is_legal(parse_move("6C+7H"))


def test_not_when_the_covering_card_is_itself_covered() -> None:
    play = game("6C", "7H --", "AS -- --", profile="covering-pair")
    assert not play.is_legal(parse_move("6C+7H"))
    assert names(play.pyramid[:4]) == ["6C", "7H", None, "AS"]


def test_a_covered_card_still_does_not_pair_with_anything_else() -> None:
    play = game("6C", "2H --", waste="7H", profile="covering-pair")
    assert not play.is_legal(parse_move("6C+7H"))
