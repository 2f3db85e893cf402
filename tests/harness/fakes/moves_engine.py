"""A move-level engine speaking the moves protocol (docs/moves-protocol.md), for its tests.

    python moves_engine.py KIND

It serves the reference's rules as a move engine (undo, deal codes, every named profile),
behaving as ``KIND`` says:

``right``
    as the rules say;
``recycles-while-the-stock-holds``
    lists a recycle while the stock holds cards (``harness.rule_faults``: RECYCLE-ORDER);
``crash``, ``hang``, ``garbage``
    on the hello: exits with code 3 and a word on stderr, never answers, answers a line that is
    not JSON;
``tap-hello``
    answers the hello as an engine of the tap protocol would.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/, for harness.rule_faults

from harness.rule_faults import RecyclesWhileTheStockHolds
from pyramide.conformance.moveshim import GameMoveEngine
from pyramide.profiles import PROFILES

ENGINES = {"right": GameMoveEngine, "recycles-while-the-stock-holds": RecyclesWhileTheStockHolds}
HELLO = {
    "ok": True,
    "moves_protocol": 1,
    "engine": {"name": "moves fake", "version": "1"},
    "capabilities": {
        "undo": True,
        "deal_codes": True,
        "stock_order": True,
        "profiles": [*PROFILES],
    },
}


def hello(kind: str) -> dict[str, Any]:
    """The hello's answer, or the fault ``kind`` commits instead."""
    if kind == "crash":
        print("boom: the fake move engine crashes on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    if kind == "hang":
        time.sleep(60)
    if kind == "garbage":
        print("Traceback (most recent call last): not JSON at all", flush=True)
        sys.exit(0)
    if kind == "tap-hello":
        return {"ok": True, "protocol": 1, "engine": HELLO["engine"], "capabilities": {}}
    return HELLO


def answer(engine: GameMoveEngine, request: dict[str, Any]) -> dict[str, Any]:
    """The answer to one request after the hello."""
    op, fields = request["op"], {"id": request["id"]}
    if op == "new_game":
        layout, code = request.get("layout"), request.get("code")
        engine.new_game(layout=layout, code=code, profile=request["profile"])
    elif op == "play":
        engine.play(request["move"])
    elif op == "undo":
        engine.undo()
    elif op == "legal_moves":
        return {**fields, "moves": engine.legal_moves()}
    elif op == "state":
        return {**fields, "state": dict(engine.state())}
    return {**fields, "ok": True}


def main() -> None:
    kind = sys.argv[1]
    engine = ENGINES.get(kind, GameMoveEngine)()
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "hello":
            print(json.dumps(hello(kind)), flush=True)
            continue
        try:
            print(json.dumps(answer(engine, request)), flush=True)
        except Exception as error:  # the engine refuses: an error answer, never a traceback
            print(json.dumps({"id": request["id"], "error": str(error)}), flush=True)


if __name__ == "__main__":
    main()
