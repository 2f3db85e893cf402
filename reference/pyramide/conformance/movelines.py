"""Move-level engines in any language: the move shim over a child process's JSON lines.

An engine that knows moves but no taps (a library, a solver, a course assignment's model) is
checked through :class:`~pyramide.conformance.moveshim.MoveShimAdapter`. This module lets it
be written in any language: it reads requests on stdin and writes answers on stdout, one JSON
object per line (``spec/schemas/moves-protocol.json`` is the schema, ``docs/moves-protocol.md``
the guide):

1. the harness says ``{"op": "hello", "moves_protocol": 1}``; the engine answers
   ``{"ok": true, "moves_protocol": 1, "engine": {...}, "capabilities": {...}}``, its
   capabilities being what :class:`MoveShimAdapter` takes (undo, deal codes, stock order,
   profiles, rule sets, conventions, tables, own deals, revision);
2. then every request carries an ``id`` and an ``op``: ``new_game`` (``layout``, ``code`` or
   ``deal``, with ``profile``), ``play`` (``move``) and ``undo`` answer ``{"id", "ok": true}``,
   ``legal_moves`` answers ``{"id", "moves": [...]}``, ``state`` ``{"id", "state": {...}}``.

Everything the shim does applies (taps turned into moves, the engine's legal moves compared
with the rules' at every state), and everything the tap bridge does with a process (deadlines,
crash and garbage detection, stderr in the error, restart, giving up) is its
:class:`~pyramide.conformance.jsonlines.Connection`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import CardError
from .adapter import AdapterError, Capabilities, LayoutData, Snapshot
from .jsonlines import Connection, _Child, layout_json, normalized, schema_problem
from .moveshim import MoveShimAdapter

MOVES_PROTOCOL = 1
"""The version of the moves protocol this harness speaks."""
SCHEMA = "moves-protocol.json"


class MoveLinesEngine:
    """A :class:`~pyramide.conformance.moveshim.MoveEngine` whose rules live in a child
    process. The state and the legal moves are asked once per position: the shim reads them
    several times per tap."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self._state: Mapping[str, Any] | None = None
        self._moves: list[str] | None = None

    def _done(self, op: str, **fields: Any) -> None:
        """A request that changes the game: what was asked of the old position is forgotten."""
        self._state = self._moves = None
        self.connection.request(op, fields, "done-answer", lambda answer: None)

    def new_game(
        self,
        *,
        layout: LayoutData | None,
        code: str | None,
        profile: str,
        deal: int | None = None,
    ) -> None:
        if layout is not None:
            self._done("new_game", layout=layout_json(layout), profile=profile)
        elif code is not None:
            self._done("new_game", code=code, profile=profile)
        else:
            self._done("new_game", deal=deal, profile=profile)

    def legal_moves(self) -> list[str]:
        if self._moves is None:
            self._moves = self.connection.request(
                "legal_moves", {}, "moves-answer", lambda answer: list(answer["moves"])
            )
        return list(self._moves)

    def play(self, move: str) -> None:
        self._done("play", move=move)

    def state(self) -> Mapping[str, Any]:
        if self._state is None:
            self._state = self.connection.request(
                "state", {}, "state-answer", lambda answer: _cards_checked(answer["state"])
            )
        return self._state


class UndoableMoveLinesEngine(MoveLinesEngine):
    """The same, for an engine whose hello says it takes moves back."""

    def undo(self) -> None:
        self._done("undo")


def _cards_checked(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state with its cards in the protocol's two-character ASCII (``10♦`` → ``TD``)."""
    try:
        return normalized(state)
    except CardError as error:
        raise AdapterError(f"the engine's state names no card: {error}") from None


class MoveLinesAdapter:
    """The adapter the harness plays: :class:`MoveShimAdapter` over a
    :class:`MoveLinesEngine`, built once the engine's hello has said what it offers (so a
    handshake that fails is an AdapterError of ``capabilities``, as for a tap engine)."""

    def __init__(self, command: str | Sequence[str], timeout: float = 5.0) -> None:
        self.connection = Connection(
            command, timeout, self._hello, new_game="new_game", schema=SCHEMA
        )
        self._engine: dict[str, str] = {}
        self._shim: MoveShimAdapter | None = None

    def _hello(self, child: _Child) -> None:
        child.send({"op": "hello", "moves_protocol": MOVES_PROTOCOL})
        answer = child.receive(self.connection.timeout, "hello")
        if isinstance(answer, dict) and "protocol" in answer and "moves_protocol" not in answer:
            raise AdapterError(
                "the engine answered the tap protocol's hello: give it with --cmd, not --moves-cmd"
            )
        problem = schema_problem("hello-answer", answer, SCHEMA)
        if problem is not None:
            raise AdapterError(f"the engine's hello answer is not valid: {problem}: {answer}")
        if not answer["ok"]:
            raise AdapterError(
                f"the engine refused moves protocol {MOVES_PROTOCOL}: {answer['error']}"
            )
        if answer["moves_protocol"] != MOVES_PROTOCOL:
            raise AdapterError(
                f"the engine speaks moves protocol {answer['moves_protocol']}, "
                f"this harness {MOVES_PROTOCOL}"
            )
        self._engine = {"name": answer["engine"]["name"], "version": answer["engine"]["version"]}
        if self._shim is None:
            self._shim = _shim(self.connection, answer["capabilities"])

    def shim(self) -> MoveShimAdapter:
        """The shim, once the engine has said hello."""
        if self._shim is None:
            self.connection.greeted()
        assert self._shim is not None
        return self._shim

    @property
    def engine(self) -> dict[str, str]:
        """The engine's name and version, as its hello says (for reports)."""
        self.shim()
        return dict(self._engine)

    def capabilities(self) -> Capabilities:
        return self.shim().capabilities()

    def start(self, **how: Any) -> Snapshot:
        return self.shim().start(**how)

    def tap(self, target: str) -> Snapshot:
        return self.shim().tap(target)

    def undo(self) -> Snapshot:
        return self.shim().undo()

    def snapshot(self) -> Snapshot:
        return self.shim().snapshot()

    def close(self) -> None:
        """Stop the engine process (a new one is started when needed)."""
        self.connection.close()


def _shim(connection: Connection, offered: Mapping[str, Any]) -> MoveShimAdapter:
    """The shim over the engine, with the capabilities its hello declares."""
    declared = Capabilities.from_json(offered)
    engine = (UndoableMoveLinesEngine if declared.undo else MoveLinesEngine)(connection)
    return MoveShimAdapter(
        engine,
        deal_codes=declared.deal_codes,
        stock_order=declared.stock_order,
        profiles=declared.profiles,
        rule_sets=declared.rule_sets,
        conventions=declared.conventions,
        tables=declared.tables,
        own_deals=declared.own_deals,
        revision=declared.revision,
    )


class MoveLinesFactory:
    """Hands out one :class:`MoveLinesAdapter` per run, as
    :class:`~pyramide.conformance.jsonlines.JsonLinesFactory` does for tap engines."""

    def __init__(self, command: str | Sequence[str], timeout: float = 5.0) -> None:
        self.adapter = MoveLinesAdapter(command, timeout)

    def __call__(self) -> MoveLinesAdapter:
        return self.adapter

    def close(self) -> None:
        self.adapter.close()
