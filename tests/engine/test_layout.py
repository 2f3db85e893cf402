"""The deal's shape, the covering geometry and the layouts that cannot occur.

Rules: DEAL-DECK, DEAL-PYRAMID, DEAL-WASTE-CARD, DEAL-STOCK, DEAL-COVERING, FREE-PYRAMID.
"""

from __future__ import annotations

import pytest
from pyramide import DECK, Game, Layout, LayoutError, parse_code
from pyramide.layout import EMPTY, POSITIONS, ROWS, index_of
from pyramide.notation import read_layout

from .boards import layout

CODES = ["PY1-N-AAAAAAS", "PY1-N-AAAAAAJ", "PY1-N-AAAAAAA", "PY1-N-7777777", "PY1-W-BAAAAAA"]


@pytest.mark.parametrize("code", CODES)
def test_a_deal_lays_28_cards_in_rows_of_1_to_7_one_on_the_waste_and_23_in_the_stock(
    code: str,
) -> None:
    dealt = parse_code(code).layout()
    assert [len(row) for row in dealt.rows()] == [1, 2, 3, 4, 5, 6, 7]
    assert all(card is not None for card in dealt.pyramid)
    assert len(dealt.waste) == 1
    assert len(dealt.stock) == 23
    every_card = [*dealt.pyramid, *dealt.waste, *dealt.stock]
    assert sorted(card.index for card in every_card if card is not None) == list(range(52))


def test_the_stock_24_letter_deals_an_empty_waste_and_a_24_card_stock() -> None:
    app = parse_code("PY1-N-AAAAAAS").layout()
    stock_24 = parse_code("PY1-F-AAAAAAS").layout()
    assert stock_24.pyramid == app.pyramid
    assert stock_24.waste == ()
    assert stock_24.stock == app.waste + app.stock


def test_places_are_numbered_in_reading_order() -> None:
    assert [index_of(r, c) for r, c in POSITIONS] == list(range(28))
    assert index_of(1, 1) == 0
    assert index_of(7, 1) == 21
    assert index_of(7, 7) == 27
    for bad in [(0, 1), (8, 1), (3, 4), (3, 0)]:
        with pytest.raises(LayoutError, match=f"row {bad[0]}, column {bad[1]}"):
            index_of(*bad)


def _full_rows_above(dealt: Layout, row: int, keep: int) -> Layout:
    """Rows 1..row of ``dealt`` full, only place ``keep`` of row ``row + 1``, nothing below."""
    rows = []
    for number, cards in enumerate(dealt.rows(), start=1):
        words = [card.ascii if card else EMPTY for card in cards]
        if number == row + 1:
            words = [word if col == keep else EMPTY for col, word in enumerate(words, start=1)]
        elif number > row + 1:
            words = [EMPTY] * number
        rows.append(" ".join(words))
    return read_layout(rows)


@pytest.mark.parametrize(("row", "col"), [(r, c) for r, c in POSITIONS if r < ROWS])
def test_a_card_is_covered_by_the_two_cards_below_it_and_by_no_other(row: int, col: int) -> None:
    dealt = parse_code("PY1-N-AAAAAAS").layout()
    for keep in range(1, row + 2):
        game = Game(_full_rows_above(dealt, row, keep))
        assert game.is_free(index_of(row, col)) is (keep not in (col, col + 1)), (
            f"({row},{col}) with only ({row + 1},{keep}) below"
        )


def test_at_the_start_only_the_bottom_row_is_free() -> None:
    game = Game(parse_code("PY1-N-AAAAAAS").layout())
    free = [POSITIONS[i] for i in range(28) if game.is_free(i)]
    assert free == [(7, c) for c in range(1, 8)]


def test_a_card_twice_is_refused_naming_the_card() -> None:
    with pytest.raises(LayoutError, match="7♦ appears twice"):
        layout("KS", "7D QH", waste="7D")


def test_a_row_of_the_wrong_length_is_refused_naming_the_row() -> None:
    with pytest.raises(LayoutError, match="row 3 must hold 3 places, got 2"):
        read_layout(
            ["KS", "7D QH", "2C 3C", "-- -- -- --", *[" ".join([EMPTY] * n) for n in (5, 6, 7)]]
        )


def test_a_pyramid_needs_seven_rows() -> None:
    with pytest.raises(LayoutError, match="7 rows, got 6"):
        read_layout(["KS", "-- --", "-- -- --", "-- -- -- --", "-- -- -- -- --", "-- " * 6])


def test_a_pyramid_has_28_places() -> None:
    with pytest.raises(LayoutError, match="28 places, got 27"):
        Layout(tuple(DECK[:27]))


def test_an_empty_place_under_a_card_is_refused_naming_both() -> None:
    with pytest.raises(LayoutError, match="row 1 card 1 is empty but Q♥ at row 2 card 2"):
        layout("--", "-- QH")


def test_a_bad_card_in_a_layout_names_where_it_is() -> None:
    with pytest.raises(LayoutError, match="row 2: not a card: 'XX'"):
        layout("KS", "7D XX")
    with pytest.raises(LayoutError, match="waste: not a card: '1C'"):
        layout("KS", waste="1C")
    with pytest.raises(LayoutError, match="stock: not a card: 'Z'"):
        layout("KS", stock="2C Z")
