"""The app's scenarios on the Triangle: the pyramid's cards sheared onto the Triangle's places.

In the pyramid, place (r, c) lies under (r+1, c) and (r+1, c+1); in the Triangle, (r, c) lies
under (r+1, c-1) and (r+1, c). Sending (r, c) to (r, c-r+m) turns the one into the other: its
two coverers go to (r+1, c-r-1+m) and (r+1, c-r+m), exactly the Triangle's coverers of its
image. So every card lies under the same cards as in the app's drawing, and is free exactly
when it was there.

What does not carry over is what a card lies on: a card at the pyramid's edge lies on one card,
while every Triangle card above row 1 lies on two. The places a moved card lies on that have no
card of the app's drawing are filled with cards that hold it up (*props*). A prop lies under
moved cards or other props only, never on top of a moved card (its place is the image of a spot
off the pyramid's edge, and those cover no pyramid place), so no moved card's freedom changes;
and every prop is a card whose partners appear nowhere in the scenario, nor among the props, so
it never pairs, and the game's moves and end are the app drawing's. Since props stay, a scenario
that clears the pyramid (a win) or reads a whole row is left out.
"""

from __future__ import annotations

import re
from typing import Any

from pyramide.conformance.drawings import parse_table
from pyramide.conformance.exchange import shown
from pyramide.layout import PYRAMID, TRIANGLE

from .common import Counterparts, LeftOut, inert_cards, map_steps, retagged, table_text
from .source import Scenario, Step

PROFILE = "triangle"
TITLE = "The app's rules on the Triangle's tables"
INTRODUCTION = (
    "The app's scenarios drawn again on the Triangle (profile triangle). Each card of the app's"
    " drawing is moved to the place where it lies under the same cards as in the pyramid, so it"
    " is free exactly when it was there, and every step says what it said; places named in a"
    " step move with the cards. A Triangle card above row 1 lies on two cards, where a card at"
    " the pyramid's edge lies on one: the places under such a card are filled with props, cards"
    " whose partners are nowhere in the game, so they never pair and never free a card; each"
    " scenario names its props. A rule of the pyramid's shape is replaced by the Triangle's own:"
    " DEAL-PYRAMID by VAR-TRIANGLE, DEAL-COVERING and FREE-PYRAMID by VAR-TRIANGLE-COVERING."
)
COUNTERPARTS: Counterparts = {
    "DEAL-PYRAMID": ("VAR-TRIANGLE",),
    "DEAL-COVERING": ("VAR-TRIANGLE-COVERING",),
    "FREE-PYRAMID": ("VAR-TRIANGLE-COVERING",),
}
"""The app's rules of the pyramid's shape, and the Triangle's rules that restate them."""
PLACE = re.compile(r"\br([1-7])c([1-7])\b")
PROPS_STAY = re.compile(r"the game is won|the cards left in row|END-WIN")
"""What props change: the pyramid is never cleared, and a row holds them too."""
Place = tuple[int, int]


def _places(layout: dict[str, Any]) -> set[Place]:
    return {
        (r, c)
        for r, row in enumerate(layout["pyramid"], 1)
        for c, card in enumerate(row, 1)
        if card is not None
    }


def shift(places: set[Place]) -> int:
    """The m sending every place (r, c) to (r, c-r+m) inside the Triangle, the smallest;
    :class:`LeftOut` when there is none (a pyramid row wider than the Triangle's)."""
    for m in range(1, 8):
        if all(TRIANGLE.has(r, c - r + m) for r, c in places):
            return m
    raise LeftOut("its pyramid cards cannot all lie on the Triangle under the same cards")


def prop_places(moved: set[Place]) -> list[Place]:
    """Every Triangle place lain on, directly or through others, by a moved card, and holding
    none: (r, c) lies on (r-1, c) and (r-1, c+1)."""
    held, todo = set(moved), list(moved)
    while todo:
        r, c = todo.pop()
        for under in ((r - 1, c), (r - 1, c + 1)):
            if r > 1 and under not in held:
                if not TRIANGLE.has(*under):
                    raise LeftOut("its cards would need props beyond the Triangle's edge")
                held.add(under)
                todo.append(under)
    return sorted(held - moved)


def redraw(scenario: Scenario) -> tuple[Scenario, str]:
    """The scenario on the Triangle and where it comes from, or :class:`LeftOut`."""
    tags = retagged(scenario, PROFILE, COUNTERPARTS)
    texts = [*scenario.tags, *(step.text for step in scenario.steps)]
    if any(PROPS_STAY.search(text) for text in texts):
        raise LeftOut("its props would stay where it clears the pyramid or reads a row")
    drawn = [parse_table(s.docstring, PYRAMID) for s in scenario.steps if s.docstring]
    named = {(int(r), int(c)) for step in scenario.steps for r, c in PLACE.findall(step.text)}
    m = shift(set().union(named, *(_places(layout) for layout in drawn)))
    props = prop_places({(r, c - r + m) for r, c in _places(drawn[0])})
    spare = list(inert_cards(scenario))
    if len(spare) < len(props):
        raise LeftOut(f"it needs {len(props)} props and only {len(spare)} cards can never pair")
    prop_cards = dict(zip(props, spare, strict=False))

    def moved(layout: dict[str, Any]) -> dict[str, Any]:
        rows: list[list[str | None]] = [[None] * n for n in TRIANGLE.row_lengths]
        for r, c in _places(layout):
            rows[r - 1][c - r + m - 1] = layout["pyramid"][r - 1][c - 1]
        for (r, c), card in prop_cards.items():
            rows[r - 1][c - 1] = card
        return {**layout, "pyramid": rows}

    def change(step: Step) -> Step:
        text = PLACE.sub(lambda p: f"r{p[1]}c{int(p[2]) - int(p[1]) + m}", step.text)
        if step.docstring is None:
            return Step(step.keyword, text)
        return Step(step.keyword, text, table_text(moved(parse_table(step.docstring, PYRAMID))))

    note = f"From {scenario.file}."
    if prop_cards:
        listed = ", ".join(f"{shown(card)} at r{r}c{c}" for (r, c), card in prop_cards.items())
        note += f" Props: {listed}."
    return map_steps(scenario, change).retagged(tags), note
