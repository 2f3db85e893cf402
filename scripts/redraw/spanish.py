"""The app's scenarios with Spanish cards: every card renamed into one whose pairs are the same.

The French deck's pairs of 13 fall into six classes of values, {A, Q}, {2, J}, {3, 10},
{4, 9}, {5, 8} and {6, 7}; the Spanish deck's pairs of 12 into five, {A, caballo},
{2, sota}, {3, 9}, {4, 8}, {5, 7}, and the sixes, which pair with each other. A scenario's
cards are renamed class by class, in order, the King becoming the rey; one French class has to
become the sixes, and that is faithful only if the scenario holds at most one card of each of
its two values (two French sixes do not pair, two Spanish sixes do). So the class chosen is
one the scenario does not use, or else one it uses at most once per value; a scenario using
more is left out. The suits go ♠ → espadas, ♥ → copas, ♦ → oros, ♣ → bastos, except where
two cards would become the same six. The sum message asks for 12 instead of 13.
"""

from __future__ import annotations

import re
from collections import Counter

from pyramide.cards import Card
from pyramide.conformance.specdata import load_messages

from .common import FRENCH_CARD, Counterparts, LeftOut, map_steps, named_cards, retagged
from .source import Scenario, Step

PROFILE = "spanish"
TITLE = "The app's rules with the Spanish deck"
INTRODUCTION = (
    "The app's scenarios played with Spanish cards (profile spanish). Every card is renamed into"
    " a Spanish card whose pairs are the same: a pair of 13 becomes a pair of 12, a King a rey,"
    " two cards that do not make 13 two cards that do not make 12; each scenario says how its"
    " cards were renamed. The rules of the French deck's values are replaced by the Spanish"
    " pyramid's own: PAIR-THIRTEEN, PAIR-VALUES and PAIR-MISMATCH by VAR-SPANISH-PAIRS-TWELVE"
    " (PAIR-MISMATCH with TAP-SELECT too: only a game with a selection keeps the second card"
    " selected), KING-ALONE by VAR-SPANISH-REY-ALONE."
)
COUNTERPARTS: Counterparts = {
    "PAIR-THIRTEEN": ("VAR-SPANISH-PAIRS-TWELVE",),
    "PAIR-VALUES": ("VAR-SPANISH-PAIRS-TWELVE",),
    "PAIR-MISMATCH": ("VAR-SPANISH-PAIRS-TWELVE", "TAP-SELECT"),
    "KING-ALONE": ("VAR-SPANISH-REY-ALONE",),
}
"""The French deck's rules of values, and the Spanish rules restating them. A wrong sum
keeps the second card selected, which only a game with a selection shows: PAIR-MISMATCH holds
only there, and its copies say so with TAP-SELECT, as the Spanish pyramid's own wrong-sum
scenarios do."""
FRENCH_TOTAL, SPANISH_TOTAL = 13, 12
SUITS = {"♠": "E", "♥": "P", "♦": "O", "♣": "B"}
SPANISH_RANKS = "A23456789SCR"
"""The Spanish ranks by value, 1 to 12."""
SIX = 6
WORDS = {r"\bKings\b": "reyes", r"\bKing\b": "rey", r"\b13\b": "12"}
"""A scenario name's words that change with the deck."""


def _values(scenario: Scenario) -> Counter[int]:
    """How many distinct cards of each French value the scenario names."""
    return Counter(Card.parse(card).rank for card in named_cards(scenario))


def value_map(values: Counter[int]) -> dict[int, int]:
    """French value → Spanish value keeping every pair and non-pair (see the module)."""
    classes = [(low, FRENCH_TOTAL - low) for low in range(1, 7)]
    fits = [c for c in classes if values[c[0]] <= 1 and values[c[1]] <= 1]
    unused = [c for c in fits if not values[c[0]] and not values[c[1]]]
    if not fits:
        raise LeftOut("it holds two cards of one value in each class of pairs")
    sixes = (unused or fits)[-1]
    mapping = {FRENCH_TOTAL: SPANISH_TOTAL, sixes[0]: SIX, sixes[1]: SIX}
    lows = iter(range(1, SIX))
    for low, high in classes:
        if (low, high) != sixes:
            spanish = next(lows)
            mapping[low], mapping[high] = spanish, SPANISH_TOTAL - spanish
    return mapping


def card_map(scenario: Scenario) -> dict[str, str]:
    """Every French card the scenario names → its Spanish card."""
    values = value_map(_values(scenario))
    renamed: dict[str, str] = {}
    for card in named_cards(scenario):
        rank = SPANISH_RANKS[values[Card.parse(card).rank] - 1]
        suits = [SUITS[card[-1]], *SUITS.values()]
        taken = set(renamed.values())
        renamed[card] = next(rank + s for s in suits if rank + s not in taken)
    return renamed


def _sum_messages() -> dict[str, str]:
    """The sum message in each language, asking for 13 → asking for 12."""
    message = load_messages()["sum-must-equal"]
    return {
        text.format(target=FRENCH_TOTAL): text.format(target=SPANISH_TOTAL)
        for text in message.texts.values()
    }


def redraw(scenario: Scenario) -> tuple[Scenario, str]:
    """The scenario with Spanish cards and the note saying how they were renamed."""
    tags = retagged(scenario, PROFILE, COUNTERPARTS)
    renamed = card_map(scenario)
    messages = _sum_messages()

    def rename(text: str) -> str:
        for french, spanish in messages.items():
            text = text.replace(french, spanish)
        return FRENCH_CARD.sub(lambda match: renamed[match.group(0)], text)

    def change(step: Step) -> Step:
        docstring = None if step.docstring is None else rename(step.docstring)
        return Step(step.keyword, rename(step.text), docstring)

    name = rename(scenario.name)
    for word, spanish in WORDS.items():
        name = re.sub(word, spanish, name)
    pairs = ", ".join(f"{french} → {spanish}" for french, spanish in renamed.items())
    note = f"From {scenario.file}, its cards renamed: {pairs}."
    result = map_steps(scenario, change).retagged(tags)
    return result.renamed(name), note
