"""The app's scenarios as data: what a redrawing reads and what it writes back."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from pyramide.conformance.drawings import drawn_outside, parse_table
from pyramide.conformance.paths import features_dir
from pyramide.conformance.reliance import tags_above
from pyramide.conformance.specdata import load_profiles, load_rules
from pytest_bdd.feature import get_features
from pytest_bdd.parser import ScenarioTemplate

APP = "app"
A_TABLE = "a table:"
"""The step a scenario starts from when it draws its own table: the only kind redrawn (a
shuffled deal or a deal code is already the variant's own, and has its own scenarios)."""


@dataclass(frozen=True)
class Step:
    """One step as written: its keyword (``And`` kept), its text, its docstring if any."""

    keyword: str
    text: str
    docstring: str | None = None


@dataclass(frozen=True)
class Scenario:
    """One app scenario, an outline's example rendered as a scenario of its own."""

    file: str
    """The app's feature file it comes from, e.g. ``pairs.feature``."""
    name: str
    tags: tuple[str, ...]
    """In the order written: the first rule tag says what the scenario is about."""
    steps: tuple[Step, ...]

    def with_steps(self, steps: list[Step]) -> Scenario:
        return replace(self, steps=tuple(steps))

    def retagged(self, tags: tuple[str, ...]) -> Scenario:
        return replace(self, tags=tags)

    def renamed(self, name: str) -> Scenario:
        return replace(self, name=name)


def held_rules(profile: str) -> set[str]:
    """The rule IDs that hold under a named profile."""
    return {rule.id for rule in load_rules().rules.values() if profile in rule.profiles}


def _example_name(name: str, context: dict[str, str]) -> str:
    """An example's scenario name: the outline's, then its values (``... [2♦, J♣]``)."""
    return f"{name} [{', '.join(context.values())}]" if context else name


def _rendered(template: ScenarioTemplate, skip: int) -> Iterator[Scenario]:
    contexts = [c for examples in template.examples for c in examples.as_contexts()] or [{}]
    tags = tuple(tags_above(template.feature.filename, template.line_number))
    for context in contexts:
        steps = template.render(context).steps[skip:]
        yield Scenario(
            file=Path(template.feature.filename).name,
            name=_example_name(template.name, context),
            tags=tags,
            steps=tuple(Step(s.keyword, s.name, s.docstring) for s in steps),
        )


def _the_apps(scenario: Scenario, held: set[str], states: Mapping[str, str]) -> bool:
    """Whether the scenario is one of the app's: every rule it names holds there, it is about
    no other profile and its table is the app's (the app's files show a few variants' cases
    beside the app's)."""
    named = set(scenario.tags)
    rules = named & set(load_rules().rules)
    if not rules <= held or any(t.startswith("profile-") for t in named):
        return False
    table = scenario.steps[0].docstring or ""
    return drawn_outside(table, parse_table(table), states) is None


def app_scenarios(folder: Path | None = None) -> list[Scenario]:
    """Every scenario of the app's own files (not ``variant-*``) starting from a drawn table,
    outlines rendered example by example, in file and line order."""
    folder = folder or features_dir()
    profiles = load_profiles()
    held, states = held_rules(APP), profiles.states(profiles.profiles[APP].switches)
    paths = sorted(p for p in folder.glob("*.feature") if not p.name.startswith("variant-"))
    found: list[Scenario] = []
    for feature in get_features([str(p) for p in paths]):
        skip = len(feature.background.steps) if feature.background else 0
        for template in sorted(feature.scenarios.values(), key=lambda t: t.line_number):
            found += [
                s
                for s in _rendered(template, skip)
                if s.steps[0].text == A_TABLE and _the_apps(s, held, states)
            ]
    return sorted(found, key=lambda s: s.file)
