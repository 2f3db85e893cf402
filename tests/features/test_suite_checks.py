"""Checks of the rulebook itself: every rule shown, every tag known, every step defined."""

from __future__ import annotations

import re

import pytest
from pyramide import Game, Status, get_profile
from pyramide.conformance import drawings, steps
from pyramide.conformance.plugin import (
    CAPABILITY_TAGS,
    IMPLEMENTATION_DEFINED,
    PROFILE_PREFIX,
    known_tags,
    scenario_profile,
)
from pyramide.conformance.reference_adapter import layout_from_data
from pyramide.conformance.reliance import needs
from pyramide.conformance.specdata import load_profiles, load_rules
from pytest_bdd.steps import StepFunctionContext, step_function_context_registry

from .gherkin import ParsedScenario, parsed_scenarios

SCENARIOS = parsed_scenarios()
RULES = load_rules().rules


def rules_of(scenario: ParsedScenario) -> set[str]:
    return {tag for tag in scenario.tags if tag in RULES}


def test_every_rule_has_a_scenario() -> None:
    shown = set().union(*(rules_of(s) for s in SCENARIOS))
    assert sorted(set(RULES) - shown) == []


def test_every_tag_is_known_and_every_scenario_shows_a_rule() -> None:
    known = known_tags()
    unknown = {f"{s}: @{tag}" for s in SCENARIOS for tag in s.tags if tag not in known}
    assert sorted(unknown) == []
    assert [str(s) for s in SCENARIOS if not rules_of(s)] == []


def test_tags_sit_on_the_scenarios_themselves() -> None:
    assert [f"{s}: {sorted(s.outer_tags)}" for s in SCENARIOS if s.outer_tags] == []


def test_a_scenario_has_at_most_one_profile_tag() -> None:
    assert [str(s) for s in SCENARIOS if len(profile_tags(s)) > 1] == []


def profile_tags(scenario: ParsedScenario) -> list[str]:
    return [tag for tag in scenario.tags if tag.startswith(PROFILE_PREFIX)]


def test_every_scenario_starts_with_the_rules_under_test() -> None:
    """No scenario fixes a rule set in its text: it plays under the one being checked."""

    def first_step(scenario: ParsedScenario) -> str:
        first = scenario.runs[0][0]
        return f"{first.type} {first.name}"

    wrong = [str(s) for s in SCENARIOS if first_step(s) != "given the rules under test"]
    assert wrong == []


def test_implementation_defined_scenarios_are_exactly_those_of_open_rules() -> None:
    def open_rules(scenario: ParsedScenario) -> bool:
        return any(RULES[r].status == IMPLEMENTATION_DEFINED for r in rules_of(scenario))

    wrong = [str(s) for s in SCENARIOS if open_rules(s) != (IMPLEMENTATION_DEFINED in s.tags)]
    assert wrong == []


def test_every_variant_and_convention_has_a_scenario_of_its_own() -> None:
    """Shown by a scenario that holds only where it does, not only as a side remark."""
    special = {rule.id for rule in RULES.values() if rule.status in ("variant", "convention")}
    shown = {r for s in SCENARIOS for r in rules_of(s) & special}
    assert sorted(special - shown) == []


def test_the_rules_of_a_profile_scenario_hold_under_that_profile() -> None:
    """A scenario about a named profile itself (its deal codes) shows rules of that profile."""
    wrong = [
        f"{s}: {rule} does not hold under {scenario_profile(s.tags)}"
        for s in SCENARIOS
        if scenario_profile(s.tags) is not None
        for rule in sorted(rules_of(s))
        if scenario_profile(s.tags) not in RULES[rule].profiles
    ]
    assert wrong == []


def test_every_named_profile_has_a_rulebook_of_its_own() -> None:
    """Each named profile is a rule set at least one scenario holds under."""

    def holds(scenario: ParsedScenario, profile: str) -> bool:
        return all(profile in RULES[rule].profiles for rule in rules_of(scenario))

    empty = [p for p in load_profiles().profiles if not any(holds(s, p) for s in SCENARIOS)]
    assert empty == []


def step_definitions() -> list[StepFunctionContext]:
    return [
        context
        for context in step_function_context_registry.values()
        if context.step_func.__module__.startswith(f"{steps.__name__}.")
    ]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_every_step_matches_exactly_one_definition(scenario: ParsedScenario) -> None:
    definitions = step_definitions()
    problems = []
    for run in scenario.runs:
        for step in run:
            matches = [
                d for d in definitions if d.type == step.type and d.parser.is_matching(step.name)
            ]
            if len(matches) != 1:
                problems.append(f"{step.type} {step.name!r}: {len(matches)} definitions match")
    assert problems == []


def derived_needs(scenario: ParsedScenario) -> set[str]:
    return set().union(*(needs(step.name for step in run) for run in scenario.runs))


def test_capability_tags_are_derived_never_written() -> None:
    written = [f"{s}: {sorted(s.tags & set(CAPABILITY_TAGS))}" for s in SCENARIOS]
    assert [line for line in written if not line.endswith("[]")] == []


@pytest.mark.parametrize(
    ("tag", "step"),
    [
        ("needs-undo", re.compile(r"^I undo")),
        ("needs-codes", re.compile(r"^(the deal|I deal|the code shown) ")),
        ("needs-taps", re.compile(r" is selected$")),
        (
            "needs-messages",
            re.compile(r"^the player (does not read|reads) |^none of the app's messages is shown$"),
        ),
        ("needs-stock-order", re.compile(r"^all 52 cards")),
    ],
)
def test_a_scenario_using_a_capability_needs_it(tag: str, step: re.Pattern[str]) -> None:
    """Every scenario with a step asking for a capability is tagged with it, and a tag never
    comes without such a step (or, for taps, a move played across two steps)."""
    using = {str(s) for s in SCENARIOS if any(step.search(x.name) for run in s.runs for x in run)}
    tagged = {str(s) for s in SCENARIOS if tag in derived_needs(s)}
    assert sorted(using - tagged) == []
    if tag != "needs-taps":
        assert sorted(tagged - using) == []


def test_a_tap_step_started_while_a_card_is_selected_needs_taps() -> None:
    assert needs(["I tap 6♠", "6♠ is still in the pyramid", "I tap 7♥"]) == {"needs-taps"}
    assert needs(["I tap 7♣ then 7♠", "I tap the waste"]) == {"needs-taps"}
    assert needs(["I tap 4♦ then 9♣", "I tap K♥", "I tap 5♣ then 8♣"]) == set()
    assert needs(["I tap 4♦", "I tap the stock"]) == set()


ABOUT_THE_END = {"END-NO-MORE-MOVES", "VAR-LIMITED-PASSES", "VAR-STRICT-WIN"}
"""Rules about how a game ends: their scenarios may start where nothing is left to play."""


def _first_tables(scenario: ParsedScenario) -> list[str]:
    return [
        step.docstring or ""
        for run in scenario.runs
        for step in run[:3]
        if step.type == "given" and step.name == "a table:"
    ]


def _holds_under(scenario: ParsedScenario) -> str | None:
    """A named profile whose switches every rule of the scenario holds under (conventions are
    the engine's, so a rule bound to one is taken as declared), and whose table its drawings
    can lie on (a Giza or Triangle table is played under Giza's or the Triangle's rules)."""
    spec = load_profiles()
    for name, profile in spec.profiles.items():
        states = spec.states(profile.switches)
        if all(
            states[switch] in allowed
            for rule in rules_of(scenario)
            for switch, allowed in RULES[rule].when.items()
            if switch in spec.switches
        ) and all(
            drawings.drawn_outside(drawing, drawings.parse_table(drawing), states) is None
            for drawing in _first_tables(scenario)
        ):
            return name
    return None


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_no_scenario_starts_in_a_dead_end_unless_it_is_about_the_end(
    scenario: ParsedScenario,
) -> None:
    """An engine may stop taking taps once nothing is left to play (the rules leave it open),
    so a table with nothing to draw, recycle or remove proves nothing about other rules."""
    if rules_of(scenario) & ABOUT_THE_END:
        return
    profile = _holds_under(scenario)
    assert profile is not None, "the scenario's rules hold together under no named profile"
    rules = get_profile(profile)
    for drawing in _first_tables(scenario):
        layout = drawings.parse_table(drawing)
        game = Game(layout_from_data(layout, rules.geometry), rules)
        assert game.status is not Status.NO_MORE_MOVES, (
            f"starts in a dead end under {profile}:\n{drawing}"
        )


EMPTY_STOCK_ON_PURPOSE = {
    "The waste becomes the stock again, its bottom card on top",
    "A waste of one card is recycled too",
    "A tap on the stock with nothing to draw or recycle is not a move",
}
"""Scenarios about a tap on the empty stock itself: their tables start with no stock (by name:
their copies on the variants' tables, features/redrawn, too)."""


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_every_table_starts_with_a_stock_unless_the_scenario_is_about_the_end(
    scenario: ParsedScenario,
) -> None:
    """A stock to draw from keeps a table alive whatever the scenario plays on it. Giza's
    tables have reserve piles instead and no stock at all: the dead-end check above is theirs."""
    if rules_of(scenario) & ABOUT_THE_END or scenario.name in EMPTY_STOCK_ON_PURPOSE:
        return
    for drawing in _first_tables(scenario):
        table = drawings.parse_table(drawing)
        alive = table["stock"] or table.get("reserves")
        assert alive, f"the table starts with no stock:\n{drawing}"


def test_every_table_marks_the_waste_top() -> None:
    unmarked = [
        f"{s}: {line.strip()}"
        for s in SCENARIOS
        for run in s.runs
        for step in run
        if step.docstring
        for line in step.docstring.splitlines()
        if line.split()[:1] == ["waste:"]
        and line.split()[-1] != drawings.EMPTY
        and not line.split()[-1].startswith("[")
    ]
    assert unmarked == []


WIN_RULES = {"END-WIN", "VAR-STRICT-WIN", "VAR-PHARAOH-WIN"}
"""The rules that say what wins: the pyramid cleared, or every card removed."""


def test_a_scenario_that_reads_a_win_carries_the_rule_saying_what_wins() -> None:
    """What wins changes with the rule set (strict_win, rows): a scenario that expects a won
    game and names no win rule runs, and fails, where clearing its pyramid does not win."""
    reads_a_win = [
        str(s)
        for s in SCENARIOS
        if any(step.name == "the game is won" for run in s.runs for step in run)
        and not rules_of(s) & WIN_RULES
    ]
    assert reads_a_win == []
