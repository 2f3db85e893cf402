"""Move-only engines for whole-suite runs through the shim (``--pyramide-impl``).

One is right but writes its moves its own way, so the shim must compare moves by meaning and
play the engine's own spelling; one lets a face-down card be played, so the shim must try the
cards the engine hides. Two carry real bugs that no scenario plays into, which only comparing
the moves an engine lists with the rules' catches: a recycle allowed while the stock holds
cards, and 'no more moves' said beside a legal pair the engine lists itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pyramide.conformance.adapter import LayoutData
from pyramide.conformance.moveshim import GameMoveEngine, MoveShimAdapter
from pyramide.game import Game, Status
from pyramide.moves import RemoveKing, RemovePair, parse_move
from pyramide.profiles import PROFILES

THIRTEEN = "aisleriot-thirteen"
"""The named profile with covered cards dealt face down."""


class OwnSpelling(GameMoveEngine):
    """The reference rules with every move spelt otherwise than the shim's ASCII: a pair as its
    second card first in lower case (``3s+tc``), a King in Unicode (``K♦``), ``DRAW`` and
    ``Recycle``; and it plays only a move in the spelling it listed."""

    def legal_moves(self) -> list[str]:
        spelt = []
        for move in self._game().legal_moves():
            if isinstance(move, RemovePair):
                spelt.append(f"{move.second.ascii}+{move.first.ascii}".lower())
            elif isinstance(move, RemoveKing):
                spelt.append(str(move.card))
            else:
                spelt.append({"draw": "DRAW", "recycle": "Recycle"}[move.ascii])
        return spelt

    def play(self, move: str) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"{move!r} is not one of the moves listed")
        self._game().push(parse_move(move))


class FaceDownCardsPlayable(GameMoveEngine):
    """Shows covered cards face down, as the face-down switch asks, but lets them be played
    (wrong): under that switch every pyramid card still on the table counts as free."""

    def new_game(self, *, layout: LayoutData | None, code: str | None, profile: str) -> None:
        super().new_game(layout=layout, code=code, profile=profile)
        game = self._game()
        if game.profile.face_down:
            game.is_free = lambda index: game.pyramid[index] is not None  # type: ignore[method-assign]


def own_spelling() -> MoveShimAdapter:
    return MoveShimAdapter(OwnSpelling(), profiles=tuple(PROFILES), deal_codes=True)


def face_down_cards_playable() -> MoveShimAdapter:
    return MoveShimAdapter(FaceDownCardsPlayable(), profiles=(THIRTEEN,), deal_codes=True)


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
    """Lists a card paired with the one card still covering it, but works its status out
    without such pairs (wrong): with only such a pair left, it says 'no more moves'."""

    def state(self) -> Mapping[str, Any]:
        shown = dict(super().state())
        game = self._game()
        strict = Game(game.layout(), replace(game.profile, pairs_with_covering_card=False))
        strict.recycles = game.recycles
        if shown["status"] == "playing" and strict.status is Status.NO_MORE_MOVES:
            shown["status"] = Status.NO_MORE_MOVES.value
        return shown


def recycles_while_the_stock_holds() -> MoveShimAdapter:
    return MoveShimAdapter(RecyclesWhileTheStockHolds(), profiles=tuple(PROFILES), deal_codes=True)


def stuck_beside_a_covering_pair() -> MoveShimAdapter:
    return MoveShimAdapter(StuckBesideACoveringPair(), profiles=tuple(PROFILES), deal_codes=True)
