"""Engines with one-tap pairing: a tap on a free card removes it with a partner the game picks.

Each declares the ``pairing`` convention ``one-tap`` and is the reference engine with its tap
changed: a tap on a King, a covered card or the stock does what the reference does, and a tap
on a free card with a partner removes the pair at once. Two are right (the player can still
make every pair, PAIR-PLAYER-CHOOSES) and one is wrong (it picks the partner itself, always the
first, as a real engine does), for ``test_one_tap`` and the zoo of ``test_wrong_engines``.
"""

from __future__ import annotations

from dataclasses import replace

from pyramide import RemovePair
from pyramide.cards import Card
from pyramide.conformance.adapter import Capabilities, Snapshot, parse_target
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.table import STOCK, Table, Target


def partners(table: Table, card: Card) -> list[Card]:
    """The cards ``card`` can be paired with now, in the order the game lists its moves."""
    pairs = [m for m in table.game.legal_moves() if isinstance(m, RemovePair)]
    return [m.second if m.first == card else m.first for m in pairs if card in (m.first, m.second)]


class OneTap(ReferenceAdapter):
    """A tap on a free card with partners removes it with the one :meth:`pick` picks; with
    none, the tap does nothing; a King, a covered card and the stock go as in the reference."""

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), conventions={"pairing": "one-tap"})

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        place = parse_target(target)
        card = None if target == STOCK else table.card_at(place)
        if card is None or card.goes_alone or not table._selectable(card):
            return super().tap(target)
        table.message = None
        choice = self.pick(table, place, partners(table, card))
        if choice is not None:
            table._play(RemovePair(card, choice))
        return self.snapshot()

    def pick(self, table: Table, place: Target, found: list[Card]) -> Card | None:
        """The partner to remove the card at ``place`` with (None: remove nothing)."""
        return found[0] if found else None


class TakesTheFirstPartner(OneTap):
    """Wrong: always pairs the card tapped with its first partner, so with two 6s and two 7s
    free some pairs can never be made (PAIR-PLAYER-CHOOSES)."""


class SelectsWhenAmbiguous(OneTap):
    """Right: a card with one partner goes with it at once; a card with several is selected,
    and the next tap says which partner (while a card is selected, taps go as in the app)."""

    def tap(self, target: str) -> Snapshot:
        if self._table().selected is not None:
            return ReferenceAdapter.tap(self, target)
        return super().tap(target)

    def pick(self, table: Table, place: Target, found: list[Card]) -> Card | None:
        if len(found) > 1:
            table.selected = place
            return None
        return super().pick(table, place, found)


class WaitsWhenAmbiguous(SelectsWhenAmbiguous):
    """Right: as :class:`SelectsWhenAmbiguous`, but the card waiting for its partner is not
    shown as selected (the game only highlights its partners, which the protocol does not
    show)."""

    def snapshot(self) -> Snapshot:
        return replace(super().snapshot(), selected=None)
