"""A shim for engines that only offer moves: legal moves, play a move, maybe undo.

Many engines (solvers, bots, libraries) know the rules but no touch interface: no taps, no
selection, no messages. :class:`MoveShimAdapter` lets them be checked all the same. It keeps its
own selection and turns taps into moves — a tap on a King is that King's removal, a second card
is a pair with the selected one, a tap on the stock is a draw or a recycle — and plays a move
only if the engine lists it among its legal moves, so every rule decision stays the engine's.

Its capabilities say ``taps=False`` and ``messages=None``: the selection it shows is the shim's,
not the engine's, so scenarios about taps, selection and messages are *not applicable* to such
an engine; every rule about which moves exist and what they do still applies.

Moves are written as in ``pyramide.moves`` (ASCII): ``KD`` (a King), ``TC+3S`` (a pair, in
either order), ``draw``, ``recycle``. A minimal engine implements :class:`MoveEngine`; one that
can also take moves back implements :class:`UndoableMoveEngine`. :class:`GameMoveEngine` is a
small example built on :class:`pyramide.game.Game`.

Revision 2 of the protocol (the named variants) needs nothing more of the engine than its
state: the shim finds the top cards of ``waste-2``, ``waste-3`` and ``reserve-1`` ..
``reserve-8`` in the state's ``more_wastes`` and ``reserves``, reads the pyramid's rows as long
as the engine gives them (the Triangle's row 1 holds 7 places), and lets the card that goes
alone (a King, or a Spanish rey: :attr:`pyramide.cards.Card.goes_alone`) go alone. An engine
that plays these rule sets says so with a ``revision`` attribute of 2 (or the shim is given
``revision=2``); the shim then reports ``revision`` 2 in its capabilities, and the harness
sends it the variants' tables and taps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ..cards import Card
from ..dealcode import parse_code
from ..game import Game
from ..moves import parse_move
from ..profiles import PROFILES, get_profile
from .adapter import (
    FACE_DOWN,
    REVISION,
    AdapterError,
    Capabilities,
    LayoutData,
    Snapshot,
    parse_target,
)
from .reference_adapter import layout_from_data


@runtime_checkable
class MoveEngine(Protocol):
    """The least an engine offers: a new game, its legal moves, playing one, its state."""

    def new_game(self, *, layout: LayoutData | None, code: str | None, profile: str) -> None:
        """Deal from a full layout (protocol notation) or from a deal code. An engine that can
        deal games of its own (``own_deals``) also takes ``deal=N`` instead of both."""
        ...

    def legal_moves(self) -> list[str]:
        """Every move allowed now, in the ASCII move notation."""
        ...

    def play(self, move: str) -> None:
        """Play a move taken from :meth:`legal_moves`."""
        ...

    def state(self) -> Mapping[str, Any]:
        """The table in snapshot notation: ``pyramid``, ``waste``, ``stock_size``, ``score``,
        ``moves``, ``status`` and, if known, ``stock`` and ``code``; under revision 2's rule
        sets also ``more_wastes`` (waste piles 2 and 3) and ``reserves``, each pile bottom
        first."""
        ...


@runtime_checkable
class UndoableMoveEngine(MoveEngine, Protocol):
    def undo(self) -> None:
        """Take back the last move (doing nothing when there is none)."""
        ...


def _pair(first: str, second: str) -> str:
    """The pair's move in canonical order (so that it can be looked up among legal moves)."""
    return parse_move(f"{first}+{second}").ascii


def _top(pile: Sequence[str] | None) -> str | None:
    return str(pile[-1]) if pile else None


def card_at(state: Mapping[str, Any], target: str) -> str | None:
    """The card a tap on ``target`` touches in an engine's ``state``: a pyramid place (rows as
    long as the engine gives them), the waste top or the card beneath it, the stock's top card,
    or the top of ``waste-2``, ``waste-3`` or ``reserve-N``; None for an empty place or pile, a
    place the table does not have, and a face-down card."""
    where = parse_target(target)
    if isinstance(where, tuple):
        rows = state["pyramid"]
        row, col = where
        if row > len(rows) or col > len(rows[row - 1]):
            return None
        card: str | None = rows[row - 1][col - 1]
        return None if card in (None, FACE_DOWN) else card
    if where == "stock-top":
        stock = state.get("stock") or []
        return str(stock[0]) if stock else None
    if where == "stock":
        return None
    waste = list(state.get("waste") or [])
    if where == "waste":
        return _top(waste)
    if where == "waste-below":
        return waste[-2] if len(waste) >= 2 else None
    kind, _, number = where.partition("-")
    piles = state.get("more_wastes" if kind == "waste" else "reserves") or []
    index = int(number) - (2 if kind == "waste" else 1)
    return _top(piles[index]) if index < len(piles) else None


class MoveShimAdapter:
    """Adapter for a :class:`MoveEngine`; selection is the shim's own (hence ``taps=False``)."""

    def __init__(
        self,
        engine: MoveEngine,
        *,
        profiles: tuple[str, ...] = ("app",),
        deal_codes: bool = False,
        stock_order: bool = True,
        **declared: Any,
    ) -> None:
        """``declared`` passes the other :class:`Capabilities` through as the engine's own:
        ``rule_sets``, ``conventions``, ``tables``, ``own_deals`` and ``revision``, which
        defaults to the engine's ``revision`` attribute (1 when it has none)."""
        self.engine = engine
        declared.setdefault("revision", int(getattr(engine, "revision", 1)))
        self._capabilities = Capabilities(
            taps=False,
            messages=None,
            undo=isinstance(engine, UndoableMoveEngine),
            deal_codes=deal_codes,
            stock_order=stock_order,
            profiles=profiles,
            **declared,
        )
        self.selected: str | None = None

    def capabilities(self) -> Capabilities:
        return self._capabilities

    def start(
        self,
        *,
        layout: LayoutData | None = None,
        code: str | None = None,
        profile: str = "app",
        error_help: bool = True,
        deal: int | None = None,
    ) -> Snapshot:
        """``error_help`` only changes messages, which a move-only engine does not show."""
        if deal is not None:
            self.engine.new_game(layout=None, code=None, profile=profile, deal=deal)  # type: ignore[call-arg]
        elif (layout is None) == (code is None):
            raise ValueError("start needs exactly one of layout and code")
        else:
            self.engine.new_game(layout=layout, code=code, profile=profile)
        self.selected = None
        return self.snapshot()

    def _card_at(self, target: str) -> str | None:
        return card_at(self.engine.state(), target)

    def _try(self, move: str) -> bool:
        if move not in self.engine.legal_moves():
            return False
        self.engine.play(move)
        self.selected = None
        return True

    def tap(self, target: str) -> Snapshot:
        if target == "stock":
            self.selected = None
            if not self._try("draw"):
                self._try("recycle")
            return self.snapshot()
        card = self._card_at(target)
        if card is None:
            return self.snapshot()
        if Card.parse(card).goes_alone:  # a King, or a Spanish rey
            self._try(Card.parse(card).ascii)
        elif self.selected is None:
            self.selected = target
        elif self.selected == target:
            self.selected = None
        else:
            first = self._card_at(self.selected)
            if first is None or not self._try(_pair(first, card)):
                self.selected = target
        return self.snapshot()

    def undo(self) -> Snapshot:
        if not isinstance(self.engine, UndoableMoveEngine):
            raise AdapterError("this engine cannot undo (its capabilities say so)")
        self.engine.undo()
        self.selected = None
        return self.snapshot()

    def snapshot(self) -> Snapshot:
        state = dict(self.engine.state())
        state["selected"] = self.selected
        state["message"] = None
        return Snapshot.from_json(state)


class GameMoveEngine:
    """A move-only engine made of :class:`pyramide.game.Game`, to show and test the shim."""

    revision = REVISION
    """It plays every named profile, the variants of revision 2 included."""

    def __init__(self) -> None:
        self.game: Game | None = None

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("no game started")
        return self.game

    def new_game(self, *, layout: LayoutData | None, code: str | None, profile: str) -> None:
        if code is not None:
            parsed = parse_code(code)
            self.game = Game(parsed.layout(), parsed.profile, str(parsed))
        else:
            assert layout is not None
            rules = get_profile(profile)
            self.game = Game(layout_from_data(layout, rules.geometry), rules)

    def legal_moves(self) -> list[str]:
        return [move.ascii for move in self._game().legal_moves()]

    def play(self, move: str) -> None:
        self._game().push(parse_move(move))

    def undo(self) -> None:
        if self._game().can_undo():
            self._game().pop()

    def state(self) -> Mapping[str, Any]:
        game = self._game()
        layout = game.layout()
        return {
            "pyramid": [[None if c is None else c.ascii for c in row] for row in layout.rows()],
            "waste": [card.ascii for card in layout.waste],
            "stock": [card.ascii for card in layout.stock],
            "stock_size": len(layout.stock),
            "score": game.score,
            "moves": game.move_count,
            "status": game.status.value,
            "code": game.code,
            "more_wastes": [[card.ascii for card in pile] for pile in layout.more_wastes],
            "reserves": [[card.ascii for card in pile] for pile in layout.reserves],
        }


def example_factory() -> MoveShimAdapter:
    """``pyramide check --impl pyramide.conformance.moveshim:example_factory``."""
    return MoveShimAdapter(GameMoveEngine(), profiles=tuple(PROFILES), deal_codes=True)
