"""The named variants in the engine itself: Giza's reserves, Apophis's three waste piles, King
Tut's three-card draw, the Triangle's covering and the Spanish deck, through moves and taps."""

from __future__ import annotations

import pytest
from pyramide import Card, Game, Table, get_profile, parse_code, parse_move
from pyramide.game import IllegalMoveError, Status
from pyramide.layout import EMPTY, TRIANGLE
from pyramide.moves import Draw, MoveError, Recycle
from pyramide.notation import read_layout
from pyramide.table import SUM

from .boards import layout, names, rows


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_giza_plays_only_the_top_of_each_reserve_and_has_no_stock() -> None:
    table = read_layout(rows("QC"), reserves=["AD 2S", "KH", "9C JH"])
    game = Game(table, get_profile("giza"))
    assert len(game.reserves) == 8 and game.stock == () and game.waste == []
    assert not game.is_legal(parse_move("QC+AD")), "the ace lies under the 2♠"
    assert not game.is_legal(Draw())
    game.push(parse_move("JH+2S"))
    assert game.is_legal(parse_move("QC+AD")), "the ace is now its pile's top"
    game.push(parse_move("QC+AD"))
    assert game.status is Status.WON, "the app's win: the pyramid cleared"
    assert names(game.reserves[1]) == ["KH"] and names(game.reserves[2]) == ["9C"]


def test_giza_reserve_tops_are_tapped_by_pile() -> None:
    game = Game(read_layout(rows("8C"), reserves=["AD 5S", "KH"]), get_profile("giza"))
    tab = Table(game)
    tab.tap("reserve-2")
    assert names(game.reserves[1]) == [], "a King on top of a reserve goes alone"
    tab.tap("reserve-1")
    tab.tap((1, 1))
    assert game.pyramid_cleared and names(game.reserves[0]) == ["AD"]


def test_pysolfc_apophis_deals_one_card_onto_each_pile_and_deals_a_row_as_it_recycles() -> None:
    table = read_layout(rows("QC"), stock="2H 3H 4H 5H")
    game = Game(table, get_profile("pysolfc-apophis"))
    game.push(Draw())
    assert [names(p) for p in game.wastes] == [["2H"], ["3H"], ["4H"]]
    game.push(Draw())
    assert [names(p) for p in game.wastes] == [["2H", "5H"], ["3H"], ["4H"]]
    assert not game.is_legal(Draw(2)), "the rules deal: no pile to name"
    game.push(Recycle())
    # PySolFC's redeal: pile 1, 2, 3 go back top card first, so pile 3's bottom comes first,
    # and a row is dealt in the same move.
    assert [names(p) for p in game.wastes] == [["4H"], ["3H"], ["2H"]]
    assert names(game.stock) == ["5H"] and game.move_count == 3


def test_the_pages_apophis_draws_onto_the_pile_named_and_gives_pile_1_back_first() -> None:
    game = Game(read_layout(rows("QC"), stock="2H 3H 4H"), get_profile("apophis"))
    assert game.legal_moves()[-3:] == [Draw(1), Draw(2), Draw(3)]
    for pile in (3, 2, 3):
        game.push(Draw(pile))
    assert [names(p) for p in game.wastes] == [[], ["3H"], ["2H", "4H"]]
    assert not game.is_legal(Draw(4))
    game.push(Recycle())
    assert names(game.stock) == ["3H", "2H", "4H"] and not any(game.wastes)
    game.pop()
    assert [names(p) for p in game.wastes] == [[], ["3H"], ["2H", "4H"]]


def test_apophis_pairs_the_top_of_any_waste_pile() -> None:
    table = read_layout(rows("JD"), "9S", "7H", more_wastes=["2C", "5S"])
    game = Game(table, get_profile("apophis"))
    assert game.is_legal(parse_move("JD+2C")) and not game.is_legal(parse_move("JD+9S"))
    tab = Table(game)
    tab.tap("waste-2")
    tab.tap((1, 1))
    assert game.pyramid_cleared and names(game.wastes[1]) == []
    assert get_profile("pysolfc-apophis").max_recycles == 2
    assert get_profile("apophis").max_recycles is None, "the app's passes: the page says none"


def test_king_tut_turns_three_cards_and_only_the_last_is_in_play() -> None:
    game = Game(layout("JD", waste="", stock="2C 5S 4D KH"), get_profile("king-tut"))
    game.push(Draw())
    assert names(game.waste) == ["2C", "5S", "4D"] and names(game.stock) == ["KH"]
    assert not game.is_legal(parse_move("JD+2C")), "2♣ lies under 5♠ and 4♦"
    game.push(Draw())
    assert names(game.waste) == ["2C", "5S", "4D", "KH"], "the stock's last card alone"
    game.push(parse_move("KH"))
    game.push(Recycle())
    assert names(game.stock) == ["2C", "5S", "4D"], "the waste comes back in order"


def triangle(*top_rows: str, waste: str = "") -> Game:
    """A Triangle game from its first rows (7 places, then 6...), the others empty."""
    given = list(top_rows)
    given += [" ".join([EMPTY] * n) for n in TRIANGLE.row_lengths[len(given) :]]
    return Game(read_layout(given, waste, geometry=TRIANGLE), get_profile("triangle"))


def test_the_triangle_covers_a_card_with_the_two_below_and_a_row_end_with_one() -> None:
    game = triangle("KS 5H 8D -- -- -- --", "QC -- -- -- -- --", waste="AH")

    def free(card: str) -> bool:
        return game.is_free(game.pyramid.index(Card.parse(card)))

    assert free("QC") and free("8D")
    assert not free("KS"), "the row's left end lies under the Q♣ alone"
    assert not free("5H"), "under the Q♣ and the empty place beside it"
    with pytest.raises(IllegalMoveError):
        game.push(parse_move("KS"))
    game.push(parse_move("QC+AH"))
    assert free("KS") and free("5H")
    game.push(parse_move("8D+5H"))
    game.push(parse_move("KS"))
    assert game.status is Status.WON


def test_the_triangle_deal_fills_7_places_in_row_1_and_only_row_7_is_free() -> None:
    game = Game(parse_code("PY1-V-AAAAAAS").layout(), get_profile("triangle"))
    assert [len(row) for row in game.layout().rows()] == [7, 6, 5, 4, 3, 2, 1]
    assert [i for i in range(28) if game.is_free(i)] == [27]
    with pytest.raises(ValueError, match="triangle"):
        Game(layout("KS"), get_profile("triangle"))


def test_spanish_pairs_make_12_the_rey_goes_alone_and_13_is_refused() -> None:
    table = read_layout(rows("RO", "5P 7E"), "CB", "AB")
    game = Game(table, get_profile("spanish"))
    assert game.target == 12
    assert game.is_legal(parse_move("5P+7E"))
    tab = Table(game)
    tab.tap((2, 1))
    tab.tap("waste")
    assert tab.message is not None and tab.message.key == SUM
    assert tab.message.params == {"target": 12}, "5 + caballo (11) is not 12"
    with pytest.raises(MoveError):
        parse_move("CB")
    assert parse_move("RO").card.goes_alone  # type: ignore[union-attr]


def test_a_spanish_6_pairs_with_another_6_but_never_with_itself() -> None:
    game = Game(read_layout(rows("6O"), "6E"), get_profile("spanish"))
    assert game.is_legal(parse_move("6O+6E"))
    alone = Game(read_layout(rows("6O")), get_profile("spanish"))
    assert not alone.is_legal(parse_move("6O+6O"))
    assert alone.legal_moves() == [] and alone.status is Status.NO_MORE_MOVES
