"""The app's scenarios on Giza's tables: the waste becomes the first reserve pile.

The app's waste and a Giza reserve pile behave alike: cards lie on it bottom to top, only its
top card is in play, it pairs with a free pyramid card or goes alone if a King, and the card
under it comes into play once it leaves. So a scenario that never draws, recycles or looks at
the stock shows the same rules with its waste drawn as ``reserve 1``. Its stock, if it has one,
is left off the table: the scenario never touches it, but a stock keeps the game going, so a
scenario that also reads the game's status or the end's message is left out. A scenario with
no waste gets a *prop* on reserve 8, a card whose partners appear nowhere in it, so that its
table is Giza's alone (a table of nothing but a pyramid would be the app's as well) while no
pair or move changes. Where the table, without its stock, would have nothing left to play (an
engine may stop taking taps then), the prop is a King the scenario names nowhere: it can always
be removed, as the app's stock could always be drawn, and no step touches it.
"""

from __future__ import annotations

import re
from typing import Any

from pyramide import Game, Status, get_profile
from pyramide.cards import PAIR_TOTAL, Card
from pyramide.conformance.drawings import parse_table
from pyramide.conformance.exchange import shown
from pyramide.conformance.reference_adapter import layout_from_data
from pyramide.layout import PYRAMID

from .common import (
    SUITS,
    Counterparts,
    LeftOut,
    inert_cards,
    map_steps,
    named_cards,
    retagged,
    table_text,
)
from .source import Scenario, Step

PROFILE = "giza"
GIZA = get_profile(PROFILE)
RESERVES = 8
ABOUT_THE_END = {"END-NO-MORE-MOVES"}
"""A scenario about the end may start where nothing is left to play; any other must not, since
an engine may stop taking taps once the game is over (the rules leave it open)."""
TITLE = "The app's rules on Giza's tables"
INTRODUCTION = (
    "The app's scenarios that never draw from the stock, drawn again on Giza's table (profile"
    " giza): the waste becomes reserve 1, whose top card is in play as the waste top is, and the"
    " stock is left off since nothing is drawn from it; where there is no waste, reserve 8 holds"
    " a prop, a card whose partners are nowhere in the game, which never pairs. FREE-WASTE-TOP"
    " and WASTE-PAIRS are replaced by VAR-GIZA-RESERVE-TOPS, which says the same of every"
    " reserve top."
)
COUNTERPARTS: Counterparts = {
    "FREE-WASTE-TOP": ("VAR-GIZA-RESERVE-TOPS",),
    "WASTE-PAIRS": ("VAR-GIZA-RESERVE-TOPS",),
}
"""The app's waste rules and the reserve rule restating them."""
UNCARRIED = re.compile(r"stock|beneath the waste|recycle|draw")
"""Steps about what Giza has not: a stock to draw from and recycle, the cards under the top."""
STATUS = re.compile(r"the game |messages? is shown|does not read")
"""Steps that a stock left off the table could change: the status and the end's message."""
ON_THE_WASTE = {
    re.compile(r"\bthe waste top is\b"): "the top of reserve 1 is",
    re.compile(r"\bthe waste holds\b"): "reserve 1 holds",
    re.compile(r"\bthe waste\b"): "reserve 1",
}
DRAWING = "STOCK-DRAW"
"""An outline tags every example with it when one example draws; an example that never touches
the stock does not show it, and is redrawn without it."""


def _reserves(waste: list[str], prop: str | None) -> list[list[str]]:
    """Giza's piles for the app's start: its waste as reserve 1, the prop alone on reserve 8."""
    return [waste, *[[]] * (RESERVES - 2), [prop] if prop else []]


def _dead(start: dict[str, Any], prop: str | None) -> bool:
    """Whether the table, its waste as reserve 1 and a prop on reserve 8, has nothing to play."""
    data = {**start, "reserves": _reserves(start["waste"], prop), "waste": [], "stock": []}
    return Game(layout_from_data(data, GIZA.geometry), GIZA).status is Status.NO_MORE_MOVES


def _spare_king(scenario: Scenario) -> str:
    """A King the scenario names nowhere: on a reserve top it can always be removed, so the
    table stays alive (an engine may stop taking taps once nothing is left to play), and no
    step of the scenario touches it."""
    named = set(named_cards(scenario))
    kings = [Card(PAIR_TOTAL, suit) for suit in SUITS]
    spare = [king.ascii for king in kings if str(king) not in named]
    if not spare:
        raise LeftOut("without the stock it starts with nothing to play")
    return spare[0]


def redraw(scenario: Scenario) -> tuple[Scenario, str]:
    """The scenario on Giza's table and where it comes from, or :class:`LeftOut`."""
    if not any(UNCARRIED.search(step.text) for step in scenario.steps):
        scenario = scenario.retagged(tuple(t for t in scenario.tags if t != DRAWING))
    tags = retagged(scenario, PROFILE, COUNTERPARTS)
    start = parse_table(scenario.steps[0].docstring or "", PYRAMID)
    if start["stock"] and any(STATUS.search(step.text) for step in scenario.steps):
        raise LeftOut("its stock would keep the game going, and it reads the game's status")

    prop = None if start["waste"] else next(inert_cards(scenario))
    if _dead(start, prop) and not set(tags) & ABOUT_THE_END:
        prop = _spare_king(scenario)
    reserves = _reserves(start["waste"], prop)

    def change(step: Step) -> Step:
        if UNCARRIED.search(step.text):
            raise LeftOut(f"the step {step.text!r} needs a stock or a waste")
        text = step.text
        for words, on_reserve in ON_THE_WASTE.items():
            text = words.sub(on_reserve, text)
        if step.docstring is None:
            return Step(step.keyword, text)
        layout = parse_table(step.docstring, PYRAMID)
        piles = reserves if step is scenario.steps[0] else [layout["waste"]]
        layout = {**layout, "reserves": piles, "waste": [], "stock": []}
        return Step(step.keyword, text, table_text(layout))

    note = f"From {scenario.file}."
    if prop is not None:
        alive = Card.parse(prop).goes_alone
        what = "keeps the game going as the app's stock did" if alive else "never pairs"
        note += f" Prop: {shown(prop)} on reserve {RESERVES}, which {what}."
    return map_steps(scenario, change).retagged(tags), note
