"""Serve an in-process adapter over JSON lines: ``python -m pyramide.conformance.server``.

By default it serves the reference engine, which lets the suite check its own JSON-lines bridge
(the reference must pass the same way in-process and out-of-process). ``--impl module:factory``
serves any Python adapter instead. The loop reads one request per line until stdin closes and
answers each on one line; a request it cannot carry out gets an ``error`` answer, never a
traceback on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from importlib.metadata import PackageNotFoundError, version
from typing import IO, Any

from .adapter import Adapter, Snapshot
from .jsonlines import PROTOCOL
from .loading import AdapterLoadError, load_factory

_REFUSALS = (ValueError, RuntimeError, KeyError, TypeError)
"""What a bad request makes an adapter raise: the engine's own errors on cards, layouts, codes
and profiles are ValueErrors, a missing game or a failing adapter a RuntimeError."""


def engine_version() -> str:
    try:
        return version("pyramide-conformance")
    except PackageNotFoundError:
        return "unknown"


class Server:
    """Answers protocol messages with one adapter."""

    def __init__(self, adapter: Adapter, name: str) -> None:
        self.adapter = adapter
        self.name = name

    def hello(self, message: dict[str, Any]) -> dict[str, Any]:
        if message.get("protocol") != PROTOCOL:
            return {"ok": False, "protocol": PROTOCOL, "error": f"I speak protocol {PROTOCOL}"}
        return {
            "ok": True,
            "protocol": PROTOCOL,
            "engine": {"name": self.name, "version": engine_version()},
            "capabilities": self.adapter.capabilities().to_json(),
        }

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        request_id = message.get("id")
        try:
            snapshot = self._carry_out(message)
        except _REFUSALS as error:
            return {"id": request_id, "error": f"{type(error).__name__}: {error}"}
        return {"id": request_id, "snapshot": snapshot.to_json()}

    def _carry_out(self, message: dict[str, Any]) -> Snapshot:
        op = message.get("op")
        if op == "start":
            extra = {key: message[key] for key in ("deal", "switches") if key in message}
            return self.adapter.start(
                layout=message.get("layout"),
                code=message.get("code"),
                profile=message.get("profile", "app"),
                error_help=message.get("error_help", True),
                **extra,
            )
        if op == "tap":
            return self.adapter.tap(message["target"])
        if op == "undo":
            return self.adapter.undo()
        if op == "snapshot":
            return self.adapter.snapshot()
        raise ValueError(f"unknown op {op!r}")

    def answer(self, line: str) -> dict[str, Any]:
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            return {"id": None, "error": f"not a JSON line: {error}"}
        if not isinstance(message, dict):
            return {"id": None, "error": "a request is a JSON object"}
        if message.get("op") == "hello":
            return self.hello(message)
        return self.request(message)

    def serve(self, lines: Iterable[str], out: IO[str]) -> None:
        for line in lines:
            if line.strip():
                out.write(json.dumps(self.answer(line)) + "\n")
                out.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pyramide.conformance.server",
        description="Serve an adapter (the reference engine by default) over JSON lines.",
    )
    parser.add_argument("--impl", help="package.module:factory of the adapter to serve")
    args = parser.parse_args(argv)
    try:
        factory: Callable[[], Adapter] = load_factory(args.impl)
    except AdapterLoadError as error:
        print(error, file=sys.stderr)
        return 2
    name = args.impl or "pyramide reference engine"
    Server(factory(), name).serve(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
