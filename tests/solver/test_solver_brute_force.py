"""The solver against a plain breadth-first search over the engine's states, on small boards.

Small boards are real positions late in a game: the places of the first one to three rows of
the table (the rows below already cleared, some places of the lowest kept row possibly cleared
too; the Triangle's rows are long, so one or two of them, at most three places of the lowest)
and up to eight other cards, in the waste and the stock, or on the waste piles and the stock
(Apophis), or on the reserve piles (Giza), sometimes after a few moves (so recycles may be
spent and the last move may be a draw). The cards come from the profile's deck (the Spanish
one pairs its 6s with each other). Every profile is tried; the talon switches of the real
engines (the playable stock top, the waste pair at any time) once more on their own and mixed
with the other switches; and the variants' switches (deck, layout, reserves, waste piles,
cards a draw) once more, mixed with the others. The brute force shares none of the solver's
reductions, so any unsound one shows up as a wrong maximum, a wrong verdict or a line that is
too long or does not replay.
"""

from __future__ import annotations

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from pyramide import PROFILES, Card, Game, Layout, Profile, solve
from pyramide.cards import Deck
from pyramide.layout import Geometry
from pyramide.moves import Move
from pyramide.profiles import (
    WASTE_CHOICE_PLAYER,
    WASTE_DRAWN_WITH_BELOW,
    WASTE_KEEPS_LAST,
    WASTE_TOP_WITH_BELOW,
)
from pyramide.solver import can_remove, uses_variant_search
from solver_brute import brute_force, rebuild


def _close_upwards(places: set[int], geometry: Geometry) -> set[int]:
    """Add every place a kept card lies on: a card never sits on an empty place."""
    pending = list(places)
    while pending:
        below = pending.pop()
        for above in (i for i, on_it in enumerate(geometry.covered_by) if below in on_it):
            if above not in places:
                places.add(above)
                pending.append(above)
    return places


def _rich_decks(deck: Deck) -> st.SearchStrategy[list[Card]]:
    """Decks of the top rank (Kings, reyes) and one to three pairs of ranks, so that small
    boards are full of pairs."""
    lows = st.sets(st.integers(1, deck.target // 2), min_size=1, max_size=3)
    return lows.map(
        lambda lows: [
            card
            for card in deck.cards
            if card.rank in {deck.top_rank, *lows, *(deck.target - low for low in lows)}
        ]
    )


CHOSEN_TALON = 4
"""The most cards off the places where the player names the pile of each draw: with three piles
to choose from at every draw and recycles without limit, six talon cards already make the brute
force walk half a million positions."""


@st.composite
def small_games(draw: st.DrawFn, profile: Profile) -> Game:
    geometry = profile.geometry
    rows = draw(st.integers(1, 2 if geometry.inverted else 3))
    first = sum(geometry.row_lengths[: rows - 1])
    lowest_row = range(first, first + geometry.row_lengths[rows - 1])
    widest = 3 if geometry.inverted else None  # the Triangle's rows are long
    chosen = draw(st.sets(st.sampled_from(list(lowest_row)), min_size=1, max_size=widest))
    places = sorted(_close_upwards(set(chosen), geometry))
    assert places[-1] < lowest_row.stop
    talon_size = draw(st.integers(0, CHOSEN_TALON if profile.chosen_pile else 8))
    # (a deck of one pair of ranks can be smaller than the places a wide row closes up to)
    deck = draw(_rich_decks(profile.deck_cards).filter(lambda cards: len(cards) >= len(places)))
    cards: list[Card] = draw(st.permutations(deck))[: len(places) + talon_size]
    pyramid: list[Card | None] = [None] * geometry.size
    for place, card in zip(places, cards[: len(places)], strict=True):
        pyramid[place] = card
    talon = cards[len(places) :]
    game = Game(_lay_talon(draw, tuple(pyramid), talon, talon_size, profile), profile)
    for _ in range(draw(st.integers(0, 3))):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(draw(st.sampled_from(moves)))
    return game


def _lay_talon(
    draw: st.DrawFn,
    pyramid: tuple[Card | None, ...],
    talon: list[Card],
    talon_size: int,
    profile: Profile,
) -> Layout:
    """The cards off the table's places laid as the profile lays them: on reserve piles of at
    most three cards, or some on the waste piles (each its share) and the rest in the stock.
    (With one waste pile, the draws are those this test always made, so the app's switches
    keep their examples.)"""
    geometry = profile.geometry
    if profile.reserves:
        piles: list[list[Card]] = [[] for _ in range(profile.reserves)]
        for card in talon:
            room = [n for n, pile in enumerate(piles) if len(pile) < 3]
            piles[draw(st.sampled_from(room))].append(card)
        return Layout(pyramid, reserves=tuple(map(tuple, piles)), geometry=geometry)
    # a waste that keeps only the last card drawn never holds more than one
    in_waste = draw(st.integers(0, 1 if profile.waste_keeps == WASTE_KEEPS_LAST else talon_size))
    wastes: list[list[Card]] = [[] for _ in range(profile.waste_piles)]
    for card in talon[:in_waste]:
        pile = draw(st.integers(0, profile.waste_piles - 1)) if profile.waste_piles > 1 else 0
        wastes[pile].append(card)
    return Layout(
        pyramid,
        tuple(wastes[0]),
        tuple(talon[in_waste:]),
        tuple(map(tuple, wastes[1:])),
        geometry=geometry,
    )


def _replays_to_a_win(start: Game, moves: tuple[Move, ...]) -> bool:
    game = rebuild(start, start.layout(), start.recycles, start.fresh_draw)
    for move in moves:
        game.push(move)
    return game.is_won() and game.move_count == len(moves)


PROFILE_LIST = [p for p in PROFILES.values() if p.rows == 7]
"""The named profiles on 28 places; the 10-row pyramid's search, which proves no shortest line,
is checked in ``test_solver_pharaoh``."""

TALON_SWITCH_PROFILES = [
    *(p for p in PROFILE_LIST if p.stock_top_playable or p.waste_play == WASTE_TOP_WITH_BELOW),
    Profile(name="stock-top-unlimited", stock_top_playable=True),
    Profile(name="stock-top-strict-unlimited", stock_top_playable=True, strict_win=True),
    Profile(
        name="stock-top-drawn-with-below",
        stock_top_playable=True,
        waste_play=WASTE_DRAWN_WITH_BELOW,
        max_recycles=1,
    ),
    Profile(
        name="stock-top-with-below",
        stock_top_playable=True,
        waste_play=WASTE_TOP_WITH_BELOW,
        strict_win=True,
        max_recycles=1,
    ),
    Profile(name="stock-top-covering", stock_top_playable=True, pairs_with_covering_card=True),
]
"""The named profiles with the playable stock top or the waste pair at any time, and switch sets
no engine uses that mix them with the other switches (the solver must be exact for any)."""

LIMITED_PROFILES = [
    *(p for p in PROFILE_LIST if p.max_recycles is not None),
    Profile(name="two-passes-drawn-with-below", max_recycles=1, waste_play=WASTE_DRAWN_WITH_BELOW),
    Profile(
        name="one-pass-stock-top-strict", max_recycles=0, stock_top_playable=True, strict_win=True
    ),
    Profile(name="two-passes-covering", max_recycles=1, pairs_with_covering_card=True),
]
"""The profiles with limited recycling (the named ones, Apophis included, and switch sets no
engine uses), where the walks remove a talon King at once, never draw past one, and cut the
waste (:meth:`pyramide.solver._Search.waste_cut`): the reductions of limited recycling."""

VARIANT_PROFILES = [
    *(p for p in PROFILE_LIST if p.deck != "french" or p.layout != "pyramid"),
    *(p for p in PROFILE_LIST if uses_variant_search(p)),
    Profile(name="giza-strict", reserves=8, strict_win=True),
    Profile(
        name="giza-spanish-covering", reserves=4, deck="spanish", pairs_with_covering_card=True
    ),
    Profile(
        name="apophis-strict-stock-top",
        waste_piles=3,
        strict_win=True,
        stock_top_playable=True,
        max_recycles=1,  # a recycle deals a row: without a limit it reshuffles for long
    ),
    Profile(
        name="two-wastes-spanish-triangle",
        waste_piles=2,
        max_recycles=1,
        deck="spanish",
        layout="triangle",
    ),
    Profile(name="king-tut-strict-one-pass", draw_count=3, strict_win=True, max_recycles=0),
    Profile(name="draw-two-stock-top", draw_count=2, stock_top_playable=True, max_recycles=1),
    Profile(
        name="spanish-strict-stock-top", deck="spanish", strict_win=True, stock_top_playable=True
    ),
    Profile(
        name="spanish-thirteen",
        deck="spanish",
        strict_win=True,
        waste_play=WASTE_TOP_WITH_BELOW,
        max_recycles=1,
    ),
    Profile(name="spanish-drawn-with-below", deck="spanish", waste_play=WASTE_DRAWN_WITH_BELOW),
    Profile(name="triangle-covering", layout="triangle", pairs_with_covering_card=True),
    Profile(name="triangle-spanish-strict", layout="triangle", deck="spanish", strict_win=True),
    Profile(name="triangle-microsoft", layout="triangle", stock_top_playable=True, max_recycles=2),
]
"""The named variants (another deck, the Triangle, reserves, waste piles, cards a draw), and
switch sets no engine uses that mix their switches with the others."""


LAST_CARD_PROFILES = [
    *(p for p in PROFILE_LIST if p.waste_keeps == WASTE_KEEPS_LAST),
    Profile(name="last-card", waste_keeps=WASTE_KEEPS_LAST, max_recycles=0),
    Profile(name="last-card-strict", waste_keeps=WASTE_KEEPS_LAST, max_recycles=0, strict_win=True),
    Profile(
        name="last-card-stock-top",
        waste_keeps=WASTE_KEEPS_LAST,
        max_recycles=0,
        stock_top_playable=True,
        strict_win=True,
    ),
    Profile(
        name="last-card-covering",
        waste_keeps=WASTE_KEEPS_LAST,
        max_recycles=0,
        pairs_with_covering_card=True,
    ),
    Profile(
        name="last-card-spanish-triangle",
        waste_keeps=WASTE_KEEPS_LAST,
        max_recycles=0,
        deck="spanish",
        layout="triangle",
    ),
]
"""The waste that keeps only the last card drawn (a draw takes the card before it out of play),
alone and mixed with the switches it allows: the variant search must count a card passed over
as gone, and the strict win must still ask for the stock and the waste emptied."""


CHOSEN_PILE_PROFILES = [
    *(p for p in PROFILE_LIST if p.chosen_pile),
    Profile(
        name="apophis-strict-two-passes",
        waste_piles=3,
        waste_choice=WASTE_CHOICE_PLAYER,
        strict_win=True,
        max_recycles=1,
    ),
    Profile(
        name="apophis-one-pass-stock-top",
        waste_piles=3,
        waste_choice=WASTE_CHOICE_PLAYER,
        max_recycles=0,
        stock_top_playable=True,
    ),
    Profile(
        name="two-chosen-wastes-covering",
        waste_piles=2,
        waste_choice=WASTE_CHOICE_PLAYER,
        pairs_with_covering_card=True,
    ),
    Profile(
        name="apophis-spanish-triangle-strict",
        waste_piles=3,
        waste_choice=WASTE_CHOICE_PLAYER,
        deck="spanish",
        layout="triangle",
        strict_win=True,
    ),
]
"""The draw onto the waste pile the player names (the classic page's Apophis), alone and mixed
with the switches it allows: the variant search must try every pile for every draw, give the
piles back pile 1 first at a recycle, and keep its reductions sound with a choice at each draw."""


def _agrees_with_brute_force(game: Game) -> None:
    expected = brute_force(game)
    solution = solve(game)
    assert solution.max_removed == expected.max_removed
    assert solution.winnable == (expected.shortest_win is not None)
    assert len(solution.moves) == (expected.shortest_win or 0)
    assert solution.shortest
    if solution.winnable:
        assert _replays_to_a_win(game, solution.moves)


@settings(max_examples=examples(200))
@given(st.sampled_from(PROFILE_LIST).flatmap(small_games))
def test_solver_agrees_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)


@settings(max_examples=examples(200))
@given(st.sampled_from(PROFILE_LIST).flatmap(small_games))
def test_any_win_and_can_remove_agree_with_brute_force(game: Game) -> None:
    _any_win_agrees_with_brute_force(game)


@settings(max_examples=examples(200))
@given(st.sampled_from(TALON_SWITCH_PROFILES).flatmap(small_games))
def test_talon_switches_agree_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)
    _any_win_agrees_with_brute_force(game)


@settings(max_examples=examples(200))
@given(st.sampled_from(VARIANT_PROFILES).flatmap(small_games))
def test_variant_switches_agree_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)
    _any_win_agrees_with_brute_force(game)


@settings(max_examples=examples(120))
@given(st.sampled_from(LIMITED_PROFILES).flatmap(small_games))
def test_limited_recycling_agrees_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)
    _any_win_agrees_with_brute_force(game)


@settings(max_examples=examples(30))
@given(st.sampled_from(CHOSEN_PILE_PROFILES).flatmap(small_games))
def test_a_draw_onto_a_chosen_pile_agrees_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)
    _any_win_agrees_with_brute_force(game)


@settings(max_examples=examples(120))
@given(st.sampled_from(LAST_CARD_PROFILES).flatmap(small_games))
def test_a_waste_keeping_only_the_last_card_agrees_with_brute_force(game: Game) -> None:
    _agrees_with_brute_force(game)
    _any_win_agrees_with_brute_force(game)


def _any_win_agrees_with_brute_force(game: Game) -> None:
    expected = brute_force(game)
    solution = solve(game, shortest=False)
    assert solution.max_removed == expected.max_removed
    assert solution.winnable == (expected.shortest_win is not None)
    if solution.winnable:
        assert _replays_to_a_win(game, solution.moves)
    else:
        assert solution.moves == ()
    assert can_remove(game, expected.max_removed)
    assert not can_remove(game, expected.max_removed + 1)
