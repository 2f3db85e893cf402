"""End of the game and the score: END-WIN, VAR-STRICT-WIN, END-NO-MORE-MOVES, END-PLAY-GOES-ON,
SCORE-PYRAMID-CARD, SCORE-NOTHING-ELSE."""

from __future__ import annotations

import pytest
from pyramide import Draw, Recycle, Status, parse_move

from .boards import game


def test_the_app_wins_as_soon_as_the_pyramid_is_empty_with_stock_and_waste_left() -> None:
    play = game("QS", waste="5C AH", stock="KC 2D")
    play.push(parse_move("QS+AH"))
    assert play.stock and play.waste
    assert play.status is Status.WON
    assert play.legal_moves() == []
    assert not play.is_legal(Draw())


def test_the_strict_win_also_needs_stock_and_waste_empty() -> None:
    play = game("QS", waste="AH", stock="KC", profile="strict-win")
    statuses = []
    for move in ["QS+AH", "draw", "KC"]:
        play.push(parse_move(move))
        statuses.append(play.status)
    assert statuses == [Status.PLAYING, Status.PLAYING, Status.WON]


def test_no_more_moves_when_stock_and_waste_are_empty_and_nothing_pairs() -> None:
    play = game("5C", "6D 9H")
    assert play.status is Status.NO_MORE_MOVES
    assert play.legal_moves() == []


@pytest.mark.parametrize(
    ("waste", "stock", "second_row"),
    [
        ("", "2S", "6D 9H"),
        ("2S", "", "6D 9H"),
        ("", "", "6D 7H"),
        ("", "", "6D KH"),
    ],
    ids=["stock-left", "waste-left", "pair-left", "king-left"],
)
def test_play_goes_on_while_anything_is_left_to_do(waste: str, stock: str, second_row: str) -> None:
    assert game("5C", second_row, waste=waste, stock=stock).status is Status.PLAYING


def test_a_waste_that_can_only_be_recycled_keeps_the_game_going() -> None:
    play = game("5C", "6D 9H", waste="2S")
    for _ in range(5):
        assert play.legal_moves() == [Recycle()]
        play.push(Recycle())
        assert play.legal_moves() == [Draw()]
        play.push(Draw())
    assert play.status is Status.PLAYING


def test_the_score_counts_10_per_pyramid_card_and_nothing_else() -> None:
    play = game("KD", "2C QS", "AH 6S 7S", waste="JH KH", stock="5C")
    assert play.score == 0
    steps = [
        ("draw", 0),
        ("recycle", 0),
        ("draw", 0),
        ("draw", 0),
        ("6S+7S", 20),  # two pyramid cards
        ("QS+AH", 40),
        ("KH", 40),  # a King from the waste
        ("2C+JH", 50),  # a pyramid card with the waste top
        ("KD", 60),  # a King from the pyramid
    ]
    for move, score in steps:
        play.push(parse_move(move))
        assert play.score == score, move
    assert play.status is Status.WON
