"""One command that recycles and draws: how the suite reads an engine that declares it.

Some games turn the waste over and draw the first card of the new stock with a single tap on
the empty stock, counted as two moves (a recycle and a draw) and taken back in two undos. That
is an interface, not a rule of play (the convention ``recycle_draw: combined``, rule
RECYCLE-WITH-DRAW): the rulebook's scenarios, which recycle with one tap and draw with the next,
still apply. The steps read such an engine as if the draw had not been made yet
(:func:`undrawn`), make the draw when the scenario asks for it, and take it back first when the
scenario does something else; the random games of :mod:`pyramide.conformance.invariants` expect
two undo steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .adapter import Snapshot

COMBINED = "combined"
"""The ``recycle_draw`` convention's state for one command that recycles and draws."""
RECYCLE_WITH_DRAW = "RECYCLE-WITH-DRAW"
"""The convention's rule: a scenario tagged with it sees the engine's table as it is, and a
recycle and draw that counts or undoes otherwise than it says fails on it."""


def combined(conventions: Mapping[str, str]) -> bool:
    """Whether the engine declares that one tap recycles and draws."""
    return conventions.get("recycle_draw") == COMBINED


def piles_cards(snapshot: Snapshot) -> tuple[str, ...]:
    """The cards of the waste piles, pile 1 first, each from its bottom card: in the order a
    draw turned them from the stock."""
    return (*snapshot.waste, *(card for pile in snapshot.more_wastes for card in pile))


def recycled_and_drew(before: Snapshot, after: Snapshot) -> bool:
    """Whether a tap on the stock from ``before`` turned the waste over and drew as well: the
    stock was empty, and the cards of the waste piles are now in the stock or drawn again, the
    piles changed or the tap counted (a waste of one card turned over and drawn again looks the
    same; only its counter shows it)."""
    if before.stock_size or before.status != "playing":
        return False
    turned, drawn = len(piles_cards(before)), len(piles_cards(after))
    if not drawn or after.stock_size + drawn != turned:
        return False
    return piles_cards(after) != piles_cards(before) or after.moves > before.moves


def undrawn(snapshot: Snapshot) -> Snapshot:
    """The table just after the recycle of a tap that recycled and drew: the drawn cards back
    on top of the stock, in the order they were drawn, and one move fewer on the counter."""
    drawn = piles_cards(snapshot)
    stock = None if snapshot.stock is None else (*drawn, *snapshot.stock)
    return replace(
        snapshot,
        waste=(),
        more_wastes=tuple(() for _ in snapshot.more_wastes),
        stock_size=snapshot.stock_size + len(drawn),
        stock=stock,
        moves=snapshot.moves - 1,
    )
