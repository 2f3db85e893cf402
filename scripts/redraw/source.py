"""The app's scenarios as data: what a redrawing reads and what it writes back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from pyramide.conformance.drawings import drawn_outside, parse_table
from pyramide.conformance.paths import features_dir
from pyramide.conformance.specdata import load_profiles, load_rules
from pytest_bdd.feature import get_features
from pytest_bdd.parser import ScenarioTemplate

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
    profiles = load_profiles()
    states = profiles.states(profiles.profiles[profile].switches)
    return {rule.id for rule in load_rules().rules.values() if rule.holds(states)}


def _example_name(name: str, context: dict[str, str]) -> str:
    """An example's scenario name: the outline's, then its values (``... [2♦, J♣]``)."""
    return f"{name} [{', '.join(context.values())}]" if context else name


def _written_order(template: ScenarioTemplate) -> Callable[[str], int]:
    """A sort key putting tags in the order written above the scenario (pytest-bdd keeps them
    as a set), since the first rule tag says what the scenario is about."""
    lines = Path(template.feature.filename).read_text(encoding="utf-8").splitlines()
    above = template.line_number - 2
    while above > 0 and lines[above - 1].strip().startswith("@"):
        above -= 1
    written = " ".join(lines[above : template.line_number - 1]).split()
    order = {tag.lstrip("@"): n for n, tag in enumerate(written)}
    return lambda tag: order[tag]


def _rendered(template: ScenarioTemplate, skip: int) -> Iterator[Scenario]:
    contexts = [c for examples in template.examples for c in examples.as_contexts()] or [{}]
    tags = tuple(sorted(template.tags, key=_written_order(template)))
    for context in contexts:
        steps = template.render(context).steps[skip:]
        yield Scenario(
            file=Path(template.feature.filename).name,
            name=_example_name(template.name, context),
            tags=tags,
            steps=tuple(Step(s.keyword, s.name, s.docstring) for s in steps),
        )


def _the_apps(scenario: Scenario, held: set[str], rules: set[str]) -> bool:
    """Whether the scenario is one of the app's: every rule it names holds there, it is about
    no other profile and its table is the app's (the app's files show a few variants' cases
    beside the app's)."""
    named = set(scenario.tags)
    if not named & rules <= held or any(t.startswith("profile-") for t in named):
        return False
    table = scenario.steps[0].docstring or ""
    profiles = load_profiles()
    states = profiles.states(profiles.profiles["app"].switches)
    return drawn_outside(table, parse_table(table), states) is None


def app_scenarios(folder: Path | None = None) -> list[Scenario]:
    """Every scenario of the app's own files (not ``variant-*``) starting from a drawn table,
    outlines rendered example by example, in file and line order."""
    folder = folder or features_dir()
    held, rules = held_rules("app"), set(load_rules().rules)
    paths = sorted(p for p in folder.glob("*.feature") if not p.name.startswith("variant-"))
    found: list[Scenario] = []
    for feature in get_features([str(p) for p in paths]):
        skip = len(feature.background.steps) if feature.background else 0
        for template in sorted(feature.scenarios.values(), key=lambda t: t.line_number):
            found += [
                s
                for s in _rendered(template, skip)
                if s.steps[0].text == A_TABLE and _the_apps(s, held, rules)
            ]
    return sorted(found, key=lambda s: s.file)
