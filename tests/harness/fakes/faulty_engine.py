"""A JSON-lines engine that misbehaves once, for the bridge's tests.

    python faulty_engine.py FAULT OP FLAG_FILE

It serves the reference engine, except that on its first ``OP`` request (``hello``, ``start``,
``tap``...) it commits ``FAULT`` — unless ``FLAG_FILE`` exists. It creates the file when it
misbehaves, so the engine the harness starts next behaves: that is how the tests see a restart
work. Faults: ``crash`` (exit 3 with a word on stderr), ``hang``, ``garbage`` (a line that is not
JSON), ``wrong-id`` (the answer of another request), ``bad-schema`` (a snapshot without cards).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.server import Server


def misbehave(fault: str, request: dict[str, object]) -> None:
    if fault == "crash":
        print("boom: the fake engine crashes on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    if fault == "hang":
        time.sleep(60)
    if fault == "garbage":
        print("Exception in thread main: not JSON at all", flush=True)
    if fault == "wrong-id":
        print(json.dumps({"id": 999, "error": "an answer to another request"}), flush=True)
    if fault == "bad-schema":
        print(json.dumps({"id": request.get("id"), "snapshot": {"pyramid": []}}), flush=True)


def main() -> None:
    fault, op, flag = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    server = Server(ReferenceAdapter(), "faulty fake")
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("op") == op and not flag.exists():
            flag.touch()
            misbehave(fault, request)
            continue
        print(json.dumps(server.answer(line)), flush=True)


if __name__ == "__main__":
    main()
