"""Engines that get one rule wrong (or claim less), for checking that the suite notices.

Each is the reference engine behind the adapter protocol with one deliberate fault; the
in-process runs in ``test_wrong_engines`` name them as ``--pyramide-impl module:Class``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from dataclasses import replace
from typing import Any

from pyramide import Game, Move, RemoveKing, RemovePair
from pyramide.cards import KING
from pyramide.conformance.adapter import Capabilities, Shown, Snapshot, parse_target
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.specdata import render_message


class FivePerCard(ReferenceAdapter):
    """Scores 5 points per pyramid card instead of 10."""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return replace(snapshot, score=snapshot.score // 2)


class CoveredCardsPlayable(ReferenceAdapter):
    """Treats every pyramid card as free, covered or not."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        game.is_free = lambda index: game.pyramid[index] is not None  # type: ignore[method-assign]
        return self.snapshot()


class UndoLowersTheCounter(ReferenceAdapter):
    """Takes the undone action off the move counter."""

    undone = 0

    def undo(self) -> Snapshot:
        if self._table().game.can_undo():
            self.undone += 1
        return super().undo()

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return replace(snapshot, moves=snapshot.moves - self.undone)


class UndoReachesTen(ReferenceAdapter):
    """Keeps only the last 10 actions for undo, not 100."""

    def start(self, **how: Any) -> Snapshot:
        snapshot = super().start(**how)
        self._table().game._history = deque(maxlen=10)
        return snapshot


class RecycleReversed(ReferenceAdapter):
    """Turns the waste back so that its top card is drawn first again."""

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        recycling = target == "stock" and not game.stock
        super().tap(target)
        if recycling:
            game._stock.reverse()
        return self.snapshot()


class FrenchTexts(ReferenceAdapter):
    """Shows the French texts instead of message keys: a correct engine of another kind."""

    language = "fr"

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), messages="fr")

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        shown = snapshot.message
        if shown is None or shown.key is None:
            return snapshot
        text = render_message(shown.key, self.language, shown.params)
        return replace(snapshot, message=Shown(text=text))


class EnglishTextsClaimedFrench(FrenchTexts):
    """Claims French messages but shows the English texts."""

    language = "en"


class MovesOnly(ReferenceAdapter):
    """Claims nothing beyond moves under the app's rules: most of the suite is not applicable."""

    def capabilities(self) -> Capabilities:
        return Capabilities(
            taps=False,
            messages=None,
            undo=False,
            deal_codes=False,
            stock_order=False,
            profiles=("app",),
        )


class AppPlayedAs(ReferenceAdapter):
    """Claims the app's rules but plays them with one switch wrongly set."""

    switch: tuple[tuple[str, Any], ...] = ()
    """The switch played wrongly, as (name, value)."""

    def start(self, **how: Any) -> Snapshot:
        if how.get("profile", "app") == "app":
            how["switches"] = dict(self.switch)
        return super().start(**how)


class AppWithStrictWin(AppPlayedAs):
    switch = (("strict_win", True),)


class AppWithThreePasses(AppPlayedAs):
    switch = (("max_recycles", 2),)


class AppWithDrawnPairs(AppPlayedAs):
    switch = (("waste_play", "drawn-with-below"),)


class AppWithWastePairAnytime(AppPlayedAs):
    switch = (("waste_play", "top-with-below"),)


class AppWithCoveringPairs(AppPlayedAs):
    switch = (("pairs_with_covering_card", True),)


class AppWithStockTop(AppPlayedAs):
    switch = (("stock_top_playable", True),)


class AppWithStock24(AppPlayedAs):
    switch = (("stock_24", True),)


class AppDealtFaceDown(AppPlayedAs):
    switch = (("face_down", True),)


class KingTapDropsTheSelection(ReferenceAdapter):
    """Right but different (OPEN-KING-WHILE-SELECTED the other way): a King tapped while a card
    is selected only drops the selection; a second tap removes it."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        place = parse_target(target)
        card = table.card_at(place) if place != "stock" else None  # type: ignore[arg-type]
        if table.selected is not None and card is not None and card.rank == KING:
            table.selected, table.message = None, None
            return self.snapshot()
        return super().tap(target)


class DrawKeepsTheSelection(ReferenceAdapter):
    """Right but different (OPEN-DRAW-SELECTION the other way): a draw keeps a selected pyramid
    card selected (a selected waste top, now covered, is dropped)."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        kept = table.selected if isinstance(table.selected, tuple) else None
        snapshot = super().tap(target)
        if target == "stock" and kept is not None and table.card_at(kept) is not None:
            table.selected = kept
            return self.snapshot()
        return snapshot


class PicksTheCardBeneath(ReferenceAdapter):
    """Lets the card beneath the waste top be picked (it is not in play)."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        if target == "waste-below" and table.selected is None and len(table.game.waste) > 1:
            table.selected, table.message = "waste-below", None
            return self.snapshot()
        return super().tap(target)


class EmptyStockTapCounts(ReferenceAdapter):
    """Counts a tap on an empty stock with an empty waste as a move."""

    extra = 0

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        if target == "stock" and not game.stock and not game.waste:
            self.extra += 1
        return super().tap(target)

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return replace(snapshot, moves=snapshot.moves + self.extra)


class _RefusesSomeMoves(ReferenceAdapter, ABC):
    """The reference with some legal moves refused (see :meth:`refuses`)."""

    @abstractmethod
    def refuses(self, move: Move, game: Game) -> bool:
        """Whether this legal move is refused all the same."""

    def start(self, **how: Any) -> Snapshot:
        snapshot = super().start(**how)
        game = self._table().game
        legal = game.is_legal
        game.is_legal = lambda move: legal(move) and not self.refuses(move, game)  # type: ignore[method-assign]
        return snapshot


class WasteKingStays(_RefusesSomeMoves):
    """A King on top of the waste cannot be removed."""

    def refuses(self, move: Move, game: Game) -> bool:
        return isinstance(move, RemoveKing) and move.card == game.waste_top


class WasteNeverPairs(_RefusesSomeMoves):
    """The waste top never pairs with a pyramid card."""

    def refuses(self, move: Move, game: Game) -> bool:
        return isinstance(move, RemovePair) and game.waste_top in (move.first, move.second)


class NeverWon(ReferenceAdapter):
    """Never says the game is won."""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return replace(snapshot, status="playing") if snapshot.status == "won" else snapshot


class UndoKeepsThePoints(ReferenceAdapter):
    """Undo puts the cards back but not the points."""

    def undo(self) -> Snapshot:
        game = self._table().game
        score = game.score
        super().undo()
        game.score = score
        return self.snapshot()
