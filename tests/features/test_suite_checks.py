"""Checks of the rulebook itself: every rule shown, every tag known, every step defined."""

from __future__ import annotations

import re

import pytest
from pyramide.conformance import steps
from pyramide.conformance.plugin import (
    CAPABILITY_TAGS,
    IMPLEMENTATION_DEFINED,
    PROFILE_PREFIX,
    known_tags,
    scenario_profile,
)
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


def test_the_profile_tag_names_the_rules_the_scenario_sets_up() -> None:
    def rules_step(scenario: ParsedScenario) -> str:
        first = scenario.runs[0][0]
        return first.name if first.type == "given" else "(no rules step first)"

    def wanted(scenario: ParsedScenario) -> str:
        profile = scenario_profile(scenario.tags)
        return "the app's rules" if profile == "app" else f"the {profile} rules"

    assert [f"{s}: {rules_step(s)!r}" for s in SCENARIOS if rules_step(s) != wanted(s)] == []


def test_implementation_defined_scenarios_are_exactly_those_of_open_rules() -> None:
    def open_rules(scenario: ParsedScenario) -> bool:
        return any(RULES[r].status == IMPLEMENTATION_DEFINED for r in rules_of(scenario))

    wrong = [str(s) for s in SCENARIOS if open_rules(s) != (IMPLEMENTATION_DEFINED in s.tags)]
    assert wrong == []


def test_every_variant_is_shown_under_a_profile_that_turns_it_on() -> None:
    variants = {rule.id for rule in RULES.values() if rule.status == "variant"}
    shown = {r for s in SCENARIOS if profile_tags(s) for r in rules_of(s) & variants}
    assert sorted(variants - shown) == []


def test_the_rules_a_scenario_shows_hold_under_its_profile() -> None:
    profiles = load_profiles()
    wrong = [
        f"{s}: {rule} does not hold under {scenario_profile(s.tags)}"
        for s in SCENARIOS
        for rule in sorted(rules_of(s))
        if scenario_profile(s.tags) not in profiles.holds_under(rule)
    ]
    assert wrong == []


def step_definitions() -> list[StepFunctionContext]:
    return [
        context
        for context in step_function_context_registry.values()
        if context.step_func.__module__ == steps.__name__
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


NEEDS = {
    "needs-undo": re.compile(r"^I undo"),
    "needs-codes": re.compile(r"^(the deal|I deal|the code shown) "),
    "needs-taps": re.compile(r" is selected$"),
    "needs-messages": re.compile(r"message"),
    "needs-stock-order": re.compile(r"^all 52 cards"),
}
"""Which steps ask an adapter for which capability."""


@pytest.mark.parametrize("tag", sorted(CAPABILITY_TAGS))
def test_a_scenario_using_a_capability_is_tagged_with_it(tag: str) -> None:
    untagged = [
        str(s)
        for s in SCENARIOS
        if tag not in s.tags and any(NEEDS[tag].search(step.name) for run in s.runs for step in run)
    ]
    assert untagged == []
