"""What a scenario relies on besides the rules it is tagged with: the rules behind the steps it
looks at the engine through.

A scenario about pairs that ends with "the score is 20" fails on an engine that scores wrongly,
although its pairs are right. Its tags say what it is about and decide where it applies; this
module says, from its steps, which other rules it leans on — under the conventions of the
engine checked (a score is read the way the engine scores). The report blames the fewest rules
that explain every failure (:func:`pyramide.conformance.results.blame`), and a scenario's
reliances are among the rules that may explain it, so a scoring fault is blamed on the scoring
rule and not on every rule whose scenarios happen to read the score.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from functools import cache
from pathlib import Path

import pytest
from pytest_bdd.parser import ScenarioTemplate
from pytest_bdd.scenario import scenario_wrapper_template_registry

from .specdata import load_rules

STEP_USES = (
    (re.compile(r"the score "), "score"),
    (re.compile(r"the move counter "), "moves"),
    (re.compile(r"the message |no message is shown"), "message"),
    (re.compile(r"I undo"), "undo"),
    (re.compile(r"the deal "), "deal"),
    (re.compile(r"(?!nothing ).* is selected$"), "selection"),
    (re.compile(r"the pyramid is:|.* still in the pyramid$|the cards left in row "), "faces"),
)
"""Step texts (matched from their start) and what the step relies on."""
RULES_USED = {
    "score": ("SCORE-PYRAMID-CARD", "SCORE-NOTHING-ELSE", "SCORE-ONE-PER-CARD"),
    "moves": ("MOVES-COUNT",),
    "message": ("MSG-TEXTS",),
    "undo": ("UNDO-RESTORES",),
    "undo and moves": ("UNDO-COUNTER-KEEPS", "UNDO-COUNTER-RESTORES"),
    "deal": ("CODE-DOCUMENTED",),
    "selection": ("TAP-SELECT",),
    "faces": ("DEAL-PYRAMID", "VAR-FACE-DOWN"),
}
"""The rules a use relies on, of which only those that hold under the run's states count."""


def _template(item: pytest.Item) -> ScenarioTemplate | None:
    return scenario_wrapper_template_registry.get(getattr(item, "obj", None))  # type: ignore[arg-type]


def scenario_steps(item: pytest.Item) -> list[str]:
    """The texts of a collected scenario's steps (background included); none for other tests."""
    template = _template(item)
    return [] if template is None else [step.name for step in template.steps]


@cache
def _lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def _tags_above(path: str, line_number: int) -> list[str]:
    """The tags written on the lines just above line ``line_number`` (1-based), in order."""
    lines = _lines(path)
    start = line_number - 1
    while start > 0 and lines[start - 1].strip().startswith("@"):
        start -= 1
    return [tag.lstrip("@") for line in lines[start : line_number - 1] for tag in line.split()]


def scenario_subject(item: pytest.Item, rule_ids: Collection[str]) -> str | None:
    """The rule a scenario is about: the rule of its ``Rule:`` block (tagged with its ID, or
    named after it), else its first rule tag as written (pytest-bdd keeps tags as a set, so
    their order is read from the file)."""
    template = _template(item)
    if template is None:
        return None
    if template.rule is not None:
        named = template.rule.name.split(" ", 1)[0].rstrip(":")
        tagged = sorted(tag for tag in template.rule.tags if tag in rule_ids)
        if named in rule_ids or len(tagged) == 1:
            return named if named in rule_ids else tagged[0]
    written = _tags_above(template.feature.filename, template.line_number)
    return next((tag for tag in written if tag in rule_ids), None)


def uses(steps: Iterable[str]) -> set[str]:
    """What the steps rely on (keys of :data:`RULES_USED`)."""
    found = {use for step in steps for pattern, use in STEP_USES if pattern.match(step)}
    if {"undo", "moves"} <= found:
        found.add("undo and moves")
    return found


def relied_on(steps: Iterable[str], states: Mapping[str, str]) -> tuple[str, ...]:
    """The rules the steps rely on that hold under ``states``."""
    rules = load_rules().rules
    return tuple(
        rule_id
        for use in sorted(uses(steps))
        for rule_id in RULES_USED[use]
        if rules[rule_id].holds(states)
    )
