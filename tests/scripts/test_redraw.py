"""The app's scenarios redrawn on other tables (scripts/redraw): a redrawn scenario must show
what the app's showed, or be left out with its reason."""

from __future__ import annotations

import build_other_tables
import pytest
from budget import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pyramide.cards import PAIR_TOTAL, Card
from pyramide.conformance.specdata import load_profiles, load_rules
from pyramide.layout import PYRAMID, TRIANGLE, Geometry
from redraw import giza, spanish, triangle
from redraw.common import LeftOut, inert_cards
from redraw.source import Scenario, Step, app_scenarios

Place = tuple[int, int]
SPANISH_TOTAL = 12


def test_the_redrawn_files_are_up_to_date_with_the_apps() -> None:
    assert build_other_tables.main(["--check"]) == 0


def lies_on(geometry: Geometry) -> dict[Place, set[Place]]:
    """Each place → the places it lies on (the inverse of the geometry's covered_by)."""
    under: dict[Place, set[Place]] = {p: set() for p in geometry.positions}
    for index, above in enumerate(geometry.covered_by):
        for upper in above:
            under[geometry.positions[upper]].add(geometry.positions[index])
    return under


def coverers(geometry: Geometry, place: Place, occupied: set[Place]) -> set[Place]:
    index = geometry.index_of(*place)
    return {geometry.positions[i] for i in geometry.covered_by[index]} & occupied


@st.composite
def pyramid_tables(draw: st.DrawFn) -> set[Place]:
    """A set of pyramid places a table can hold: every card lies on cards."""
    chosen = set(draw(st.lists(st.sampled_from(PYRAMID.positions), min_size=1, max_size=4)))
    under, todo = lies_on(PYRAMID), list(chosen)
    while todo:
        for below in under[todo.pop()] - chosen:
            chosen.add(below)
            todo.append(below)
    return chosen


@settings(max_examples=examples(100))
@given(pyramid_tables())
def test_a_sheared_card_lies_under_the_same_cards_and_every_card_lies_on_cards(
    places: set[Place],
) -> None:
    try:
        m = triangle.shift(places)
        props = set(triangle.prop_places({(r, c - r + m) for r, c in places}))
    except LeftOut:
        assume(False)  # too wide for the Triangle: left out, as the next test shows
    image = {(r, c): (r, c - r + m) for r, c in places}
    occupied = set(image.values()) | props
    for place, moved in image.items():
        expected = {image[p] for p in coverers(PYRAMID, place, places)}
        assert coverers(TRIANGLE, moved, occupied) == expected, (place, moved)
    under = lies_on(TRIANGLE)
    assert all(under[place] <= occupied for place in occupied)


def test_the_apex_and_its_two_coverers_need_two_props_and_a_full_row_is_left_out() -> None:
    apex_and_row_two = {(1, 1), (2, 1), (2, 2)}
    m = triangle.shift(apex_and_row_two)
    assert len(triangle.prop_places({(r, c - r + m) for r, c in apex_and_row_two})) == 2
    with pytest.raises(LeftOut):
        triangle.shift({(7, c) for c in range(1, 8)})


def a_scenario(*steps: Step) -> Scenario:
    return Scenario("made-up.feature", "made up", ("PAIR-THIRTEEN",), steps)


FRENCH_DECK = [Card(rank, suit).ascii for rank in range(1, PAIR_TOTAL + 1) for suit in "SHDC"]


@settings(max_examples=examples(100))
@given(st.sets(st.sampled_from(FRENCH_DECK), max_size=12))
def test_spanish_cards_make_the_same_pairs_and_non_pairs(cards: set[str]) -> None:
    names = [str(Card.parse(card)) for card in sorted(cards)]
    scenario = a_scenario(Step("When", f"I tap {' then '.join(names)}"))
    try:
        renamed = spanish.card_map(scenario)
    except LeftOut:
        values = [Card.parse(c).rank for c in cards]
        low_sides = [(v, PAIR_TOTAL - v) for v in range(1, 7)]
        assert all(values.count(a) > 1 or values.count(b) > 1 for a, b in low_sides)
        return
    assert len(set(renamed.values())) == len(renamed) == len(names)
    worth = {name: Card.parse(name).rank for name in renamed}
    spanish_worth = {name: Card.parse(s).rank for name, s in renamed.items()}
    for a in renamed:
        assert (worth[a] == PAIR_TOTAL) == (spanish_worth[a] == SPANISH_TOTAL)
        for b in renamed:
            if a != b:
                french = worth[a] + worth[b] == PAIR_TOTAL
                assert french == (spanish_worth[a] + spanish_worth[b] == SPANISH_TOTAL), (a, b)


def test_a_prop_pairs_with_nothing_named_nor_with_another_prop() -> None:
    scenario = a_scenario(Step("Given", "a table:", "    Q♠\n  5♣  8♣\nwaste: [4♦]"))
    props = list(inert_cards(scenario))
    values = {Card.parse(p).rank for p in props}
    assert props and all(v != PAIR_TOTAL for v in values)
    named = {12, 5, 8, 4}
    assert all(PAIR_TOTAL - v not in named | values for v in values)


def test_giza_leaves_out_a_scenario_that_draws_and_names_the_step() -> None:
    drawing = a_scenario(
        Step("Given", "a table:", "    5♠\nwaste: [8♦]\nstock: 2♥"), Step("When", "I tap the stock")
    )
    with pytest.raises(LeftOut, match="'I tap the stock' needs a stock"):
        giza.redraw(drawing)


def test_giza_draws_the_waste_as_reserve_one_and_taps_it_there() -> None:
    pairing = a_scenario(
        Step("Given", "a table:", "    5♠\nwaste: 2♥ [8♦]"),
        Step("When", "I tap 5♠ then the waste"),
        Step("Then", "the waste top is 2♥"),
    )
    redrawn, _ = giza.redraw(pairing)
    assert [s.text for s in redrawn.steps[1:]] == [
        "I tap 5♠ then reserve 1",
        "the top of reserve 1 is 2♥",
    ]
    assert redrawn.steps[0].docstring is not None
    assert "reserve 1: 2♥ [8♦]" in redrawn.steps[0].docstring


def holds_under_conventions(tags: tuple[str, ...], profile: str) -> set[tuple[str, str]]:
    """The (convention, state) pairs under which every rule tagged holds, in ``profile``'s
    switches and the app's other conventions."""
    spec, rules = load_profiles(), load_rules().rules
    switches = spec.profiles[profile].switches
    return {
        (name, state)
        for name, convention in spec.conventions.items()
        for state in convention.states
        if all(
            rules[tag].holds(spec.states(switches, {**spec.app_conventions, name: state}))
            for tag in tags
            if tag in rules
        )
    }


@pytest.mark.parametrize("target", build_other_tables.TARGETS, ids=lambda t: t.name)
def test_a_redrawn_scenario_holds_under_no_convention_its_original_does_not(
    target: build_other_tables.Target,
) -> None:
    """A rule restated on another table keeps the conventions the app's rule holds under: a
    wrong sum keeps the second card selected only in a game with a selection (PAIR-MISMATCH
    is two-taps only), whatever the deck."""
    widened = {}
    for scenario in app_scenarios():
        try:
            redrawn, _ = target.redraw(scenario)
        except LeftOut:
            continue
        extra = holds_under_conventions(redrawn.tags, target.name) - holds_under_conventions(
            scenario.tags, "app"
        )
        if extra:
            widened[f"{scenario.file}: {scenario.name}"] = sorted(extra)
    assert widened == {}
