"""Two real bugs no scenario plays into, planted in engines of each interface.

Both passed every scenario, the random games and the differential until the moves an engine
allows were compared with the rules': a recycle while the stock still holds cards (the stock's
cards then vanish), and 'no more moves' said while a card can still pair with the one card
covering it. Each is planted here in a move-only engine (through the shim) and in a tap-level
adapter, which ``fakes/rule_faults_engine.py`` also serves over JSON lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pyramide.conformance.adapter import Snapshot
from pyramide.conformance.moveshim import GameMoveEngine, MoveShimAdapter
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.game import Game, Status
from pyramide.moves import Recycle
from pyramide.profiles import PROFILES


def status_forgetting_covering_pairs(game: Game) -> str:
    """The status of ``game`` worked out as if no card paired with the card covering it: 'no
    more moves' where only such a pair is left (wrong under the covering-pair switch)."""
    status = game.status
    if status is Status.PLAYING:
        strict = Game(game.layout(), replace(game.profile, pairs_with_covering_card=False))
        strict.recycles = game.recycles
        status = strict.status
    return str(status.value)


# --- move-only engines, through the shim -----------------------------------------------------


class RecyclesWhileTheStockHolds(GameMoveEngine):
    """Lists the recycle whenever the waste holds cards (wrong: only on the empty stock), and
    plays it by turning the waste over in place of the stock, whose cards vanish. The shim
    taps the stock as a draw first, so no scenario ever plays it."""

    def legal_moves(self) -> list[str]:
        game = self._game()
        moves = super().legal_moves()
        return [*moves, "recycle"] if game.stock and any(game.wastes) else moves

    def play(self, move: str) -> None:
        game = self._game()
        if move == "recycle" and game.stock:
            game.can_recycle = lambda: True  # type: ignore[method-assign]
        super().play(move)


class StuckBesideACoveringPair(GameMoveEngine):
    """Lists a card paired with the one card still covering it, but says 'no more moves'
    where only such a pair is left."""

    def state(self) -> Mapping[str, Any]:
        return {**super().state(), "status": status_forgetting_covering_pairs(self._game())}


def recycles_while_the_stock_holds() -> MoveShimAdapter:
    return MoveShimAdapter(RecyclesWhileTheStockHolds(), profiles=tuple(PROFILES), deal_codes=True)


def stuck_beside_a_covering_pair() -> MoveShimAdapter:
    return MoveShimAdapter(StuckBesideACoveringPair(), profiles=tuple(PROFILES), deal_codes=True)


# --- tap-level adapters ----------------------------------------------------------------------


class RecyclesOnTheLastCard(ReferenceAdapter):
    """A tap on a stock of one card turns the waste over (an off-by-one in its test of the
    empty stock), and that last card is lost."""

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        if target == "stock" and len(game.stock) == 1 and any(game.wastes):
            game.can_recycle = lambda: True  # type: ignore[method-assign]
            game.push(Recycle())  # the waste becomes the stock: its one card is gone
            del game.can_recycle
            return self.snapshot()
        return super().tap(target)


class TapStuckBesideACoveringPair(ReferenceAdapter):
    """Says 'no more moves' where only a card and the one card covering it can pair."""

    def snapshot(self) -> Snapshot:
        shown = super().snapshot()
        return replace(shown, status=status_forgetting_covering_pairs(self._table().game))


TAP_FAULTS: dict[str, type[ReferenceAdapter]] = {
    "recycles-on-the-last-card": RecyclesOnTheLastCard,
    "stuck-beside-a-covering-pair": TapStuckBesideACoveringPair,
}
"""The tap-level faults by the name ``fakes/rule_faults_engine.py`` takes."""


class NamesNoPileScoringFive(GameMoveEngine):
    """Under the page's Apophis, never lets the player name the pile of a draw (as PySolFC's
    Apophis, which deals rows, does at every state with a stock), and scores 5 points a pyramid
    card, not 10: one fault in view at every state, one only where a card goes."""

    def legal_moves(self) -> list[str]:
        return [move for move in super().legal_moves() if not move.startswith("draw:")]

    def state(self) -> Mapping[str, Any]:
        state = super().state()
        return {**state, "score": state["score"] // 2}


def names_no_pile_scoring_five() -> MoveShimAdapter:
    return MoveShimAdapter(NamesNoPileScoringFive(), profiles=tuple(PROFILES), deal_codes=True)


class DrawsOnceWon(GameMoveEngine):
    """Right but different (OPEN-TAPS-AFTER-END the other way): once the game is won, the
    stock still draws, as a move."""

    def legal_moves(self) -> list[str]:
        game = self._game()
        return ["draw"] if game.is_won() and game.stock else super().legal_moves()

    def play(self, move: str) -> None:
        game = self._game()
        if game.is_won():
            game._draw(1)
            game.move_count += 1
        else:
            super().play(move)


def draws_once_won() -> MoveShimAdapter:
    return MoveShimAdapter(DrawsOnceWon(), profiles=tuple(PROFILES), deal_codes=True)
