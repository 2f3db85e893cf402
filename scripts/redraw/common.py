"""What every redrawing shares: the rules that hold on the other table, drawing a table back
into text, and the reason a scenario is left out."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pyramide.cards import PAIR_TOTAL, Card
from pyramide.conformance.exchange import pyramid_lines, shown
from pyramide.conformance.specdata import load_rules

from .source import Scenario, Step, held_rules

FRENCH_CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])(?![\w])")
"""A French card as the app's scenarios write it: ``10♦``, ``K♠``."""


SUITS = "SHDC"


class LeftOut(Exception):
    """A scenario the other table cannot carry faithfully; the message says why."""


Counterparts = Mapping[str, tuple[str, ...]]
"""A rule of the app's that does not hold on the other table → the rules restating it there:
the variant's own, and any rule that keeps the conventions the app's rule holds under."""


def retagged(scenario: Scenario, profile: str, counterparts: Counterparts) -> tuple[str, ...]:
    """The scenario's tags on the other table: a rule holding there is kept, a rule the
    variant restates is replaced by its counterparts (``PAIR-THIRTEEN`` → the Spanish pairs
    of 12), in the place it was written; any other rule leaves the scenario out."""
    rules, held = load_rules().rules, held_rules(profile)
    tags: list[str] = []
    for tag in scenario.tags:
        replaced: tuple[str, ...] = (tag,)
        if tag in rules and tag not in held:
            if tag not in counterparts:
                raise LeftOut(f"tagged {tag}, which does not hold under {profile}")
            replaced = counterparts[tag]
        tags += [new for new in replaced if new not in tags]
    return tuple(tags)


def pile_line(label: str, cards: list[str]) -> str:
    """``waste: 6♦ [7♣]`` (the top in brackets), ``stock: 2♣ 9♥`` (top first)."""
    names = [shown(card) for card in cards]
    if names and label != "stock":
        names[-1] = f"[{names[-1]}]"
    return f"{label}: {' '.join(names)}"


def table_text(layout: Mapping[str, Any]) -> str:
    """A layout drawn as the rulebook draws a table: the rows down to the last one holding a
    card (row 1 always), then its piles."""
    rows = [list(row) for row in layout["pyramid"]]
    last = max((n for n, row in enumerate(rows) if any(row)), default=0)
    lines = pyramid_lines(rows[: last + 1])
    for label in ("waste", "stock"):
        if layout.get(label):
            lines.append(pile_line(label, layout[label]))
    for kind, label in (("more_wastes", "waste {}"), ("reserves", "reserve {}")):
        first = 2 if kind == "more_wastes" else 1
        for number, pile in enumerate(layout.get(kind) or [], first):
            if pile:
                lines.append(pile_line(label.format(number), pile))
    return "\n".join(lines)


def map_steps(scenario: Scenario, change: Callable[[Step], Step]) -> Scenario:
    """The scenario with every step changed by ``change`` (which may raise :class:`LeftOut`)."""
    return scenario.with_steps([change(step) for step in scenario.steps])


def named_cards(scenario: Scenario) -> list[str]:
    """Every French card the scenario names, in its steps or its tables, as written (``10♦``),
    once each, in the order first named."""
    return list(
        dict.fromkeys(
            match.group(0)
            for step in scenario.steps
            for text in (step.text, step.docstring or "")
            for match in FRENCH_CARD.finditer(text)
        )
    )


def inert_cards(scenario: Scenario) -> Iterator[str]:
    """Cards the scenario does not name whose partners it names nowhere, one side of each pair
    class only, so that no two of them pair either: *props*, which lie on the table without
    ever being in a pair (never a King), lowest value first."""
    named = {Card.parse(card).ascii for card in named_cards(scenario)}
    values = {Card.parse(card).rank for card in named}
    for low in range(1, PAIR_TOTAL // 2 + 1):
        for value in (low, PAIR_TOTAL - low):
            if PAIR_TOTAL - value not in values:
                spare = (Card(value, suit).ascii for suit in SUITS)
                yield from (card for card in spare if card not in named)
                break
