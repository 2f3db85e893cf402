"""The move counter and undo: MOVES-COUNT, UNDO-RESTORES, UNDO-COUNTER-KEEPS, UNDO-LAST-100,
OPEN-UNDO-NOT-A-MOVE."""

from __future__ import annotations

import pytest
from pyramide import Draw, IllegalMoveError, Recycle, parse_move
from pyramide.game import UNDO_LIMIT

from .boards import game


def test_removals_draws_and_recycles_each_count_one_move() -> None:
    play = game("KD", "6S 7S", waste="QH", stock="AC")
    counts = []
    for move in ["draw", "recycle", "draw", "6S+7S", "KD"]:
        play.push(parse_move(move))
        counts.append(play.move_count)
    assert counts == [1, 2, 3, 4, 5]


def test_an_illegal_move_is_refused_and_not_counted() -> None:
    play = game("KD", "6S 8S")
    with pytest.raises(IllegalMoveError, match="not legal"):
        play.push(parse_move("6S+8S"))
    with pytest.raises(IllegalMoveError):
        play.push(Draw())
    assert play.move_count == 0


def test_undo_puts_the_cards_back_and_takes_the_points_off_but_keeps_the_counter() -> None:
    play = game("KD", "6S 7S", waste="QH", stock="AC")
    before = play.layout()
    play.push(parse_move("6S+7S"))
    assert play.score == 20
    assert play.pop() == parse_move("6S+7S")
    assert (play.layout(), play.score, play.move_count) == (before, 0, 1)


def test_undo_takes_back_a_recycle_and_its_count() -> None:
    play = game("KD", waste="2C 3C", profile="three-passes")
    play.push(Recycle())
    play.pop()
    assert (play.recycles, [c.ascii for c in play.waste], play.stock) == (0, ["2C", "3C"], ())
    assert play.move_count == 1


def test_only_the_last_100_actions_can_be_undone() -> None:
    play = game("KD", stock="2C")
    play.push(Draw())
    after_first = play.layout()
    for _ in range(UNDO_LIMIT):
        play.push(Recycle() if not play.stock else Draw())
    assert play.move_count == 101
    for _ in range(UNDO_LIMIT):
        play.pop()
    assert play.layout() == after_first
    assert not play.can_undo()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        play.pop()
    assert play.layout() == after_first
    assert play.move_count == 101
