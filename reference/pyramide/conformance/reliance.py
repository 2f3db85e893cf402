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

from ..cards import Card, CardError
from .specdata import load_rules

STEPS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern), frozenset(words))
    for pattern, words in (
        (r"the score ", {"score"}),
        (r"the move counter ", {"moves"}),
        (
            r"the player (?:does not )?reads? |none of the app's messages is shown",
            {"message", "needs-messages"},
        ),
        (r"I undo", {"undo", "needs-undo"}),
        (r"the deal ", {"deal", "needs-codes"}),
        (r"I deal |the code shown ", {"needs-codes"}),
        (r"all 52 cards ", {"needs-stock-order"}),
        (r"(?!nothing ).* is selected$", {"selection", "needs-taps"}),
        (r"nothing is selected$", {"needs-taps"}),
        (r"the pyramid is:|.* still in the pyramid$|the cards left in row ", {"faces"}),
    )
)
"""Step texts (matched from their start) and what each step relies on: uses (keys of
:data:`RULES_USED`) and the capability tags (``needs-...``) it asks an adapter for: undo, deal
codes, the stock's cards, messages, and taps (what a tap selects)."""
NEEDS = "needs-"
RULES_USED = {
    "score": ("SCORE-PYRAMID-CARD", "SCORE-NOTHING-ELSE", "SCORE-ONE-PER-CARD"),
    "moves": ("MOVES-COUNT",),
    "message": ("MSG-TEXTS",),
    "undo": ("UNDO-RESTORES",),
    "undo and moves": ("UNDO-COUNTER-KEEPS", "UNDO-COUNTER-RESTORES"),
    "deal": ("CODE-DOCUMENTED",),
    "selection": ("TAP-SELECT",),
    "faces": ("DEAL-PYRAMID", "VAR-TRIANGLE", "VAR-FACE-DOWN"),
}
"""The rules a use relies on, of which only those that hold under the run's states count."""
EXAMPLE = "_pytest_bdd_example"
"""The parameter pytest-bdd gives an outline's example values in."""
_TAP = re.compile(r"I tap (?P<targets>(?!.* times$).+)")
_TAP_SPLIT = re.compile(r",\s*|\s+then\s+")


def _template(item: pytest.Item) -> ScenarioTemplate | None:
    return scenario_wrapper_template_registry.get(getattr(item, "obj", None))  # type: ignore[arg-type]


def scenario_steps(item: pytest.Item) -> list[str]:
    """The texts of a collected scenario's steps (background included); none for other tests."""
    template = _template(item)
    return [] if template is None else [step.name for step in template.steps]


def _example(item: pytest.Item) -> dict[str, str]:
    """The values an outline's example fills in (none for a plain scenario)."""
    callspec = getattr(item, "callspec", None)
    return dict(callspec.params.get(EXAMPLE, {})) if callspec is not None else {}


def scenario_start(item: pytest.Item) -> tuple[str | None, str | None]:
    """What a scenario starts from: the table it draws (``a table:``'s docstring) and the code
    it deals (``the deal PY1-...``), each None when it does not, with an outline's example
    filled in, so that a code or a table an example gives is known before the scenario runs
    (its progress line and the count of scenarios outside the rule set agree)."""
    template = _template(item)
    table = code = None
    steps = template.render(_example(item)).steps if template is not None else ()
    for step in steps:
        if step.name == "a table:" and step.docstring and "<" not in step.docstring:
            table = table or step.docstring
        elif step.name.startswith("the deal ") and "<" not in step.name:
            code = code or step.name.removeprefix("the deal ").strip()
    return table, code


@cache
def _lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def tags_above(path: str, line_number: int) -> list[str]:
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
    written = tags_above(template.feature.filename, template.line_number)
    return next((tag for tag in written if tag in rule_ids), None)


def scenario_needs(item: pytest.Item) -> set[str]:
    """The capability tags of a collected scenario, from the steps of every example of it (so
    that all the examples of an outline apply to the same engines); none for other tests."""
    template = _template(item)
    if template is None:
        return set()
    contexts = [c for examples in template.examples for c in examples.as_contexts()]
    return set().union(
        *(needs(step.name for step in template.render(c).steps) for c in contexts or [{}])
    )


def _words(step: str) -> set[str]:
    """What one step relies on and asks for (:data:`STEPS`)."""
    return {word for pattern, words in STEPS if pattern.match(step) for word in words}


def uses(steps: Iterable[str]) -> set[str]:
    """What the steps rely on (keys of :data:`RULES_USED`)."""
    found = {word for step in steps for word in _words(step) if not word.startswith(NEEDS)}
    if {"undo", "moves"} <= found:
        found.add("undo and moves")
    return found


def _card(target: str) -> Card | None:
    """A tapped card (``the waste`` and other piles: unknown)."""
    try:
        return Card.parse(target)
    except CardError:
        return None


def _left_selected(targets: str, selected: Card | None) -> Card | None:
    """The card a tap step leaves selected, given the one selected before it: a card tapped
    alone stays selected, a second card making a pair with it (13 together, 12 in the Spanish
    deck) is removed with it, one that does not stays selected. A King (a rey), the stock, or
    a card the step does not name (``the waste``) leave nothing selected as far as the text
    shows."""
    for target in _TAP_SPLIT.split(targets):
        card = _card(target)
        if card is None or card.goes_alone:
            selected = None
        elif selected is None or selected.rank + card.rank != card.deck.target:
            selected = card
        else:
            selected = None
    return selected


def needs(steps: Iterable[str]) -> set[str]:
    """The capability tags the steps of one run of a scenario ask for. Besides the steps of
    :data:`STEPS`, a tap step that starts on a card while an earlier step left a card
    selected leans on what the engine keeps selected between steps: only taps show that (a
    draw is a move whatever is selected)."""
    found: set[str] = set()
    selected: Card | None = None
    for step in steps:
        found |= {word for word in _words(step) if word.startswith(NEEDS)}
        tap = _TAP.fullmatch(step)
        if tap is not None:
            if selected is not None and not tap["targets"].startswith("the stock"):
                found.add("needs-taps")
            selected = _left_selected(tap["targets"], selected)
        elif step.startswith("I tap the stock "):
            selected = None
    return found


def relied_on(steps: Iterable[str], states: Mapping[str, str]) -> tuple[str, ...]:
    """The rules the steps rely on that hold under ``states``."""
    return rules_used(uses(steps), states)


def rules_used(used: Iterable[str], states: Mapping[str, str]) -> tuple[str, ...]:
    """The rules these uses (keys of :data:`RULES_USED`) rely on that hold under ``states``."""
    rules = load_rules().rules
    return tuple(
        rule_id
        for use in sorted(used)
        for rule_id in RULES_USED[use]
        if rules[rule_id].holds(states)
    )
