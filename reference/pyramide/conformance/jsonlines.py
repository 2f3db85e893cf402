"""The adapter protocol over a child process's stdin/stdout, one JSON object per line.

Engines written in any language plug in by reading requests on stdin and writing answers on
stdout (``spec/schemas/protocol.json`` is the schema, ``docs/adapters.md`` the guide):

1. the harness says ``{"op": "hello", "protocol": 1, "revision": 3}``; the engine answers
   ``{"ok": true, "protocol": 1, "engine": {"name": ..., "version": ...}, "capabilities": {...}}``
   (with ``"revision": 2`` in its capabilities if it speaks revision 2, which adds the named
   variants' piles, the Triangle's rows and the Spanish deck, or 3, which adds the draw onto
   a waste pile the player names; see :mod:`~pyramide.conformance.adapter`);
2. then every request carries an ``id`` and an ``op`` (``start``, ``tap``, ``undo``,
   ``snapshot``) and the engine answers ``{"id": <same>, "snapshot": {...}}`` or
   ``{"id": <same>, "error": "why"}``.

An engine under test may crash, hang, print garbage or answer out of turn. Each of those
becomes an :class:`~pyramide.conformance.adapter.AdapterError` naming what happened (with the
tail of the engine's stderr), the child is killed, and the next ``start`` launches a fresh one:
one broken scenario never hangs or breaks the run. Reading happens on a thread so that every
request has a deadline, on every platform.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from functools import cache
from typing import IO, Any, TypeVar

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from ..cards import Card, CardError
from ..layout import EMPTY
from .adapter import (
    FACE_DOWN,
    REVISION,
    AdapterError,
    Capabilities,
    LayoutData,
    Snapshot,
    piles_json,
)
from .paths import spec_dir

PROTOCOL = 1
"""The protocol version this harness speaks."""

STDERR_TAIL = 20
"""How many of the engine's last stderr lines an error quotes."""
STDERR_HEADING = "\nlast lines of the engine's stderr:\n  "
ONE_LINE_TAIL = 5
"""How many of them an error said in one line quotes (the last say what went wrong)."""

GIVE_UP = 3
"""After this many engine processes in a row fail (crash, hang, garbage) and none completes a
start, the adapter stops launching new ones: every later request fails at once, so an engine
that never works still gets a complete report quickly instead of one timeout per scenario."""

_EOF = None
T = TypeVar("T")


@cache
def schema_file(name: str) -> dict[str, Any]:
    """One of ``spec/schemas``'s protocol schemas (``protocol.json``, ``moves-protocol.json``)."""
    with open(spec_dir() / "schemas" / name, encoding="utf-8") as file:
        schema: dict[str, Any] = json.load(file)
    return schema


def _referenced(ref: str, base: str) -> tuple[Any, str]:
    """What a ``$ref`` written in schema file ``base`` points at, and the file it lies in (the
    moves protocol refers to the tap protocol's definitions: each is written once)."""
    name, _, pointer = ref.partition("#")
    node: Any = schema_file(name or base)
    for part in pointer.strip("/").split("/"):
        node = node[part]
    return node, name or base


@cache
def validator(message: str, schema: str = "protocol.json") -> Draft202012Validator:
    """A validator for one message kind of a schema (``hello-answer``, ``snapshot-answer``...).

    References are inlined first: the schemas are small and acyclic, and validating every
    answer of a long run is markedly faster without reference resolution.
    """

    def inline(node: Any, base: str) -> Any:
        if isinstance(node, list):
            return [inline(item, base) for item in node]
        if not isinstance(node, dict):
            return node
        rest = {key: inline(value, base) for key, value in node.items() if key != "$ref"}
        if "$ref" not in node:
            return rest
        target = inline(*_referenced(node["$ref"], base))
        return {"allOf": [target], **rest} if rest else target

    return Draft202012Validator(inline(schema_file(schema)["$defs"][message], schema))


def schema_problem(message: str, data: Any, schema: str = "protocol.json") -> str | None:
    """``None`` if ``data`` is a valid ``message`` of ``schema``, else the most relevant
    violation."""
    checker = validator(message, schema)
    if checker.is_valid(data):
        return None
    error = best_match(checker.iter_errors(data))
    assert error is not None
    where = "/".join(str(part) for part in error.absolute_path) or "the message"
    return f"{where}: {error.message}"


def split_command(command: str | Sequence[str]) -> list[str]:
    """A command line as an argument list (shell syntax, no shell)."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    if not argv:
        raise AdapterError("the engine command is empty")
    if shutil.which(argv[0]) is None:
        raise AdapterError(f"no program {argv[0]!r} found (not an executable file, not on PATH)")
    return argv


class _Child:
    """One running engine process, with threads draining its stdout and stderr."""

    def __init__(self, argv: list[str]) -> None:
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            raise AdapterError(f"cannot start the engine {shlex.join(argv)}: {error}") from None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=STDERR_TAIL)
        assert self.process.stdout is not None and self.process.stderr is not None
        self._drain(self.process.stdout, self._keep_line)
        self._stderr_reader = self._drain(self.process.stderr, self._keep_stderr)

    @staticmethod
    def _drain(stream: IO[bytes], keep: Callable[[bytes | None], None]) -> threading.Thread:
        def run() -> None:
            for line in iter(stream.readline, b""):
                keep(line)
            keep(_EOF)

        reader = threading.Thread(target=run, daemon=True)
        reader.start()
        return reader

    def _keep_line(self, line: bytes | None) -> None:
        self.lines.put(line)

    def _keep_stderr(self, line: bytes | None) -> None:
        if line is not None:
            self.stderr.append(line.decode("utf-8", "replace").rstrip())

    def send(self, message: Mapping[str, Any]) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message).encode() + b"\n")
            self.process.stdin.flush()
        except OSError:
            raise AdapterError(self._died("could not be written to")) from None

    def receive(self, timeout: float, what: str) -> Any:
        """The next line as JSON, or an error naming the crash, the silence or the garbage."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.kill()
            raise AdapterError(
                f"no answer to {what} within {timeout:g} s; the engine was stopped"
                + self.stderr_tail()
            ) from None
        if line is _EOF:
            raise AdapterError(self._died(f"closed its output before answering {what}"))
        try:
            return json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            text = line.decode("utf-8", "replace").rstrip()
            if len(text) > 200:
                text = text[:200] + "..."
            raise AdapterError(
                f"answer to {what} is not a JSON line: {text!r}" + self.stderr_tail()
            ) from None

    def _died(self, what: str) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self.kill()
            return f"the engine {what} but did not exit; it was stopped" + self.stderr_tail()
        return f"the engine {what}: it exited with code {code}" + self.stderr_tail()

    def stderr_tail(self) -> str:
        if self.process.poll() is not None:
            self._stderr_reader.join(
                timeout=0.5
            )  # a dead engine's last words may still be in flight
        if not self.stderr:
            return ""
        return STDERR_HEADING + "\n  ".join(self.stderr)

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        if self.process.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(self.process.pid, signal.SIGKILL)
                else:
                    self.process.kill()
            except ProcessLookupError:
                pass
        self.process.wait()

    def close(self, grace: float) -> None:
        """Closing stdin is the engine's signal to exit; kill it if it lingers."""
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.close()
                self.process.wait(timeout=grace)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with suppress(OSError):  # a request left in stdin's buffer: nobody to read it
                    stream.close()


def one_line(message: str) -> str:
    """An engine's error in one line, the end of its stderr tail included: for the one line
    that stops a run."""
    cause, _, tail = message.partition(STDERR_HEADING)
    cause = " ".join(cause.split())
    if not tail:
        return cause
    last = tail.split("\n  ")[-ONE_LINE_TAIL:]
    return f"{cause}; its stderr ends: {' | '.join(last)}"


class Connection:
    """An engine command's process for a whole run, whatever protocol it speaks.

    The process is started on demand and greeted by ``greet`` (the protocol's hello); every
    request gets an id and a deadline. A crash, a silence, garbage or an answer out of step
    stops the process, and every request but the next ``new_game`` op fails at once ("no
    game"); that op starts a fresh process. After :data:`GIVE_UP` processes in a row fail,
    none is started again. ``schema`` is the protocol's schema file, which every answer must
    follow.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        timeout: float,
        greet: Callable[[_Child], None],
        *,
        new_game: str,
        schema: str,
    ) -> None:
        self.argv = split_command(command)
        self.timeout = timeout
        self.schema = schema
        self._greet = greet
        self._new_game = new_game
        self._child: _Child | None = None
        self._broken: str | None = None
        self._failures: list[str] = []
        """Why the engine processes started since the last good new game had to be stopped."""
        self._next_id = 0
        atexit.register(self.close)

    def child(self) -> _Child:
        """The running process, started (and greeted) if there is none."""
        if self._child is not None and self._child.alive():
            return self._child
        self.close()
        if len(self._failures) >= GIVE_UP:
            raise AdapterError(
                f"gave up on the engine after {len(self._failures)} failures in a row; "
                f"the last one: {self._failures[-1]}"
            )
        self._child = _Child(self.argv)
        try:
            self._greet(self._child)
        except AdapterError:
            self.close()
            raise
        return self._child

    def greeted(self) -> None:
        """Start (and greet) the process if needed; a failure counts towards giving up."""
        try:
            self.child()
        except AdapterError as error:
            self.count_failure(error)
            raise

    def close(self) -> None:
        """Stop the engine process (a new one is started when needed)."""
        if self._child is not None:
            self._child.close(grace=min(self.timeout, 1.0))
            self._child = None

    def request(self, op: str, fields: Mapping[str, Any], kind: str, read: Callable[[Any], T]) -> T:
        """Send ``op`` and read its answer, which must be an ``error-answer`` or a ``kind`` of
        the schema; ``read`` turns it into what the caller wants (an AdapterError if it
        cannot). An error answer or a failure leaves no game until the next new game."""
        if op == self._new_game:
            self._broken = None
        elif self._broken is not None:
            raise AdapterError(f"no game: {self._broken}")
        try:
            result = self._exchange(op, fields, kind, read)
        except AdapterError as error:
            self._broken = f"the engine failed on {op} earlier; start a new game"
            if self._child is not None and not self._child.alive():
                self.close()
            self.count_failure(error)
            raise
        if op == self._new_game:
            self._failures = []
        return result

    def _exchange(
        self, op: str, fields: Mapping[str, Any], kind: str, read: Callable[[Any], T]
    ) -> T:
        self._next_id += 1
        request = {"id": self._next_id, "op": op, **fields}
        what = json.dumps(request)
        if op != self._new_game and self._child is not None and not self._child.alive():
            raise AdapterError(self._child._died(f"was gone before {what}"))  # its game with it
        child = self.child()
        child.send(request)
        answer = child.receive(self.timeout, what)
        try:
            return read(self._valid(answer, request["id"], what, kind))
        except AdapterError:
            if not (isinstance(answer, dict) and answer.get("id") == request["id"]):
                self.close()  # out of step with the engine: only a fresh one can be trusted
            raise

    def _valid(self, answer: Any, request_id: int, what: str, kind: str) -> Any:
        """The answer, if it answers this request as the schema says and reports no error."""
        if isinstance(answer, dict) and "id" in answer and answer["id"] != request_id:
            raise AdapterError(f"answer to {what} carries id {answer['id']!r}: {answer}")
        if isinstance(answer, dict) and "error" in answer:
            kind = "error-answer"
        problem = schema_problem(kind, answer, self.schema)
        if problem is not None:
            raise AdapterError(f"answer to {what} is not valid: {problem}: {answer}")
        if "error" in answer:
            raise AdapterError(f"the engine reported an error for {what}: {answer['error']}")
        return answer

    def count_failure(self, error: AdapterError) -> None:
        """A stopped engine counts towards giving up; an error answer from a live one does not."""
        if self._child is None and len(self._failures) < GIVE_UP:
            self._failures.append(str(error))


class JsonLinesAdapter:
    """An :class:`~pyramide.conformance.adapter.Adapter` talking to an engine process.

    ``command`` is an argument list, or a command line split like a shell would (no shell is
    involved). ``timeout`` bounds every request, the hello included.
    """

    def __init__(self, command: str | Sequence[str], timeout: float = 5.0) -> None:
        self.connection = Connection(
            command, timeout, self._hello, new_game="start", schema="protocol.json"
        )
        self._engine: dict[str, str] = {}
        self._capabilities: Capabilities | None = None

    @property
    def timeout(self) -> float:
        return self.connection.timeout

    def _hello(self, child: _Child) -> None:
        child.send({"op": "hello", "protocol": PROTOCOL, "revision": REVISION})
        answer = child.receive(self.timeout, "hello")
        problem = schema_problem("hello-answer", answer)
        if problem is not None:
            raise AdapterError(f"the engine's hello answer is not valid: {problem}: {answer}")
        if not answer["ok"]:
            raise AdapterError(f"the engine refused protocol {PROTOCOL}: {answer['error']}")
        if answer["protocol"] != PROTOCOL:
            raise AdapterError(
                f"the engine speaks protocol {answer['protocol']}, this harness {PROTOCOL}"
            )
        self._engine = {"name": answer["engine"]["name"], "version": answer["engine"]["version"]}
        self._capabilities = Capabilities.from_json(answer["capabilities"])

    def close(self) -> None:
        """Stop the engine process (the adapter starts a new one when needed)."""
        self.connection.close()

    # --- requests ----------------------------------------------------------------------------

    def _request(self, op: str, **fields: Any) -> Snapshot:
        return self.connection.request(op, fields, "snapshot-answer", _snapshot)

    @property
    def engine(self) -> dict[str, str]:
        """The engine's name and version, as its hello says (for reports)."""
        if not self._engine:
            self.capabilities()
        return dict(self._engine)

    def capabilities(self) -> Capabilities:
        if self._capabilities is None:
            self.connection.greeted()
        assert self._capabilities is not None
        return self._capabilities

    def start(
        self,
        *,
        layout: LayoutData | None = None,
        code: str | None = None,
        profile: str = "app",
        error_help: bool = True,
        deal: int | None = None,
        switches: Mapping[str, Any] | None = None,
    ) -> Snapshot:
        """``deal`` and ``switches`` go only to engines whose capabilities ask for them."""
        if sum(x is not None for x in (layout, code, deal)) != 1:
            raise ValueError("start needs exactly one of layout, code and deal")
        fields: dict[str, Any] = {"profile": profile, "error_help": error_help}
        if layout is not None:
            fields["layout"] = layout_json(layout)
        elif code is not None:
            fields["code"] = code
        else:
            fields["deal"] = deal
        if switches is not None:
            fields["switches"] = dict(switches)
        return self._request("start", **fields)

    def tap(self, target: str) -> Snapshot:
        return self._request("tap", target=target)

    def undo(self) -> Snapshot:
        return self._request("undo")

    def snapshot(self) -> Snapshot:
        return self._request("snapshot")


def _snapshot(answer: Mapping[str, Any]) -> Snapshot:
    """The snapshot a valid answer carries, its cards in the protocol's notation."""
    try:
        return Snapshot.from_json(normalized(answer["snapshot"]))
    except CardError as error:
        raise AdapterError(f"the engine's snapshot: {error}") from None


def layout_json(layout: LayoutData) -> dict[str, Any]:
    """A layout as the protocol sends it: ``null`` for empty places, plain lists."""
    return {
        "pyramid": [[None if c in (None, EMPTY) else c for c in row] for row in layout["pyramid"]],
        "waste": list(layout.get("waste", ())),
        "stock": list(layout.get("stock", ())),
        **piles_json(layout.get("more_wastes", ()), layout.get("reserves", ())),
    }


def normalized(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """Cards in two-character ASCII (``10D``, ``10♦`` → ``TD``), ``null`` for empty places and
    ``??`` for face-down cards, whatever the engine wrote."""

    def card(text: str | None) -> str | None:
        if text in (None, EMPTY) or text == FACE_DOWN:
            return text if text == FACE_DOWN else None
        return Card.parse(str(text)).ascii

    data = dict(snapshot)
    data["pyramid"] = [[card(c) for c in row] for row in snapshot["pyramid"]]
    data["waste"] = [card(c) for c in snapshot["waste"]]
    if snapshot.get("stock") is not None:
        data["stock"] = [card(c) for c in snapshot["stock"]]
    for piles in ("more_wastes", "reserves"):
        if snapshot.get(piles):
            data[piles] = [[card(c) for c in pile] for pile in snapshot[piles]]
    return data


class JsonLinesFactory:
    """Hands out one :class:`JsonLinesAdapter` per run: ``start`` resets the game, so scenarios
    share the process (and a broken one is replaced on the next ``start``)."""

    def __init__(self, command: str | Sequence[str], timeout: float = 5.0) -> None:
        self.adapter = JsonLinesAdapter(command, timeout)

    def __call__(self) -> JsonLinesAdapter:
        return self.adapter

    def close(self) -> None:
        self.adapter.close()
