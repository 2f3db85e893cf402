"""The JSON-lines bridge: the same game through a child process, and every way a child fails."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from pyramide.conformance.adapter import AdapterError
from pyramide.conformance.differential import run_differential
from pyramide.conformance.jsonlines import (
    GIVE_UP,
    JsonLinesAdapter,
    JsonLinesFactory,
    _Child,
    schema_problem,
)
from pyramide.conformance.loading import AdapterLoadError, load_factory
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.server import Server

from .conftest import FAKES, SERVER

CODE = "PY1-N-AAAAAAS"


def test_reference_through_json_lines_matches_in_process_play() -> None:
    factory = JsonLinesFactory(SERVER)
    try:
        result = run_differential(factory, max_examples=8, steps=40)
        assert result.agreed, result.report
        remote, local = factory(), ReferenceAdapter()
        assert remote.start(code=CODE) == local.start(code=CODE)
        for target in ("r7c6", "r7c2", "r7c5", "r5c1", "stock", "waste"):
            assert remote.tap(target) == local.tap(target)
        assert remote.undo() == local.undo()
        assert remote.engine["name"] == "pyramide reference engine"
        assert remote.capabilities() == local.capabilities()
    finally:
        factory.close()


def test_engine_errors_are_reported_and_the_game_goes_on() -> None:
    adapter = JsonLinesAdapter(SERVER)
    try:
        with pytest.raises(AdapterError, match=r"DealCodeError: .* must be 7 characters"):
            adapter.start(code="PY1-N-!")
        with pytest.raises(AdapterError, match="no game"):
            adapter.tap("stock")
        assert adapter.start(code=CODE).code == CODE
    finally:
        adapter.close()


HANG = 3.0
"""The deadline a hanging engine gets: long enough for a busy machine to start a Python engine
and hear its hello. The others get ten times as long, which a crash or garbage must never wait
for."""
FAULTS = [
    ("crash", "start", "exited with code 3(.|\n)*boom"),
    ("hang", "start", "no answer .* within 3 s"),
    ("garbage", "start", "not a JSON line: 'Exception in thread main"),
    ("wrong-id", "start", "carries id 999"),
    ("bad-schema", "start", "is not valid: snapshot: .waste. is a required property"),
    ("crash", "tap", "exited with code 3"),
    ("hang", "tap", "within 3 s"),
    ("garbage", "tap", "not a JSON line"),
    ("wrong-id", "tap", "carries id 999"),
    ("crash", "hello", "closed its output before answering hello"),
    ("hang", "hello", "no answer to hello"),
]


@pytest.mark.parametrize(("fault", "op", "message"), FAULTS)
def test_a_failing_engine_is_an_error_in_bounded_time_then_restarts(
    tmp_path: Path, fault: str, op: str, message: str
) -> None:
    command = [sys.executable, str(FAKES / "faulty_engine.py"), fault, op, str(tmp_path / "flag")]
    adapter = JsonLinesAdapter(command, timeout=HANG if fault == "hang" else 10 * HANG)
    try:
        if op == "tap":
            adapter.start(code=CODE)
        began = time.monotonic()
        with pytest.raises(AdapterError, match=message):
            adapter.tap("r7c6") if op == "tap" else adapter.start(code=CODE)
        assert time.monotonic() - began < HANG + 3.0
        if op == "tap":
            with pytest.raises(AdapterError, match="no game"):
                adapter.tap("r7c6")
        assert adapter.start(code=CODE) == ReferenceAdapter().start(code=CODE)
        assert adapter.tap("r7c6").score == 10
    finally:
        adapter.close()


def test_a_command_naming_no_program_is_refused_before_any_start() -> None:
    with pytest.raises(AdapterError, match="no program '/nonexistent/engine-binary' found"):
        JsonLinesAdapter(["/nonexistent/engine-binary"], timeout=1.0)


def test_a_program_that_cannot_start_says_so(tmp_path: Path) -> None:
    not_executable = tmp_path / "engine"
    not_executable.write_text("#!/bin/sh\n")
    not_executable.chmod(0o755)
    adapter = JsonLinesAdapter([str(not_executable)], timeout=1.0)
    not_executable.chmod(0o644)
    with pytest.raises(AdapterError, match="cannot start the engine"):
        adapter.capabilities()


def test_a_protocol_refusal_is_reported(tmp_path: Path) -> None:
    script = tmp_path / "old.py"
    script.write_text(
        "import json, sys\n"
        "sys.stdin.readline()\n"
        'print(json.dumps({"ok": False, "protocol": 7, "error": "I only speak 7"}), flush=True)\n'
    )
    adapter = JsonLinesAdapter([sys.executable, str(script)], timeout=2.0)
    with pytest.raises(AdapterError, match="refused protocol 1: I only speak 7"):
        adapter.start(code=CODE)


def test_load_factory_with_a_command() -> None:
    factory = load_factory(None, f"{sys.executable} -m pyramide.conformance.server", 3.0)
    adapter = factory()
    assert isinstance(adapter, JsonLinesAdapter)
    try:
        assert factory() is adapter
        assert adapter.timeout == 3.0
        assert adapter.start(code=CODE).waste == ("7D",)
    finally:
        adapter.close()
    with pytest.raises(AdapterLoadError, match="give only one"):
        load_factory("pyramide.conformance.reference_adapter:ReferenceAdapter", "node x.js")
    with pytest.raises(AdapterLoadError, match="--cmd"):
        load_factory(None, "node 'unbalanced")


def test_the_schema_names_what_is_wrong() -> None:
    snapshot = ReferenceAdapter().start(code=CODE).to_json()
    assert schema_problem("snapshot-answer", {"id": 1, "snapshot": snapshot}) is None
    snapshot["pyramid"][6][0] = "1X"
    problem = schema_problem("snapshot-answer", {"id": 1, "snapshot": snapshot})
    assert problem is not None and "snapshot/pyramid/6/0" in problem
    assert schema_problem("request", {"id": 2, "op": "tap", "target": "r11c1"}) is not None
    assert schema_problem("request", {"id": 2, "op": "tap", "target": "r10c10"}) is None
    assert schema_problem("request", {"id": 2, "op": "tap", "target": "r7c1"}) is None
    assert schema_problem("hello", {"op": "hello", "protocol": 1}) is None


def test_every_request_the_harness_sends_follows_the_schema(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[dict[str, object]] = []
    original = _Child.send

    def record(child: _Child, message: Mapping[str, Any]) -> None:
        sent.append(dict(message))
        original(child, message)

    monkeypatch.setattr(_Child, "send", record)
    adapter = JsonLinesAdapter(SERVER)
    try:
        start = ReferenceAdapter().start(code=CODE)
        layout = {"pyramid": [list(row) for row in start.pyramid], "waste": ["7D"], "stock": []}
        adapter.start(layout=layout, profile="single-pass", error_help=False)
        adapter.start(code=CODE)
        for target in ("r7c6", "waste", "stock"):
            adapter.tap(target)
        adapter.undo()
        adapter.snapshot()
    finally:
        adapter.close()
    assert [m.get("op") for m in sent] == [
        "hello",
        "start",
        "start",
        "tap",
        "tap",
        "tap",
        "undo",
        "snapshot",
    ]
    assert schema_problem("hello", sent[0]) is None
    for message in sent[1:]:
        assert schema_problem("request", message) is None, message
    assert [m["id"] for m in sent[1:]] == list(range(1, 8))


def test_the_server_answers_bad_requests_with_errors() -> None:
    server = Server(ReferenceAdapter(), "test")
    assert server.answer("{not json")["id"] is None
    assert "no game started" in server.answer('{"id": 1, "op": "tap", "target": "stock"}')["error"]
    assert "unknown op" in server.answer('{"id": 2, "op": "fly"}')["error"]
    assert server.answer('{"op": "hello", "protocol": 9}') == {
        "ok": False,
        "protocol": 1,
        "error": "I speak protocol 1",
    }
    answer = server.answer(json.dumps({"op": "hello", "protocol": 1}))
    assert schema_problem("hello-answer", answer) is None
    start = {"id": 3, "op": "start", "code": CODE, "profile": "app", "error_help": True}
    assert schema_problem("snapshot-answer", server.answer(json.dumps(start))) is None


def test_an_engine_that_never_answers_is_given_up_after_a_few_tries() -> None:
    adapter = JsonLinesAdapter([sys.executable, "-c", "import time; time.sleep(30)"], timeout=0.5)
    began = time.monotonic()
    for _ in range(GIVE_UP):
        with pytest.raises(AdapterError, match="no answer to hello"):
            adapter.start(code=CODE)
    for _ in range(20):
        with pytest.raises(
            AdapterError, match=r"gave up .* 3 failures in a row.*no answer to hello"
        ):
            adapter.start(code=CODE)
    with pytest.raises(AdapterError, match="gave up"):
        adapter.capabilities()
    assert time.monotonic() - began < GIVE_UP * 0.5 + 2.0


def test_error_answers_do_not_count_towards_giving_up() -> None:
    adapter = JsonLinesAdapter(SERVER)
    try:
        for _ in range(GIVE_UP + 2):
            with pytest.raises(AdapterError, match="reported an error"):
                adapter.start(code="PY1-N-AAAAAA1")
        assert adapter.start(code=CODE).code == CODE
    finally:
        adapter.close()


def test_an_engine_dead_before_the_hello_is_an_adapter_error_not_a_broken_pipe() -> None:
    # the hello stays in the pipe's buffer once the engine is gone: closing it must not raise
    child = _Child([sys.executable, "-c", "import sys; sys.exit(3)"])
    child.process.wait()
    with pytest.raises(AdapterError, match="exited with code 3"):
        child.send({"op": "hello"})
    child.close(grace=0.1)
