"""Move-only engines for whole-suite runs through the shim (``--pyramide-impl``).

One is right but writes its moves its own way, so the shim must compare moves by meaning and
play the engine's own spelling; one lets a face-down card be played, so the shim must try the
cards the engine hides. (Engines with a rule broken that no scenario plays into are in
``rule_faults``.)
"""

from __future__ import annotations

from pyramide.conformance.adapter import LayoutData
from pyramide.conformance.moveshim import GameMoveEngine, MoveShimAdapter
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
