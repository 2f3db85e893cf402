"""Which cards can be played: FREE-PYRAMID, FREE-WASTE-TOP, PAIR-NOT-COVERING."""

from __future__ import annotations

import pytest
from pyramide import Game, parse_code, parse_move
from pyramide.layout import index_of

from .boards import game


def test_a_card_frees_when_both_cards_on_it_are_gone_not_when_one_is() -> None:
    """The documented first moves of PY1-N-AAAAAAS: K♦, then 10♣ + 3♠."""
    play = Game(parse_code("PY1-N-AAAAAAS").layout())
    ten_spades, jack_spades, two_clubs = index_of(6, 5), index_of(6, 6), index_of(6, 2)
    play.push(parse_move("KD"))
    assert not play.is_free(ten_spades), "10♠ still lies under 3♠"
    assert not play.is_free(jack_spades), "J♠ still lies under 7♠"
    play.push(parse_move("TC+3S"))
    assert play.is_free(ten_spades)
    assert not play.is_free(two_clubs), "2♣ still lies under 3♥"
    assert not play.is_free(jack_spades)


def test_a_covered_card_cannot_be_played() -> None:
    play = game("JD", "2C 9S", waste="2H")
    assert not play.is_legal(parse_move("JD+2H")), "J♦ lies under 2♣ and 9♠"
    assert not play.is_legal(parse_move("JD+2C")), "2♣ lies on J♦"
    assert not game("KD", "2C 9S").is_legal(parse_move("KD"))


def test_the_waste_top_is_free_and_the_card_under_it_is_not() -> None:
    play = game("AH", waste="QC QD")
    assert play.is_legal(parse_move("AH+QD"))
    assert not play.is_legal(parse_move("AH+QC"))
    assert parse_move("AH+QC") not in play.legal_moves()


def test_a_king_under_the_waste_top_cannot_be_removed() -> None:
    play = game("AH", waste="KC 5D")
    assert not play.is_legal(parse_move("KC"))
    assert parse_move("KC") not in play.legal_moves()


@pytest.mark.parametrize("top_rows", [("6C", "7H --"), ("6C", "7H 2D"), ("6C", "2D 7H")])
def test_a_card_never_pairs_with_a_card_still_on_it(top_rows: tuple[str, str]) -> None:
    play = game(*top_rows)
    assert not play.is_legal(parse_move("6C+7H"))
    assert play.legal_moves() == []
