"""Wrong engines for the rulebook's thin spots (issue 33, D5): each breaks a rule only a
scenario written for it catches, where before only random games did, or nothing.

Like ``wrong_adapters``, each is the reference engine behind the adapter protocol with one
deliberate fault; ``test_wrong_rulebook_engines`` runs the whole rulebook against each.
"""

from __future__ import annotations

from dataclasses import replace

from pyramide import RemoveKing, RemovePair
from pyramide.conformance.adapter import Snapshot
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.game import Game
from pyramide.moves import Move


class UndoKeepsThePassUsed(ReferenceAdapter):
    """Wrong: undoing a recycle turns the cards back but keeps the pass counted as used, so
    under limited passes the recycle cannot be made again (UNDO-RESTORES)."""

    def undo(self) -> Snapshot:
        game = self._table().game
        used = game.recycles
        super().undo()
        game.recycles = max(game.recycles, used)
        return self.snapshot()


class UndoGivesTwoPasses(ReferenceAdapter):
    """Wrong: undoing a recycle gives back one pass more than it took, so the player may
    recycle once more than the rules allow (VAR-LIMITED-PASSES)."""

    def undo(self) -> Snapshot:
        game = self._table().game
        used = game.recycles
        super().undo()
        if game.recycles < used:
            game.recycles -= 1
        return self.snapshot()


class EndSeesOnlyTheFirstPile(ReferenceAdapter):
    """Wrong: with several waste piles, the end of the game is judged on the first pile's top
    alone, so once nothing is left to draw or recycle a pair made with the top of pile 2 or 3
    no longer keeps the game going (VAR-LIMITED-PASSES, VAR-APOPHIS-TOPS)."""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        if snapshot.status == "playing" and not moves_seen(self._table().game):
            return replace(snapshot, status="no-more-moves")
        return snapshot


def moves_seen(game: Game) -> list[Move]:
    """The legal moves that use no card on top of a waste pile after the first."""
    hidden = {pile[-1] for pile in game.wastes[1:] if pile}
    return [move for move in game.legal_moves() if not set(cards_moved(move)) & hidden]


def cards_moved(move: Move) -> tuple[object, ...]:
    """The cards a removal takes; none for a draw or a recycle."""
    if isinstance(move, RemoveKing):
        return (move.card,)
    if isinstance(move, RemovePair):
        return (move.first, move.second)
    return ()
