"""Card notation both ways (PAIR-VALUES: ranks are the values the rules count)."""

from __future__ import annotations

import re

import pytest
from pyramide import DECK, Card, CardError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7♦", 7, "D"),
        ("10♦", 10, "D"),
        ("7D", 7, "D"),
        ("TD", 10, "D"),
        ("10D", 10, "D"),
        ("td", 10, "D"),
        ("A♠", 1, "S"),
        ("J♣", 11, "C"),
        ("Q♥", 12, "H"),
        ("K♡", 13, "H"),
        (" 3S ", 3, "S"),
    ],
)
def test_both_notations_parse_to_the_same_card(text: str, rank: int, suit: str) -> None:
    assert Card.parse(text) == Card(rank, suit)


def test_unicode_is_what_str_gives_and_ascii_what_ascii_gives() -> None:
    ten = Card.parse("TD")
    assert (str(ten), ten.ascii) == ("10♦", "TD")
    assert (str(Card.parse("A♣")), Card.parse("A♣").ascii) == ("A♣", "AC")
    assert (str(Card.parse("QS")), Card.parse("QS").ascii) == ("Q♠", "QS")


def test_every_card_reads_back_from_both_of_its_names() -> None:
    assert len(set(DECK)) == 52
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.ascii) is card


@pytest.mark.parametrize("text", ["", "7", "1D", "11D", "0D", "7X", "ZD", "7♦♦", "KK", "D7"])
def test_text_that_is_no_card_is_refused_with_the_text_quoted(text: str) -> None:
    with pytest.raises(CardError, match=re.escape(repr(text))):
        Card.parse(text)


@pytest.mark.parametrize(("rank", "suit"), [(0, "C"), (14, "S"), (5, "X")])
def test_a_card_outside_the_deck_cannot_be_made(rank: int, suit: str) -> None:
    with pytest.raises(CardError, match="no such card"):
        Card(rank, suit)
