"""A shim for engines that only offer moves: legal moves, play a move, maybe undo.

Many engines (solvers, bots, libraries) know the rules but no touch interface: no taps, no
selection, no messages. :class:`MoveShimAdapter` lets them be checked all the same. It keeps its
own selection and turns taps into moves — a tap on a King is that King's removal, a second card
is a pair with the selected one, a tap on the stock is a draw or a recycle — and plays a move
only if the engine lists it among its legal moves, so every rule decision stays the engine's.

Its capabilities say ``taps=False`` and ``messages=None``: the selection it shows is the shim's,
not the engine's, so scenarios about taps, selection and messages are *not applicable* to such
an engine; every rule about which moves exist and what they do still applies.

Moves are written in any spelling ``pyramide.moves.parse_move`` reads: ``KD`` (a King),
``TC+3S``, ``3s+tc`` or ``10♣ + 3♠`` (a pair, in either order), ``draw``, ``recycle``. The shim
compares moves by what they do, never by their text, and plays a move in the engine's own
spelling, the one its ``legal_moves`` gave. A minimal engine implements :class:`MoveEngine`; one
that can also take moves back implements :class:`UndoableMoveEngine`. :class:`GameMoveEngine` is
a small example built on :class:`pyramide.game.Game`.

Under the face-down switch the engine shows a covered card as ``??``; the shim still knows it,
from the table the game started from (a pyramid card never moves), so a tap on that place tries
the moves that card would make. An engine that lists such a move lets a face-down card be
played, and the scenario sees it.

Revision 2 of the protocol (the named variants) needs nothing more of the engine than its
state: the shim finds the top cards of ``waste-2``, ``waste-3`` and ``reserve-1`` ..
``reserve-8`` in the state's ``more_wastes`` and ``reserves``, reads the pyramid's rows as long
as the engine gives them (the Triangle's row 1 holds 7 places), and lets the card that goes
alone (a King, or a Spanish rey: :attr:`pyramide.cards.Card.goes_alone`) go alone. An engine
that plays these rule sets says so with a ``revision`` attribute of 2 (or the shim is given
``revision=2``); the shim then reports ``revision`` 2 in its capabilities, and the harness
sends it the variants' tables and taps. Revision 3's draw onto a named waste pile
(``stock-to-waste-2``) is the move ``draw:2`` (``draw`` for pile 1), which an engine of
revision 3 lists where the player names the pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from ..cards import Card
from ..dealcode import parse_code
from ..game import Game
from ..layout import EMPTY
from ..moves import Draw, Move, MoveError, Recycle, RemoveKing, RemovePair, parse_move
from ..profiles import PROFILES, Profile, get_profile, profile_from_switches
from .adapter import (
    DRAW_TARGETS,
    FACE_DOWN,
    REVISION,
    AdapterError,
    Capabilities,
    LayoutData,
    Snapshot,
    parse_target,
)
from .checks import CheckFailed
from .legal_moves import Witness, by_spelling, dealt_pyramid, game_state, spelling, starting_game
from .reference_adapter import layout_from_data
from .rulesets import RuleSet, conventions, declared, named


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


SOMETIMES_IN_PLAY = ("waste-below", "stock-top")
"""Tap targets whose card is in play only under some rule sets: the shim, which does not know
the rules, takes their card only when the engine lists a move with it."""


def _meaning(listed: str) -> Move:
    """What a move the engine lists does, whatever its spelling."""
    try:
        return parse_move(listed)
    except MoveError as error:
        raise AdapterError(f"the engine lists a legal move the shim cannot read: {error}") from None


def _cards(move: Move) -> tuple[Card, ...]:
    """The cards a move removes (none for a draw or a recycle)."""
    if isinstance(move, RemoveKing):
        return (move.card,)
    if isinstance(move, RemovePair):
        return (move.first, move.second)
    return ()


def _place(rows: Sequence[Sequence[str | None]], row: int, col: int) -> str | None:
    """What ``rows`` hold at pyramid place (row, col), None where they hold nothing."""
    held = rows[row - 1] if row <= len(rows) else ()
    return held[col - 1] if col <= len(held) else None


def _top(pile: Sequence[str] | None) -> str | None:
    return str(pile[-1]) if pile else None


def card_at(
    state: Mapping[str, Any],
    target: str,
    dealt: Sequence[Sequence[str | None]] | None = None,
) -> str | None:
    """The card a tap on ``target`` touches in an engine's ``state``: a pyramid place (rows as
    long as the engine gives them), the waste top or the card beneath it, the stock's top card,
    or the top of ``waste-2``, ``waste-3`` or ``reserve-N``; None for an empty place or pile and
    a place the table does not have. For a face-down card, the one ``dealt`` (the pyramid the
    game started with: a pyramid card never moves) has there, None without it."""
    where = parse_target(target)
    if isinstance(where, tuple):
        card = _place(state["pyramid"], *where)
        if card == FACE_DOWN:
            card = None if dealt is None else _place(dealt, *where)
        return None if card in (None, EMPTY) else card
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
        deal_codes: bool = False,
        stock_order: bool = True,
        **declared: Any,
    ) -> None:
        """``declared`` passes the other :class:`Capabilities` through as the engine's own:
        ``profiles``, ``rule_sets``, ``conventions``, ``tables``, ``own_deals`` and
        ``revision``, which defaults to the engine's ``revision`` attribute (1 when it has
        none)."""
        self.engine = engine
        declared.setdefault("revision", int(getattr(engine, "revision", 1)))
        self._capabilities = Capabilities(
            taps=False,
            messages=None,
            undo=isinstance(engine, UndoableMoveEngine),
            deal_codes=deal_codes,
            stock_order=stock_order,
            **declared,
        )
        self.selected: str | None = None
        self.dealt: Sequence[Sequence[str | None]] | None = None
        """The pyramid the game started with, to know the cards the engine shows face down."""
        self.witness: Witness | None = None
        """The reference's game in step with the engine's, to compare their moves."""
        self.listed: dict[Move, str] | None = None
        """The engine's legal moves at its current state, once asked (each state is asked
        once: the comparison and the taps share them)."""
        self.defer = False
        """Whether a disagreement of the engine's moves with the rules' waits in
        :attr:`deferred` instead of failing the action that met it: a scenario sets it, so that
        its own steps say first what they check, and an engine differing at every state in one
        way (a move it never lists) still shows the scenario's other differences."""
        self.deferred: CheckFailed | None = None
        """The first disagreement kept back while :attr:`defer` is set."""
        self.in_path: CheckFailed | None = None
        """The first disagreement a tap met while :attr:`defer` is set: a move it asked for that
        the engine refused where the rules allow it, or played where they forbid it. A step that
        fails after it fails because of it, whatever that step checks."""

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
        self.listed = None
        self.dealt = dealt_pyramid(layout, code)
        self.selected = None
        self.witness = self._witness(layout, code, profile)
        return self._checked()

    def _rule_set(self, profile: str, code: str | None) -> RuleSet | None:
        """The rule set the engine was asked to play: a code's, one the engine declares by
        that name, or the named profile; None for a name the shim cannot resolve."""
        if code is not None:
            return named(parse_code(code).profile.name)
        own = declared(self._capabilities)
        return own.get(profile) or (named(profile) if profile in PROFILES else None)

    def _witness(self, layout: LayoutData | None, code: str | None, profile: str) -> Witness | None:
        """The rules the engine plays, and the reference's game from the same start under them
        when it can deal it (not a deal of the engine's own)."""
        rule_set = self._rule_set(profile, code)
        if rule_set is None:
            return None
        rules: Profile = profile_from_switches(rule_set.name, rule_set.switches)
        states = rule_set.states(conventions(self._capabilities))
        return Witness(starting_game(layout, code, rules), states)

    def _checked(self) -> Snapshot:
        """The snapshot, once the moves the engine lists at a state new since the last
        check (a move played or taken back) are found to agree with the rules' and with its
        status (:class:`~pyramide.conformance.legal_moves.Witness`)."""
        snapshot = self.snapshot()
        if self.witness is not None and self.listed is None:
            try:
                self.witness.check(snapshot, self._legal())
            except CheckFailed as disagreement:
                if not self.defer:
                    raise
                self.deferred = self.deferred or disagreement
        return snapshot

    def _card_at(self, target: str) -> Card | None:
        """The card at ``target``, a face-down one included when the shim knows it."""
        card = card_at(self.engine.state(), target, self.dealt)
        return None if card is None else Card.parse(card)

    def _legal(self) -> dict[Move, str]:
        """The engine's legal moves by what they do, each with the engine's own spelling."""
        if self.listed is None:
            self.listed = {}
            for text in self.engine.legal_moves():
                self.listed.setdefault(_meaning(text), text)
        return self.listed

    def _try(self, move: Move, legal: Mapping[Move, str] | None = None) -> bool:
        """Play ``move`` if the engine lists it (among ``legal``, when already asked)."""
        text = (self._legal() if legal is None else legal).get(move)
        if text is None:
            if self.witness is not None:
                self._met(self.witness.refused(move))
            return False
        self.engine.play(text)
        self.listed = None
        if self.witness is not None:
            self._met(self.witness.follow(move))
        self.selected = None
        return True

    def _met(self, disagreement: CheckFailed | None) -> None:
        """Keep the first disagreement a tap met (:attr:`in_path`), in a scenario."""
        if self.defer and self.in_path is None:
            self.in_path = disagreement

    def tap(self, target: str) -> Snapshot:
        """Play what the tap means. A face-down card, or one at a place in play only under some
        rule sets (:data:`SOMETIMES_IN_PLAY`), is taken only when the engine lists a move with
        it: otherwise the tap changes nothing, the selection included, as a tap on a blocked
        card in the app."""
        if target == "stock":
            self.selected = None
            if not self._try(Draw()):
                self._try(Recycle())
            return self._checked()
        if target in DRAW_TARGETS:
            self.selected = None
            self._try(Draw(1 + DRAW_TARGETS.index(target)))
            return self._checked()
        state = self.engine.state()
        shown = card_at(state, target)
        text = shown or card_at(state, target, self.dealt)
        if text is None:
            return self._checked()
        card = Card.parse(text)
        legal = self._legal()
        surely = shown is not None and target not in SOMETIMES_IN_PLAY
        if not surely and not any(card in _cards(move) for move in legal):
            return self._checked()
        if card.goes_alone:  # a King, or a Spanish rey
            self._try(RemoveKing(card), legal)
        elif self.selected is None:
            self.selected = target
        elif self.selected == target:
            self.selected = None
        else:
            first = self._card_at(self.selected)
            if first is None or not self._try(RemovePair(first, card), legal):
                self.selected = target
        return self._checked()

    def undo(self) -> Snapshot:
        if not isinstance(self.engine, UndoableMoveEngine):
            raise AdapterError("this engine cannot undo (its capabilities say so)")
        self.engine.undo()
        self.listed = None
        if self.witness is not None:
            self.witness.take_back()
        self.selected = None
        return self._checked()

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
        """Play the legal move written ``move`` (with two decks, the copy of a card in play)."""
        game = self._game()
        written = parse_move(move)
        if not game.is_legal(written):
            written = by_spelling(game.legal_moves()).get(spelling(written), written)
        game.push(written)

    def undo(self) -> None:
        if self._game().can_undo():
            self._game().pop()

    def state(self) -> Mapping[str, Any]:
        return game_state(self._game())


def example_factory() -> MoveShimAdapter:
    """``pyramide check --impl pyramide.conformance.moveshim:example_factory``."""
    return MoveShimAdapter(GameMoveEngine(), profiles=tuple(PROFILES), deal_codes=True)
