"""The rule a difference between an engine and the reference breaks.

The differential machine (:mod:`.differential`) counts its differences by kind, and a kind is
the rule broken: what the reference did with the action (dealt, drew, recycled, removed a King
or a pair, undid, selected, warned), which field the engine got wrong, and the rule set's
switches tell it. Each situation lists the rules that say what must happen there, the app's
first and then the variants' in its place; the first that holds under the rule set is the one
broken. Only the spec is read (the rules' ``when``, the messages' rules), never the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card
from .adapter import FACE_DOWN, MORE_PILES, PLACE, STOCK_TAPS, Snapshot
from .checks import (
    DEALT_PILES,
    DEALT_ROWS,
    DRAW_RULES,
    KING_RULES,
    OVER,
    PAIR_RULES,
    WIN_RULES,
    WON_SCORE,
    holding,
)
from .invariants import lying_on
from .legal_moves import (
    COVERED,
    COVERING,
    GOES_ON,
    PASS_RULES,
    RECYCLE_RULES,
    STOCK,
)
from .specdata import load_messages
from .tabletop import cards_on_table, face_up_piles

CARD_FIELDS = ("pyramid", "waste", "more_wastes", "reserves", "stock_size", "stock")
"""Where the cards lie: a difference there is a difference of play, the first to look at."""
DISPLAY_FIELDS = ("score", "moves", "message")
"""What an engine shows of the play without changing it: a game goes on past a difference
there, the field left out of its comparison."""

PILE_PAIR = ("VAR-GIZA-RESERVE-TOPS", "VAR-APOPHIS-TOPS", "WASTE-PAIRS")
"""The rules that put a pile's top card in play for a pair."""
BENEATH_THE_WASTE_TOP = ("VAR-DRAWN-WITH-WASTE", "VAR-WASTE-PAIR-ANYTIME", "FREE-WASTE-TOP")
"""The rules of the card beneath the waste top: in play under two variants, else not."""
SPECIAL_TAPS = {"waste-below": BENEATH_THE_WASTE_TOP, "stock-top": STOCK}
"""The cards only some rule sets put in play, by their tap target."""


@dataclass(frozen=True)
class Step:
    """One action both engines were sent: its target (``start``, ``undo`` or a tap target),
    the reference's table before it (None before the start), the table each showed after it,
    and the fields on which they differ."""

    target: str
    before: Snapshot | None
    expected: Snapshot
    actual: Snapshot
    differing: Sequence[str]


def rule_broken(step: Step, states: Mapping[str, str]) -> str:
    """The rule the engine breaks at ``step``, under the switch and convention ``states``: the
    first of the situation's rules that holds (the first of them if none does: the situation
    is the app's rule's, whatever the rule set). In every group of rules, at most one holds
    under a rule set, or the variant that changes the rule comes first."""
    rules = candidates(step)
    return (holding(states, rules) or rules)[0]


def candidates(step: Step) -> Sequence[str]:
    """The rules that say what the action must do to the first field the engines differ on,
    cards before the status, the status before what is only shown."""
    field = next(
        f for f in (*CARD_FIELDS, "status", "selected", *DISPLAY_FIELDS) if f in step.differing
    )
    if field in CARD_FIELDS:
        return _play(step, field)
    if field == "status":
        return _status(step)
    if field == "score":
        return _score(step)
    if field == "moves":
        return _counter(step)
    if field == "selected":
        return _selection(step)
    return _message(step)


def _play(step: Step, field: str) -> Sequence[str]:
    """Where the cards went: the rules of the move the reference made (or of the card the
    engine took when the reference took none)."""
    before = step.before
    if before is None:
        return DEALT_ROWS if field == "pyramid" else DEALT_PILES["stock"]
    if step.target == "undo":
        return ("UNDO-RESTORES",)
    if step.target in STOCK_TAPS:
        return _stock_tap(step, before)
    taken = cards_on_table(before) - cards_on_table(step.expected)
    if taken and step.expected.stock_size < before.stock_size:
        return STOCK
    if taken == 1:
        return KING_RULES
    if taken:
        return PILE_PAIR if _off_the_piles(before, step.expected) else PAIR_RULES
    return _taken_out_of_turn(step, before)


def _off_the_piles(before: Snapshot, after: Snapshot) -> int:
    """How many cards a move took off the waste and reserve piles and the stock."""

    def piles(snapshot: Snapshot) -> int:
        return len(face_up_piles(snapshot)) + snapshot.stock_size

    return piles(before) - piles(after)


def _stock_tap(step: Step, before: Snapshot) -> Sequence[str]:
    if before.stock_size:
        return DRAW_RULES

    def recycled(after: Snapshot) -> bool:
        return after.stock_size > 0

    if recycled(step.expected) != recycled(step.actual):
        return PASS_RULES
    return RECYCLE_RULES


def _taken_out_of_turn(step: Step, before: Snapshot) -> Sequence[str]:
    """Why the engine took a card the reference left: the tap (or the card selected before
    it) named a covered card, a card beneath the waste top, the stock's top card, or else two
    cards that do not make the sum."""
    tapped = {step.target, before.selected or ""}
    if any(_covered_by_its_partner(before, target) for target in tapped):
        return COVERING
    if any(_covered(before, target) for target in tapped):
        return COVERED
    special = [SPECIAL_TAPS[target] for target in tapped if target in SPECIAL_TAPS]
    return special[0] if special else PAIR_RULES


def _place(target: str) -> tuple[int, int] | None:
    match = PLACE.match(target)
    return None if match is None else (int(match.group(1)), int(match.group(2)))


def _on(snapshot: Snapshot, target: str) -> list[str] | None:
    """The cards lying on the pyramid card at ``target`` (None: no pyramid card there)."""
    place = _place(target)
    rows = snapshot.pyramid
    if place is None or rows[place[0] - 1][place[1] - 1] is None:
        return None
    return [card for r, c in lying_on(rows, *place) if (card := rows[r - 1][c - 1]) is not None]


def _covered(snapshot: Snapshot, target: str) -> bool:
    """Whether ``target`` is a pyramid card with a card lying on it."""
    return bool(_on(snapshot, target))


def _covered_by_its_partner(snapshot: Snapshot, target: str) -> bool:
    """Whether one card alone lies on ``target``, and the two make the sum: the pair the
    covering-pair switch allows."""
    on_it = _on(snapshot, target)
    place = _place(target)
    if place is None or on_it is None or len(on_it) != 1:
        return False
    pair = (snapshot.pyramid[place[0] - 1][place[1] - 1], on_it[0])
    if FACE_DOWN in pair:
        return False
    first, second = (Card.parse(str(card)) for card in pair)
    return first.rank + second.rank == first.deck.target


def _status(step: Step) -> Sequence[str]:
    shown = {step.expected.status, step.actual.status}
    if "won" in shown:
        return WIN_RULES
    return OVER if step.expected.status == "no-more-moves" else GOES_ON


def _score(step: Step) -> Sequence[str]:
    before = step.before
    if before is None:
        return ("SCORE-PYRAMID-CARD",)
    if step.target == "undo":
        return ("UNDO-RESTORES",)
    if step.expected.status == "won":
        return WON_SCORE
    more = step.actual.score > step.expected.score
    if more and (_off_the_piles(before, step.expected) or before.stock_size == 0):
        return ("SCORE-NOTHING-ELSE",)
    pyramid_cards = _pyramid_cards(before) - _pyramid_cards(step.expected)
    return ("SCORE-PYRAMID-CARD",) if pyramid_cards else ("SCORE-NOTHING-ELSE",)


def _pyramid_cards(snapshot: Snapshot) -> int:
    return sum(card is not None for row in snapshot.pyramid for card in row)


def _counter(step: Step) -> Sequence[str]:
    if step.target != "undo":
        return ("MOVES-COUNT",)
    if step.actual.moves > step.expected.moves:
        return ("OPEN-UNDO-NOT-A-MOVE",)
    return ("UNDO-COUNTER-KEEPS", "UNDO-COUNTER-RESTORES")


def _selection(step: Step) -> Sequence[str]:
    """The selection rule or open point of the tap: what a tap selects, and what undo, a
    draw, the selected card, a King or a covered card tapped while a card is selected do to
    the selection."""
    before = step.before
    if step.target == "undo":
        return ("OPEN-UNDO-SELECTION",)
    if step.target in STOCK_TAPS:
        return ("OPEN-DRAW-SELECTION",)
    if before is None or before.selected is None:
        return _first_tap(step, before)
    if step.target == before.selected:
        return ("OPEN-RETAP-SELECTED",)
    if _is_king(before, step.target):
        return ("OPEN-KING-WHILE-SELECTED",)
    if _covered(before, step.target):
        return ("OPEN-BLOCKED-WHILE-SELECTED",)
    return ("PAIR-MISMATCH",)


def _first_tap(step: Step, before: Snapshot | None) -> Sequence[str]:
    """A tap with nothing selected selects a free card; a covered card stays unselected, with
    a warning. An engine that warns and selects all the same breaks the warning's rule; one
    that does not warn takes the card for free, or (when one card alone lies on it) for a
    card it may pair with."""
    if step.target in SPECIAL_TAPS:
        return SPECIAL_TAPS[step.target]
    on_it = None if before is None else _on(before, step.target)
    if not on_it:
        return ("TAP-SELECT",)
    if "message" not in step.differing:
        return ("TAP-BLOCKED",)
    return COVERING if len(on_it) == 1 else COVERED


def _is_king(snapshot: Snapshot, target: str) -> bool:
    """Whether the card tapped goes alone (a King, a rey)."""
    place = _place(target)
    if place is not None:
        card = snapshot.pyramid[place[0] - 1][place[1] - 1]
    else:
        pile = snapshot.pile(target) if target in ("waste", *MORE_PILES) else ()
        card = pile[-1] if pile else None
    return card not in (None, FACE_DOWN) and Card.parse(str(card)).goes_alone


def _shows(snapshot: Snapshot) -> bool:
    shown = snapshot.message
    return shown is not None and (shown.key is not None or shown.text is not None)


def _message(step: Step) -> Sequence[str]:
    """A message shown by one engine and not the other breaks the rule that says when it is
    shown; two messages that differ break the rule of their words."""
    shown = [s.message for s in (step.expected, step.actual) if _shows(s)]
    keys = [m.key for m in shown if m is not None and m.key is not None]
    if len(shown) == 2 or not keys:
        return ("MSG-TEXTS",)
    when = [r for r in load_messages()[keys[0]].rules if r != "MSG-TEXTS"]
    return when or ("MSG-TEXTS",)
