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
from pyramide.cards import KING, Card
from pyramide.conformance.adapter import (
    DRAW_TARGETS,
    AdapterError,
    Capabilities,
    Shown,
    Snapshot,
    parse_target,
)
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.specdata import render_message
from pyramide.dealcode import MAX_SEED, DealCode, parse_code
from pyramide.layout import POSITIONS, index_of
from pyramide.moves import Draw
from pyramide.profiles import PROFILES
from pyramide.table import BLOCKED, SUM, Message

from .one_tap_adapters import TakesTheFirstPartner as TakesTheFirstPartner  # the zoo runs it here


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


class PlayedAs(ReferenceAdapter):
    """Claims a named profile (the app's by default) but plays it with one switch wrongly set."""

    profile = "app"
    switch: tuple[tuple[str, Any], ...] = ()
    """The switch played wrongly, as (name, value)."""

    def start(self, **how: Any) -> Snapshot:
        if how.get("profile", "app") == self.profile:
            how["switches"] = {**PROFILES[self.profile].switches, **dict(self.switch)}
        return super().start(**how)


class AppWithStrictWin(PlayedAs):
    switch = (("strict_win", True),)


class AppWithThreePasses(PlayedAs):
    switch = (("max_recycles", 2),)


class AppWithDrawnPairs(PlayedAs):
    switch = (("waste_play", "drawn-with-below"),)


class AppWithWastePairAnytime(PlayedAs):
    switch = (("waste_play", "top-with-below"),)


class AppWithCoveringPairs(PlayedAs):
    switch = (("pairs_with_covering_card", True),)


class AppWithStockTop(PlayedAs):
    switch = (("stock_top_playable", True),)


class AppWithStock24(PlayedAs):
    switch = (("stock_24", True),)


class AppDealtFaceDown(PlayedAs):
    switch = (("face_down", True),)


class KingTapDropsTheSelection(ReferenceAdapter):
    """Right but different (OPEN-KING-WHILE-SELECTED the other way): a King tapped while a card
    is selected only drops the selection; a second tap removes it."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        place = parse_target(target)
        card = table.card_at(place) if place != "stock" else None
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


# --- one wrong engine per required rule not caught above -------------------------------------


class DealsADuplicate(ReferenceAdapter):
    """Deals its own games with the stock's top card twice (also at its bottom)."""

    own_deal = False

    def start(self, **how: Any) -> Snapshot:
        self.own_deal = how.get("deal") is not None
        return super().start(**how)

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        stock = snapshot.stock or ()
        if not self.own_deal or len(stock) < 2:
            return snapshot
        return replace(snapshot, stock=(*stock[:-1], stock[0]))


class SelectingCountsAMove(ReferenceAdapter):
    """Counts the tap that selects a card as a move."""

    extra = 0

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        before = table.selected
        super().tap(target)
        if table.selected is not None and table.selected != before:
            self.extra += 1
        return self.snapshot()

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return replace(snapshot, moves=snapshot.moves + self.extra)


class JacksNeverPair(_RefusesSomeMoves):
    """Values a Jack wrongly: it never makes 13 with a 2."""

    def refuses(self, move: Move, game: Game) -> bool:
        return isinstance(move, RemovePair) and 11 in (move.first.rank, move.second.rank)


class PyramidCardsNeverPairTogether(_RefusesSomeMoves):
    """Two pyramid cards never pair; only the waste top pairs."""

    def refuses(self, move: Move, game: Game) -> bool:
        return isinstance(move, RemovePair) and game.waste_top not in (move.first, move.second)


class DrawsOnlyWhenStuck(_RefusesSomeMoves):
    """Refuses a draw while a removal is possible."""

    def refuses(self, move: Move, game: Game) -> bool:
        if not isinstance(move, Draw):
            return False
        return any(isinstance(m, (RemoveKing, RemovePair)) for m in game.legal_moves())


class StuckWhileTheStockLasts(ReferenceAdapter):
    """Says « no more moves » as soon as no removal is possible, cards to draw or not."""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        game = self._table().game
        removals = [m for m in game.legal_moves() if isinstance(m, (RemoveKing, RemovePair))]
        if snapshot.status == "playing" and not removals:
            return replace(snapshot, status="no-more-moves")
        return snapshot


class WasteCardsScore(ReferenceAdapter):
    """Scores 10 for a waste card removed, like a pyramid card."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        remove = game._remove

        def scoring_remove(card: Card) -> None:
            if card not in game.pyramid:
                game.score += 10
            remove(card)

        game._remove = scoring_remove  # type: ignore[method-assign]
        return self.snapshot()


class CodeNotShown(ReferenceAdapter):
    """Deals by code but never shows the code."""

    def snapshot(self) -> Snapshot:
        return replace(super().snapshot(), code=None)


class SecondDealDiffers(ReferenceAdapter):
    """Deals a code differently the second time (two stock cards swapped)."""

    def __init__(self) -> None:
        super().__init__()
        self.dealt: set[str] = set()

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        code = how.get("code")
        stock = self._table().game._stock
        if code in self.dealt and len(stock) > 1:
            stock[0], stock[-1] = stock[-1], stock[0]
        if code is not None:
            self.dealt.add(code)
        return self.snapshot()


class OtherCodec(ReferenceAdapter):
    """Deals the deal after the one a code names (and shows the code asked for)."""

    def start(self, **how: Any) -> Snapshot:
        code = how.get("code")
        if code is None:
            return super().start(**how)
        parsed = parse_code(code)
        following = DealCode(parsed.profile, (parsed.seed + 1) % (MAX_SEED + 1))
        super().start(**{**how, "code": str(following)})
        self._table().game.code = code
        return self.snapshot()


# --- one wrong engine per variant rule: the variant's profile played with its switch off ----


class StrictWinPlayedLoose(PlayedAs):
    profile = "strict-win"
    switch = (("strict_win", False),)


class ThreePassesPlayedUnlimited(PlayedAs):
    profile = "three-passes"
    switch = (("max_recycles", None),)


class DrawnWithWastePlayedTop(PlayedAs):
    profile = "drawn-with-waste"
    switch = (("waste_play", "top"),)


class CoveringPairPlayedStrict(PlayedAs):
    profile = "covering-pair"
    switch = (("pairs_with_covering_card", False),)


class Stock24DealsAWasteCard(PlayedAs):
    profile = "stock-24"
    switch = (("stock_24", False),)


class ThirteenWithoutWastePairs(PlayedAs):
    profile = "aisleriot-thirteen"
    switch = (("waste_play", "top"),)


class PysolfcWithAHiddenStockTop(PlayedAs):
    profile = "pysolfc-relaxed"
    switch = (("stock_top_playable", False),)


class ThirteenDealtFaceUp(PlayedAs):
    profile = "aisleriot-thirteen"
    switch = (("face_down", False),)


# --- wrong conventions: an engine declaring a convention and counting otherwise -------------


class Declares(ReferenceAdapter):
    """The reference declaring conventions of its own (:attr:`conventions`)."""

    conventions: tuple[tuple[str, str], ...] = ()

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), conventions=dict(self.conventions))


class OnePerCardCountingThePyramidOnly(Declares):
    """Declares one point per card but counts only the pyramid's cards."""

    conventions = (("score", "one-per-card"),)

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return replace(snapshot, score=snapshot.score // 10)


class RestoresDeclaredButKeeps(Declares):
    """Declares that undo restores the counter, but keeps it."""

    conventions = (("undo_counter", "restores"),)


# --- right but different: each open point settled the other way -----------------------------


class RetapKeepsTheSelection(ReferenceAdapter):
    """OPEN-RETAP-SELECTED the other way: tapping the selected card again keeps it selected."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        if table.selected is not None and table.selected == parse_target(target):
            table.message = None
            return self.snapshot()
        return super().tap(target)


class BlockedTapDropsTheSelection(ReferenceAdapter):
    """OPEN-BLOCKED-WHILE-SELECTED the other way: a blocked tap also drops the selection."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        super().tap(target)
        if table.message is not None and table.message.key == BLOCKED:
            table.selected = None
        return self.snapshot()


class UndoCountsAsAMove(ReferenceAdapter):
    """OPEN-UNDO-NOT-A-MOVE the other way: an undo that takes something back is a move."""

    def undo(self) -> Snapshot:
        game = self._table().game
        took_back = game.can_undo()
        super().undo()
        game.move_count += took_back
        return self.snapshot()


class UndoKeepsTheSelection(ReferenceAdapter):
    """OPEN-UNDO-SELECTION the other way: a selected card still on the table stays selected."""

    def undo(self) -> Snapshot:
        table = self._table()
        kept = table.selected
        super().undo()
        if kept is not None and table.card_at(kept) is not None:
            table.selected = kept
        return self.snapshot()


class SumMessageOnlyWithErrorHelp(ReferenceAdapter):
    """OPEN-SUM-MESSAGE-HELP the other way: with error help off, a wrong sum shows nothing (the
    app's rules tie only the blocked-card message to error help, and say nothing of the sum
    message without it)."""

    def __init__(self) -> None:
        super().__init__()
        self.error_help = True

    def start(self, **how: Any) -> Snapshot:
        self.error_help = bool(how.get("error_help", True))
        return super().start(**how)

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        shown = snapshot.message
        if not self.error_help and shown is not None and shown.key == "sum-must-equal":
            return replace(snapshot, message=None)
        return snapshot


class EndTakesOtherTaps(ReferenceAdapter):
    """OPEN-TAPS-AFTER-END the other way: after a win the stock still draws (as a move); a
    stuck game ignores taps, without a message."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        game = table.game
        if game.is_won() and target == "stock" and game.stock:
            game.waste.append(game._stock.pop())
            game.move_count += 1
            return self.snapshot()
        if game.status.value == "no-more-moves" and table.message is not None:
            return self.snapshot()  # the dead end's message stays; the tap does nothing
        if game.status.value == "no-more-moves":
            return self.snapshot()
        return super().tap(target)


class LetterNamesNothing(ReferenceAdapter):
    """OPEN-CODE-LETTER the other way: the letter is part of the name only; every code deals
    its seven characters' cards under the app's rules."""

    def start(self, **how: Any) -> Snapshot:
        code = how.get("code")
        if code is None:
            return super().start(**how)
        parsed = parse_code(code)
        super().start(**{**how, "code": str(DealCode(PROFILES["app"], parsed.seed))})
        self._table().game.code = code
        return self.snapshot()


class SelectionNotShown(ReferenceAdapter):
    """Selects cards but never shows which one is selected."""

    def snapshot(self) -> Snapshot:
        return replace(super().snapshot(), selected=None)


class CoveredByTheWrongCards(ReferenceAdapter):
    """Takes card (r, c) to lie under (r+1, c-1) and (r+1, c), one place to the left."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game

        def is_free(index: int) -> bool:
            row, col = POSITIONS[index]
            below = [(row + 1, c) for c in (col - 1, col) if row < 7 and 1 <= c <= row + 1]
            return game.pyramid[index] is not None and all(
                game.pyramid[index_of(*place)] is None for place in below
            )

        game.is_free = is_free  # type: ignore[method-assign]
        return self.snapshot()


class Silences(ReferenceAdapter):
    """The reference with one message never shown (:attr:`silenced`)."""

    silenced = ""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        shown = snapshot.message
        return replace(snapshot, message=None) if shown and shown.key == self.silenced else snapshot


class NoSumMessage(Silences):
    """Never says that the sum must be 13."""

    silenced = "sum-must-equal"


class NoBlockedMessage(Silences):
    """Never says that a card is blocked."""

    silenced = "card-blocked"


class NeverStuck(ReferenceAdapter):
    """Never says « no more moves »: a dead end still shows a game in play."""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        if snapshot.status == "no-more-moves":
            return replace(snapshot, status="playing", message=None)
        return snapshot


class BlockedCardsGetSelected(ReferenceAdapter):
    """Selects a covered pyramid card that is tapped (and says it is blocked)."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        place = parse_target(target)
        nothing_selected = table.selected is None
        super().tap(target)
        blocked = table.message is not None and table.message.key == BLOCKED
        if nothing_selected and blocked and isinstance(place, tuple):
            table.selected = place
        return self.snapshot()


class WinBonus(ReferenceAdapter):
    """Adds a bonus of 20 points to a won game."""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return (
            replace(snapshot, score=snapshot.score + 20) if snapshot.status == "won" else snapshot
        )


# --- the named variants: one rule of each broken -------------------------------------------


class GizaPlayedWithAStock(PlayedAs):
    """Claims Giza but deals the app's waste card and stock instead of the reserve piles."""

    profile = "giza"
    switch = (("reserves", 0),)


class GizaReserveTopsNeverPairTogether(_RefusesSomeMoves):
    """The top cards of two reserve piles never pair with each other."""

    def refuses(self, move: Move, game: Game) -> bool:
        tops = {pile[-1] for pile in game.reserves if pile}
        return isinstance(move, RemovePair) and {move.first, move.second} <= tops


class ApophisPlayedWithOneWaste(PlayedAs):
    """Claims PySolFC's Apophis but draws onto a single waste, one card at a time."""

    profile = "pysolfc-apophis"
    switch = (("waste_piles", 1),)


class _DealtOtherwise(ReferenceAdapter, ABC):
    """The reference with every deal (by code or of its own) laid out otherwise afterwards."""

    @abstractmethod
    def redeal(self, game: Game) -> None:
        """Change the piles of a game just dealt."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        if game.code is not None:
            self.redeal(game)
        return self.snapshot()


class ApophisDealsNoWasteCards(_DealtOtherwise):
    """Deals Apophis with its three piles empty and 24 cards in the stock."""

    def redeal(self, game: Game) -> None:
        game._stock.extend(reversed([card for pile in game.wastes for card in pile]))
        game.wastes = [[] for _ in game.wastes]


class ApophisPileTopsNeverPairTogether(_RefusesSomeMoves):
    """The tops of two waste piles never pair with each other (each pairs with the pyramid)."""

    def refuses(self, move: Move, game: Game) -> bool:
        tops = {pile[-1] for pile in game.wastes if pile}
        return isinstance(move, RemovePair) and {move.first, move.second} <= tops


class _RecyclesInAnotherOrder(ReferenceAdapter, ABC):
    """The reference with the stock a recycle gives laid out otherwise, and the row a recycle
    deals under PySolFC's Apophis dealt from it."""

    @abstractmethod
    def order(self, piles: list[list[Card]]) -> list[Card]:
        """The new stock, top card first, from the waste piles as they were (bottom first)."""

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        piles, recycles = [list(pile) for pile in game.wastes], game.recycles
        super().tap(target)
        if game.recycles > recycles:
            game._stock = list(reversed(self.order(piles)))
            game.wastes = [[] for _ in game.wastes]
            if game.profile.dealt_rows:
                game._draw(1)
        return self.snapshot()


class ApophisRecyclesBackwards(_RecyclesInAnotherOrder):
    """Gathers the waste piles 3, 2, 1 instead of 1, 2, 3: pile 1's bottom card comes first."""

    def order(self, piles: list[list[Card]]) -> list[Card]:
        return [card for pile in piles for card in pile]


class ApophisRecyclesLikePySolFC(_RecyclesInAnotherOrder):
    """Under the page's Apophis, gathers the piles as PySolFC does: pile 3's bottom card first."""

    def order(self, piles: list[list[Card]]) -> list[Card]:
        return [card for pile in reversed(piles) for card in pile]


class ApophisRecycleDealsNoRow(ReferenceAdapter):
    """Under PySolFC's Apophis, leaves the piles empty after a recycle, as the page's does."""

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        recycles = game.recycles
        super().tap(target)
        if game.recycles > recycles and game.profile.dealt_rows:
            game._stock.extend(reversed([pile.pop() for pile in game.wastes if pile]))
        return self.snapshot()


class ApophisDrawsOntoPileOne(ReferenceAdapter):
    """Puts every card drawn onto pile 1, whichever pile the player names."""

    def tap(self, target: str) -> Snapshot:
        return super().tap("stock" if target in DRAW_TARGETS else target)


class ApophisDealsRowsForThePlayer(PlayedAs):
    """Claims the page's Apophis but deals every draw one card onto each pile, PySolFC's way,
    whichever pile the player names."""

    profile = "apophis"
    switch = (("waste_choice", "deal"),)

    def tap(self, target: str) -> Snapshot:
        return super().tap("stock" if target in DRAW_TARGETS else target)


class ApophisOfRevisionTwo(ReferenceAdapter):
    """Plays the page's Apophis right but speaks protocol revision 2, which names no pile for a
    draw: the scenarios that draw onto a chosen pile are not applicable, never failed."""

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), revision=2)


class KingTutPlayedDrawingOne(PlayedAs):
    """Claims King Tut but turns one card at a time."""

    profile = "king-tut"
    switch = (("draw_count", 1),)


class KingTutDrawsLastUnder(ReferenceAdapter):
    """Turns the three cards of a draw as one block, so the first of them ends on top."""

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        before = len(game.waste)
        drawing = target == "stock" and bool(game.stock)
        super().tap(target)
        if drawing:
            game.waste[before:] = reversed(game.waste[before:])
        return self.snapshot()


class KingTutDealsOneWasteCard(_DealtOtherwise):
    """Deals King Tut with one card on the waste and 23 in the stock."""

    def redeal(self, game: Game) -> None:
        game._stock.extend(reversed(game.waste[1:]))
        del game.waste[1:]


class TriangleDealtFaceDown(PlayedAs):
    """Claims the Triangle but deals its covered cards face down."""

    profile = "triangle"
    switch = (("face_down", True),)


class TriangleCoveredLikeAPyramid(ReferenceAdapter):
    """Reads the Triangle's rows with the pyramid's covering: (r, c) under (r+1, c), (r+1, c+1)."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        geometry = game.profile.geometry

        def is_free(index: int) -> bool:
            row, col = geometry.positions[index]
            below = [(row + 1, c) for c in (col, col + 1) if geometry.has(row + 1, c)]
            return game.pyramid[index] is not None and all(
                game.pyramid[geometry.index_of(*place)] is None for place in below
            )

        game.is_free = is_free  # type: ignore[method-assign]
        return self.snapshot()


class PharaohDealsSevenRows(ReferenceAdapter):
    """Claims the Pharaoh but shuffles its own deals into the 7-row pyramid of one deck."""

    profile = "pharaoh"
    switch = (("rows", 7),)

    def start(self, **how: Any) -> Snapshot:
        if how.get("deal") is not None and how.get("profile") == self.profile:
            how["switches"] = {**PROFILES[self.profile].switches, **dict(self.switch)}
        return super().start(**how)


class PharaohCopiesAreOneCard(ReferenceAdapter):
    """Takes the two copies of a card for one: a removal takes the first copy it finds, the
    pyramid's before the waste's, whichever copy was tapped."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game

        def remove(card: Card) -> None:
            first = next(c for c in game.in_play() if (c.rank, c.suit) == (card.rank, card.suit))
            Game._remove(game, first)

        game._remove = remove  # type: ignore[method-assign]
        return self.snapshot()


class PharaohWonAt28(ReferenceAdapter):
    """Counts a 10-row game won once 28 pyramid cards are gone, as many as a 7-row pyramid has."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        game.is_won = lambda: game.pyramid_cleared or game.score >= 280  # type: ignore[method-assign]
        return self.snapshot()


class PharaohWinScores280(ReferenceAdapter):
    """Shows the app's 280 once the 10-row pyramid is cleared."""

    def snapshot(self) -> Snapshot:
        snapshot = super().snapshot()
        return replace(snapshot, score=280) if snapshot.status == "won" else snapshot


class SpanishPairsMakeThirteen(ReferenceAdapter):
    """Plays the Spanish deck with the French total: pairs must make 13."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        game.target = 13
        return self.snapshot()


class SpanishReyStays(_RefusesSomeMoves):
    """A rey is never removed alone (it waits for a partner that does not exist)."""

    def refuses(self, move: Move, game: Game) -> bool:
        return isinstance(move, RemoveKing) and move.card.deck.name == "spanish"


class SpanishDealtWithoutEightsAndNines(_DealtOtherwise):
    """Loses the 8s and 9s of the stock, as if dealing a 40-card deck."""

    def redeal(self, game: Game) -> None:
        game._stock = [card for card in game._stock if card.rank not in (8, 9)]


# --- rules at fault: engines once blamed on rules they keep (issue 24 C7) -------------------


class KingTutDrawsNothingShort(ReferenceAdapter):
    """Draws nothing when fewer than three cards are left in the stock (King Tut)."""

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        if target == "stock" and 0 < len(game.stock) < game.profile.draw_count:
            return self.snapshot()
        return super().tap(target)


class SpanishSixPairsWithItselfWhenStuck(ReferenceAdapter):
    """Its dead-end test counts a Spanish 6 in play as a pair with itself, so a game whose only
    card left in play is a 6 is never over."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        has_move = game.has_legal_move

        def lone_six_counts() -> bool:
            sixes = [card for card in game.in_play() if card.rank == 6]
            return has_move() or (game.target == 12 and bool(sixes) and not game.is_won())

        game.has_legal_move = lone_six_counts  # type: ignore[method-assign]
        return self.snapshot()


class _SwitchedAfterTheDeal(ReferenceAdapter):
    """Deals as the rule set claimed says (the same cards, the same code), then plays with one
    switch the other way (:attr:`switch`)."""

    switch: tuple[tuple[str, Any], ...] = ()

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        game.profile = replace(game.profile, **dict(self.switch))
        return self.snapshot()


class WithTheStockTop(_SwitchedAfterTheDeal):
    """Plays the stock's top card face up and in play, under any rule set it claims (caught
    under the Triangle and the Spanish deck as under the app)."""

    switch = (("stock_top_playable", True),)


class BeneathTheWasteTopPairsWithThePyramid(_RefusesSomeMoves):
    """Lets the card beneath the waste top pair with a free pyramid card (it may pair only with
    the waste top above it)."""

    def refuses(self, move: Move, game: Game) -> bool:
        return False

    def start(self, **how: Any) -> Snapshot:
        snapshot = super().start(**how)
        game = self._table().game
        available = game._is_available

        def beneath_too(place: Any) -> bool:
            return available(place) or (place.pile == "waste" and place.index == 1)

        game._is_available = beneath_too  # type: ignore[method-assign]
        return snapshot


# --- issue 24 A2: a waste that keeps only the last card drawn ---------------------------------


class KpPyramidsKeepingTheWaste(PlayedAs):
    """Claims kp-pyramids but keeps every card drawn on the waste: a card passed over comes
    back into play once the card drawn on it is used (it should have left play at the draw)."""

    profile = "kp-pyramids"
    switch = (("waste_keeps", "all"),)


# --- one command that recycles and draws, declared, kept or not (issue 24 A3) -------------


class RecyclesAndDraws(Declares):
    """Right: declares that one tap on the empty stock turns the waste over and draws (two
    moves, undone one at a time), and plays so."""

    conventions = (("recycle_draw", "combined"),)
    combined_last = False
    """Whether the last tap recycled and drew."""

    def tap(self, target: str) -> Snapshot:
        game = self._table().game
        recycling = target == "stock" and game.can_recycle()
        super().tap(target)
        self.combined_last = recycling and bool(game.stock)
        if self.combined_last:
            super().tap(target)
        return self.snapshot()


class RecyclesAndDrawsAsOneMove(RecyclesAndDraws):
    """Declares that one tap recycles and draws (two moves), but counts one."""

    def tap(self, target: str) -> Snapshot:
        super().tap(target)
        self._table().game.move_count -= self.combined_last
        return self.snapshot()


class RecyclesAndDrawsUndoneAtOnce(RecyclesAndDraws):
    """Declares that one tap recycles and draws (two undo steps), but one undo takes both back."""

    def undo(self) -> Snapshot:
        if self.combined_last:
            super().undo()
        self.combined_last = False
        return super().undo()


# --- issue 24 C: wrong engines the rulebook used to miss, and right ones it used to blame ------


class DeadEndForgetsKings(ReferenceAdapter):
    """Looks only for pairs, a draw or a recycle when it tests for a dead end: a free King left
    on the table with nothing to draw still ends the game with « no more moves »."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game

        def has_legal_move() -> bool:
            pairs = (m for m in game.legal_moves() if not isinstance(m, RemoveKing))
            return not game.is_won() and any(True for _ in pairs)

        game.has_legal_move = has_legal_move  # type: ignore[method-assign]
        return self.snapshot()


class CoveringPairWithACoveredCard(ReferenceAdapter):
    """Pairs a card with the single card lying on it even while that card is itself covered."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        table = self._table()
        game, selectable = table.game, table._selectable

        def only_cover(covered: int, cover: int) -> bool:
            return game.covering(covered) == [cover]

        def lenient(card: Card) -> bool:
            place = game.place_of(card)
            if place is None or place.pile != "pyramid":
                return selectable(card)
            under_one = len(game.covering(place.index)) == 1
            return selectable(card) or (game.profile.pairs_with_covering_card and under_one)

        game._is_only_cover = only_cover  # type: ignore[method-assign]
        table._selectable = lenient  # type: ignore[method-assign]
        return self.snapshot()


class StrictWinIgnoresTheWaste(ReferenceAdapter):
    """Under the strict win, counts the game won once the pyramid and the stock are empty,
    whatever is left on the waste."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        game.is_won = lambda: game.pyramid_cleared and not game.stock  # type: ignore[method-assign]
        return self.snapshot()


class SumMessageStays(ReferenceAdapter):
    """Never takes the sum message down: it stays until another message replaces it, even
    after a pair is made."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        before = table.message
        super().tap(target)
        if table.message is None and before is not None and before.key == SUM:
            table.message = before
        return self.snapshot()


class BlockedWhereNoCardLies(ReferenceAdapter):
    """Says « Cette carte est bloquée par une autre » on a tap where no card lies: the empty
    waste, beneath a single waste card, an empty pyramid place or reserve."""

    def tap(self, target: str) -> Snapshot:
        table = self._table()
        piles = ("stock", "stock-top")  # the stock's cards lie there, in play or not
        empty = target not in piles and table.card_at(parse_target(target)) is None
        super().tap(target)
        if empty and not table.game.is_won():
            table.message = Message(BLOCKED)
        return self.snapshot()


class SweepsTheLeftoversOnAWin(ReferenceAdapter):
    """Right but different: once the game is won, the cards left in the stock and on the waste
    (and any other pile) leave the table, as if swept to the foundation; they score nothing."""

    def tap(self, target: str) -> Snapshot:
        super().tap(target)
        game = self._table().game
        if game.is_won():
            game._stock.clear()
            for pile in (*game.wastes, *game.reserves):
                pile.clear()
        return self.snapshot()


# --- an engine that fails as a program (issue 25: its report carries the same details) -----


class CrashesOnARecycle(ReferenceAdapter):
    """Fails as a program when the empty stock is tapped to turn the waste over."""

    def tap(self, target: str) -> Snapshot:
        if target == "stock" and self._table().game.can_recycle():
            raise AdapterError("the engine crashed: IndexError: pop from empty list")
        return super().tap(target)


# --- issue 33 D4: scored where nothing scores, and once blamed on the rule that scores -------


class _ScoresWhatScoresNothing(ReferenceAdapter, ABC):
    """Scores 10, like a pyramid card, for a card that scores nothing (SCORE-NOTHING-ELSE)."""

    @abstractmethod
    def plant(self, game: Game) -> None:
        """Make ``game`` score such a card."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        self.plant(self._table().game)
        return self.snapshot()


class StockTopPairScores(_ScoresWhatScoresNothing):
    """Where the stock's top card plays, scores it when it goes in a pair."""

    def plant(self, game: Game) -> None:
        remove = game._remove

        def scoring_remove(card: Card) -> None:
            game.score += 10 * (card in game.stock)
            remove(card)

        game._remove = scoring_remove  # type: ignore[method-assign]


class OutOfPlayCardScores(_ScoresWhatScoresNothing):
    """Where the waste keeps only its last card, scores the card a draw takes out of play."""

    def plant(self, game: Game) -> None:
        draw = game._draw

        def scoring_draw(pile: int) -> None:
            game.score += 10 * len(game.waste)
            draw(pile)

        game._draw = scoring_draw  # type: ignore[method-assign]


class PharaohRemovesBothCopies(ReferenceAdapter):
    """With two decks, a card removed takes its other copy with it wherever that lies: in the
    pyramid (where it may leave a card lying over an empty place), on a pile or in the stock."""

    def start(self, **how: Any) -> Snapshot:
        super().start(**how)
        game = self._table().game
        remove = game._remove

        def remove_both(card: Card) -> None:
            remove(card)
            held = [*game.pyramid, *(c for pile in (*game.wastes, *game.reserves) for c in pile)]
            twins = [c for c in (*held, *game.stock) if c is not None and c.ascii == card.ascii]
            for twin in twins:
                remove(twin)

        game._remove = remove_both  # type: ignore[method-assign]
        return self.snapshot()
