"""The open-talon search of the 10-row pyramid (two decks) against the plain breadth-first search
of ``solver_brute``, on small boards.

Small boards are late positions of a 10-row game: a few cards of one row, anywhere from row 1 to
row 10, with every card they lie on (near an end of a deep row that is a thin band up the side,
so deep rows stay small), and up to six cards on the waste and in the stock. Cards come from two
decks, so a board often holds a card twice, on the table or in the talon. The brute force plays
every draw and recycle and knows nothing of the search's reduction (every talon card as good as
open), so an unsound one shows up as a wrong maximum, a wrong verdict or a line that does not
replay to a win.
"""

from __future__ import annotations

from budget import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pyramide import Card, Game, Layout, get_profile, solve
from pyramide.notation import read_layout
from pyramide.profiles import profile_from_switches
from pyramide.solver import can_remove
from pyramide.solver.open_talon import _OpenTalon
from solver_brute import brute_force, rebuild

PHARAOH = get_profile("pharaoh")
GEOMETRY = PHARAOH.geometry
MOST_PLACES = 12
"""A band one card wide holds a card a row (10 at most), two wide 2r - 1 down to row r."""


def _with_what_lies_under(places: set[int]) -> set[int]:
    """Every place a kept card lies on, up to row 1: a card never sits on an empty place."""
    kept, pending = set(places), list(places)
    while pending:
        below = pending.pop()
        for above, on_it in enumerate(GEOMETRY.covered_by):
            if below in on_it and above not in kept:
                kept.add(above)
                pending.append(above)
    return kept


@st.composite
def small_boards(draw: st.DrawFn) -> Game:
    row = draw(st.integers(1, GEOMETRY.rows))
    first = sum(GEOMETRY.row_lengths[: row - 1])
    end = draw(st.sampled_from([first, first + row - 1]))  # the row's first or last place
    wide = row <= MOST_PLACES // 2 and draw(st.booleans())  # and its neighbour: two cards wide
    beside = end + 1 if end == first else end - 1
    chosen = {end, beside} if wide and row > 1 else {end}
    places = sorted(_with_what_lies_under(chosen))
    assert len(places) <= MOST_PLACES
    lows = draw(st.sets(st.integers(1, 6), min_size=1, max_size=2))
    ranks = {13, *lows, *(13 - low for low in lows)}
    pool = [card for card in PHARAOH.cards if card.rank in ranks]
    talon_size = draw(st.integers(0, 6))
    cards: list[Card] = draw(st.permutations(pool))[: len(places) + talon_size]
    pyramid: list[Card | None] = [None] * GEOMETRY.size
    for place, card in zip(places, cards, strict=False):
        pyramid[place] = card
    talon = cards[len(places) :]
    in_waste = draw(st.integers(0, len(talon)))
    layout = Layout(
        tuple(pyramid), tuple(talon[:in_waste]), tuple(talon[in_waste:]), geometry=GEOMETRY
    )
    return rebuild(Game(layout, PHARAOH), layout, 0, False)


def _board(rows: list[str], waste: str = "") -> Game:
    """A board drawn from row 1 down (the rows below empty), the stock empty."""
    drawn = rows + [" ".join(["--"] * n) for n in GEOMETRY.row_lengths[len(rows) :]]
    return Game(read_layout(drawn, waste, geometry=GEOMETRY), PHARAOH)


@settings(max_examples=examples(60))
@given(small_boards())
@example(_board(["KS", "6C 7C"]))  # a pair with no talon partner: the bound must count it
@example(_board(["6C", "7C 7C", "6D 6C --"], "7D"))  # two 6♣ and two 7♣ in the pyramid
def test_the_open_talon_search_agrees_with_brute_force(game: Game) -> None:
    expected = brute_force(game)
    search = _OpenTalon(game, None)
    assert search.bound(search.start, search.counts) >= expected.max_removed, "a bound cuts"
    solution = solve(game)
    assert solution.max_removed == expected.max_removed
    assert solution.winnable == (expected.shortest_win is not None)
    if solution.winnable:
        again = rebuild(game, game.layout(), 0, False)
        for move in solution.moves:
            again.push(move)
        assert again.is_won()
        assert not solution.shortest, "the search proves no shortest line"
    else:
        assert solution.moves == ()
    assert can_remove(game, expected.max_removed)
    assert not can_remove(game, expected.max_removed + 1)


def test_other_talon_rules_on_ten_rows_are_refused_not_guessed() -> None:
    """Three passes make the order of the talon matter, which the search does not follow."""
    limited = profile_from_switches(
        "ten-rows-three-passes", {**PHARAOH.switches, "max_recycles": 2}
    )
    game = Game(Layout((None,) * GEOMETRY.size, geometry=GEOMETRY), limited)
    try:
        solve(game)
    except ValueError as error:
        assert "55 places" in str(error) and "ten-rows-three-passes" in str(error)
    else:
        raise AssertionError("a 10-row table under three passes was solved")
