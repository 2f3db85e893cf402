"""One rule broken inside engines of every interface, for the verdict's headline (issue 33 A1).

Each fault is a change to the reference's :class:`~pyramide.game.Game`, planted the same way in
an in-process tap engine, a move-only engine behind the shim, a one-tap engine and, run as a
program (``python planted.py FAULT``), a tap engine speaking JSON lines: whatever the interface,
the report must blame exactly the rule the fault breaks. The in-process factories are named
``<fault>_<interface>`` (``fourteen_moves``), as ``--impl runner.planted:fourteen_moves``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pyramide.cards import Card
from pyramide.conformance.adapter import Adapter, LayoutData, Snapshot
from pyramide.conformance.moveshim import GameMoveEngine, MoveShimAdapter
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.server import Server
from pyramide.game import Game
from pyramide.moves import Draw, Move
from pyramide.profiles import PROFILES


def fourteen(game: Game) -> None:
    """Pairs add up to 14, not 13: every pair of the rules is refused, 7 + 7 goes, and a wrong
    sum says the sum must be 14."""
    game.target = 14


def either_gone(game: Game) -> None:
    """A pyramid card is free once either card on it is gone, not both."""

    def is_free(index: int) -> bool:
        below = game.covered_by[index]
        return game.pyramid[index] is not None and (
            not below or any(game.pyramid[i] is None for i in below)
        )

    game.is_free = is_free  # type: ignore[method-assign]


def draws_count_two(game: Game) -> None:
    """A draw counts two moves on the counter."""
    push = game.push

    def counting_push(move: Move) -> None:
        push(move)
        if isinstance(move, Draw):
            game.move_count += 1

    game.push = counting_push  # type: ignore[method-assign]


def five_per_card(game: Game) -> None:
    """A pyramid card removed scores 5, not 10."""
    remove = game._remove

    def scoring_remove(card: Card) -> None:
        from_pyramid = card in game.pyramid
        remove(card)
        game.score -= 5 * from_pyramid

    game._remove = scoring_remove  # type: ignore[method-assign]


FAULTS: dict[str, tuple[Callable[[Game], None], tuple[str, ...]]] = {
    "fourteen": (fourteen, ("PAIR-THIRTEEN", "PAIR-MISMATCH")),
    "either_gone": (either_gone, ("FREE-PYRAMID",)),
    "draws_count_two": (draws_count_two, ("MOVES-COUNT",)),
    "five_per_card": (five_per_card, ("SCORE-PYRAMID-CARD",)),
}
"""Each fault and the rules it breaks, where they hold. Pairs adding up to 14 break the total
(PAIR-THIRTEEN: two free cards worth 13 together go, and no others), not the cards' values (an
Ace is still 1, a Jack 11: an engine valuing one card wrongly breaks PAIR-VALUES, for that
card's pairs alone); on a game with the wrong sum's message, they also show it with 14
(PAIR-MISMATCH, which holds only where two taps make a pair)."""


def tap_engine(fault: Callable[[Game], None], base: type[ReferenceAdapter]) -> Adapter:
    """The reference tap engine (or ``base``, one of its kind) with ``fault`` planted in each
    game it starts."""

    class Planted(base):  # type: ignore[valid-type,misc]
        def start(self, **how: Any) -> Snapshot:
            super().start(**how)
            fault(self._table().game)
            return self.snapshot()

        def snapshot(self) -> Snapshot:
            """The reference's snapshot, the pyramid read as it lies: a fault may leave a card
            over an empty place, which the reference's own table would refuse to show."""
            game = self._table().game
            shown = GameMoveEngine()
            shown.game = game
            state = shown.state()
            cards, game.pyramid = game.pyramid, [None] * len(game.pyramid)
            try:
                rest: Snapshot = super().snapshot()
            finally:
                game.pyramid = cards
            pyramid = tuple(tuple(row) for row in state["pyramid"])
            return replace(rest, pyramid=pyramid, status=state["status"])

    return Planted()


def move_engine(fault: Callable[[Game], None]) -> Adapter:
    """A move-only engine with ``fault`` planted, behind the shim."""

    class Planted(GameMoveEngine):
        def new_game(self, *, layout: LayoutData | None, code: str | None, profile: str) -> None:
            super().new_game(layout=layout, code=code, profile=profile)
            fault(self._game())

    return MoveShimAdapter(Planted(), profiles=tuple(PROFILES), deal_codes=True)


def one_tap_engine(fault: Callable[[Game], None]) -> Adapter:
    """A right one-tap engine of the tests (a card with several partners waits for the
    player's choice) with ``fault`` planted."""
    from features.one_tap_adapters import SelectsWhenAmbiguous  # not on the path of a program

    return tap_engine(fault, SelectsWhenAmbiguous)


INTERFACES: dict[str, Callable[[Callable[[Game], None]], Adapter]] = {
    "tap": lambda fault: tap_engine(fault, ReferenceAdapter),
    "moves": move_engine,
    "one_tap": one_tap_engine,
}
"""The in-process interfaces, each making an engine with a fault planted."""


def __getattr__(name: str) -> Callable[[], Adapter]:
    """``<fault>_<interface>``: the factory of that engine (``--impl``)."""
    for interface, make in INTERFACES.items():
        fault = name.removesuffix(f"_{interface}")
        if fault != name and fault in FAULTS:
            return lambda: make(FAULTS[fault][0])
    raise AttributeError(name)


if __name__ == "__main__":
    engine = tap_engine(FAULTS[sys.argv[1]][0], ReferenceAdapter)
    Server(engine, f"planted {sys.argv[1]}").serve(sys.stdin, sys.stdout)
