"""Engines that keep every rule but differ from the reference where the rules let them.

Each one shows a behaviour a real engine has and the documents do not forbid; the suite must
pass it with no failure (``test_right_engines``). Like ``wrong_adapters``, each is the
reference engine behind the adapter protocol with one deliberate difference.
"""

from __future__ import annotations

from dataclasses import replace

from pyramide.conformance.adapter import Shown, Snapshot
from pyramide.conformance.reference_adapter import ReferenceAdapter

from .wrong_adapters import Declares, FrenchTexts, RecyclesAndDraws

__all__ = ["RecyclesAndDraws"]
"""Right engines kept beside the wrong ones made from them, run from here by name."""


class OnePerCard(Declares):
    """Declares one point per card removed and scores so, with whatever cards it plays: 48
    in all with the Spanish deck, 52 with the French one, 104 with two French decks."""

    conventions = (("score", "one-per-card"),)

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        cards = self._table().game.profile.cards
        return replace(snapshot, score=len(cards) - cards_on_table(self))


def cards_on_table(adapter: ReferenceAdapter) -> int:
    """Every card still on the table, in the pyramid or on any pile."""
    game = adapter._table().game
    piles = (game.stock, *game.wastes, *game.reserves)
    return sum(card is not None for card in game.pyramid) + sum(len(pile) for pile in piles)


class PraisesAPair(ReferenceAdapter):
    """Shows a message of its own after every removal: the rules name the messages a game shows
    on a blocked card, a wrong sum and a dead end, and forbid no other."""

    praise = Shown(key="well-done")
    """A message key of the engine's own, in no document."""
    praised = False

    def tap(self, target: str) -> Snapshot:
        before = cards_on_table(self)
        super().tap(target)
        self.praised = cards_on_table(self) < before and self._table().message is None
        return self.snapshot()

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        if self.praised and snapshot.message is None:
            return replace(snapshot, message=self.praise)
        return snapshot


class PraisesAPairInFrench(PraisesAPair, FrenchTexts):
    """Shows the app's French texts, and a French text of its own after every removal."""

    praise = Shown(text="Bravo !")
