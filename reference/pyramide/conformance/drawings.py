"""Tables as the rulebook draws them: the cards named in a scenario, and the drawn table read
into the adapter's layout notation.

How a table is drawn in a scenario (a docstring)::

          J♦
         6♣ 7♥
        -- -- --        <- ``--`` is an empty place; rows not drawn at the bottom are empty
    waste: 6♦ [7♣]      <- bottom to top, the top card in brackets; omitted or ``--`` when empty
    stock: 2♣ 9♥        <- top card first; omitted or ``--`` when empty
    waste 2: 5♣ [9♦]    <- Apophis's waste piles 2 and 3, and Giza's ``reserve 1:`` ..
                           ``reserve 8:``, bottom to top like the waste

Under the Triangle the rows hold 7 places down to 1 (row 1 is always drawn), under rows 10 the
pyramid has 10 rows (a table drawn with fewer has its bottom rows empty, as any table whose last
rows are not drawn, and may hold a card twice: two decks), and a Spanish table is drawn with
Spanish cards (``CP``). A table that cannot lie on the table under the
rules under test (another shape, another deck's cards, a stock under Giza) makes the scenario
outside the rule set (:func:`drawn_outside`); so does a deal code dealt for another rule set
(:func:`dealt_outside`). The plugin asks both before a scenario starts, the steps when it does.

The only thing borrowed from the reference package is the card notation
(:meth:`pyramide.cards.Card.parse`), which turns ``10♦``, ``TD`` or ``10D`` into the snapshot's
``TD``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from ..cards import Card, CardError
from ..layout import PYRAMID, Geometry, geometry_of, layout_by_first_row
from .adapter import FACE_DOWN, SWITCHES_SINCE, piles_json
from .specdata import load_profiles, load_rules

EMPTY = "--"
TOP = "[]"
"""The brackets a table may put around the waste's top card: ``waste: 9♦ [7♦]``."""
_LIST_SPLIT = re.compile(r",\s*|\s+then\s+|\s+and\s+")


def card_name(text: str) -> str:
    """The snapshot's ASCII name of a card written either way; a clear failure otherwise."""
    try:
        return Card.parse(text).ascii
    except CardError as error:
        pytest.fail(f"the scenario names a card that does not exist: {error}")


def cards_in(text: str) -> list[str]:
    """Cards listed as ``7♣ 3♥``, ``7♣, 3♥`` or ``7♣ and 3♥``."""
    return [card_name(word) for word in _LIST_SPLIT.sub(" ", text).split()]


PILE_LINE = re.compile(r"^(?P<label>waste|stock|waste [23]|reserve [1-8]):")
"""A pile's line in a drawn table: ``waste:``, ``stock:`` and revision 2's ``waste 2:``,
``waste 3:`` (Apophis) and ``reserve 1:`` .. ``reserve 8:`` (Giza), cards bottom first except
the stock's."""


def drawn_geometry(text: str, rows: int = PYRAMID.rows) -> Geometry | None:
    """The shape a drawn table is: its first row says the layout (one place for the pyramid,
    seven for the Triangle: row 1 is always drawn, since only rows at the bottom may be left
    out), and a pyramid has ``rows`` rows (the rule set's), or as many as the table draws if it
    draws more; None when the table draws no row."""
    drawn = [
        line.split()
        for line in text.splitlines()
        if line.split() and PILE_LINE.match(line.strip().lower()) is None
    ]
    layout = layout_by_first_row(len(drawn[0])) if drawn else None
    if layout is None:
        return None
    return geometry_of(layout, len(drawn[0]) if layout == "triangle" else max(rows, len(drawn)))


def parse_table(text: str, geometry: Geometry | None = None) -> dict[str, Any]:
    """A drawn table (see the module docstring) in the adapter's layout notation; the rows
    hold as many places as ``geometry``'s (7 down to 1 in the Triangle). Without a geometry,
    the table's first row says which it is (:func:`drawn_geometry`), the pyramid by default."""
    geometry = geometry or drawn_geometry(text) or PYRAMID
    rows: list[list[str | None]] = []
    piles: dict[str, list[str]] = {"waste": [], "stock": []}
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        pile_line = PILE_LINE.match(line.strip().lower())
        if pile_line is not None:
            label = pile_line["label"]
            cards = [w for w in line.split(":", 1)[1].split() if w != EMPTY]
            marked = [n for n, w in enumerate(cards) if w.startswith(TOP[0]) and w.endswith(TOP[1])]
            if marked not in ([], [len(cards) - 1]) or (marked and label == "stock"):
                pytest.fail(
                    f"table line {number} ({line.strip()!r}): only the waste's top card, its "
                    f"last, is written in brackets (and the top of waste 2, waste 3 or a reserve)"
                )
            piles[label] = [card_name(w.strip("".join(TOP))) for w in cards]
            continue
        lengths = geometry.row_lengths
        if len(rows) == len(lengths) or len(words) != lengths[len(rows)]:
            expected = lengths[len(rows)] if len(rows) < len(lengths) else 0
            pytest.fail(
                f"table line {number} ({line.strip()!r}): row {len(rows) + 1} of the "
                f"{geometry.name} must hold {expected} places, written as cards or {EMPTY}"
            )
        rows.append([None if w == EMPTY else w if w == FACE_DOWN else card_name(w) for w in words])
    rows.extend([None] * length for length in geometry.row_lengths[len(rows) :])
    layout: dict[str, Any] = {"pyramid": rows, "waste": piles["waste"], "stock": piles["stock"]}
    more_wastes = [piles.get(f"waste {n}", []) for n in (2, 3)]
    reserves = [piles.get(f"reserve {n}", []) for n in range(1, 9)]
    return {**layout, **piles_json(trimmed(more_wastes), trimmed(reserves))}


SHAPE_RULES = {"pyramid": "DEAL-COVERING", "triangle": "VAR-TRIANGLE-COVERING"}
DECK_RULES = {"french": ("DEAL-DECK", "VAR-PHARAOH-DECKS"), "spanish": ("VAR-SPANISH-DECK",)}
"""The rule that lays out a table drawn in each shape, and the rules that deal each deck's cards
(the French deck once, or twice on 10 rows): a table of a deck's cards lies on the table where
one of them holds."""


def drawn_outside(text: str, layout: Mapping[str, Any], states: Mapping[str, str]) -> str | None:
    """Why a drawn table cannot lie on the table under the switch states given, or None: it is
    drawn in another shape, with the cards of another deck, or with piles those rules do not
    have (a stock and a waste under Giza's reserves, reserves or more waste piles without
    them, a waste of several cards where it keeps only the last one). A drawing is an example
    of the deal's rules as much as the steps are of theirs, so a scenario that starts from one
    of these is outside the rule set, like a scenario whose tags do not hold there; the
    variant's own file shows the same rules on tables of its own (features/README.md)."""
    rules = load_rules().rules

    def conflicts(rule_id: str) -> str:
        return "; ".join(rules[rule_id].conflicts(states))

    shape = drawn_geometry(text, int(states.get("rows", PYRAMID.rows)))
    if shape is not None and conflicts(SHAPE_RULES[shape.name]):
        return f"the table is drawn as a {shape.name}: {conflicts(SHAPE_RULES[shape.name])}"
    if shape is not None and str(shape.rows) != states.get("rows", str(shape.rows)):
        return f"the table is drawn with {shape.rows} rows: rows is {states['rows']}"
    piles = [layout["waste"], layout["stock"], *layout.get("more_wastes", ())]
    cards = [c for row in layout["pyramid"] for c in row if c not in (None, FACE_DOWN)]
    cards += [c for pile in (*piles, *layout.get("reserves", ())) for c in pile]
    for deck in sorted({Card.parse(card).deck.name for card in cards}):
        if all(conflicts(rule_id) for rule_id in DECK_RULES[deck]):
            return f"the table is drawn with {deck} cards: {conflicts(DECK_RULES[deck][0])}"
    if any(piles) and states.get("reserves") != "0":
        return (
            f"the table draws a stock or a waste: reserves is {states.get('reserves')}, and "
            "VAR-GIZA-RESERVES has neither"
        )
    for pile, rule_id in (("reserves", "VAR-GIZA-RESERVES"), ("more_wastes", "VAR-APOPHIS-TOPS")):
        if layout.get(pile) and conflicts(rule_id):
            return f"the table draws {pile.replace('_', ' ')}: {conflicts(rule_id)}"
    if len(layout["waste"]) > 1 and states.get("waste_keeps") == "last":
        return (
            f"the table draws {len(layout['waste'])} cards on the waste: waste_keeps is last, "
            "and under VAR-WASTE-LAST-ONLY the waste holds only the last card drawn"
        )
    return None


def dealt_outside(code: str, states: Mapping[str, str]) -> str | None:
    """Why the deal a code names cannot lie on the table under the switch states given, or
    None. The letter names the profile the code deals for (``spec/profiles.yaml``); a deal
    dealt with another layout, deck, reserves, waste piles, draw or choice of pile (the
    switches protocol revisions 2 and 3 added, which shape the deal itself) is another
    game's table, as a table drawn for it would be (:func:`drawn_outside`). A code with an
    unknown letter is the engine's to refuse."""
    spec = load_profiles()
    letter = code.split("-")[1] if code.count("-") == 2 else None
    named = next((p for p in spec.profiles.values() if p.letter == letter), None)
    if named is None:
        return None
    theirs = spec.states(named.switches)
    differ = [
        f"{switch} is {states.get(switch)}, the deal's is {theirs[switch]}"
        for added in SWITCHES_SINCE.values()
        for switch in added
        if theirs[switch] != states.get(switch)
    ]
    if not differ:
        return None
    return f"the deal {code} is dealt for the {named.name} rules: {'; '.join(differ)}"


def start_outside(table: str | None, code: str | None, states: Mapping[str, str]) -> str | None:
    """Why the table or the deal a scenario starts from is another game's (so the scenario is
    outside the rule set), or None. The plugin asks this before it weighs the engine's
    capabilities: a scenario outside the rule set is never counted as not applicable."""
    if table is not None:
        rows = int(states.get("rows", PYRAMID.rows))
        geometry = drawn_geometry(table, rows) or PYRAMID
        return drawn_outside(table, parse_table(table, geometry), states)
    return None if code is None else dealt_outside(code, states)


def trimmed(piles: list[list[str]]) -> list[list[str]]:
    """The piles up to the last one drawn: none at all when the table draws none."""
    while piles and not piles[-1]:
        piles.pop()
    return piles
