"""Move-level engines in any language: the moves protocol over a child process's JSON lines.

A right engine in JavaScript passes a whole check through it; a wrong one, served by a Python
fake, fails on the rule it breaks (the move shim's comparison of the legal moves reaches it
through the route); an engine that crashes, hangs or prints garbage stops the run with one
line naming the cause; and what the harness sends follows the schema.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from checkruns import run_check
from pyramide.cli import build_parser, main
from pyramide.conformance import differential
from pyramide.conformance.adapter import AdapterError
from pyramide.conformance.jsonlines import _Child, _referenced, schema_file, schema_problem
from pyramide.conformance.loading import AdapterLoadError, load_factory
from pyramide.conformance.movelines import SCHEMA, MoveLinesAdapter, MoveLinesFactory
from pyramide.conformance.reference_adapter import layout_data
from pyramide.dealcode import parse_code

from .conftest import FAKES, ROOT

JS_MOVES_ENGINE = ROOT / "docs" / "examples" / "js-moves-engine" / "engine.js"
CODE = "PY1-N-AAAAAAS"
LAYOUT = layout_data(parse_code(CODE).layout())
"""The JavaScript engine deals no code: it is given the code's table."""
GAMES = ("--invariant-games", "2", "-q")


def fake(kind: str) -> str:
    """The command of the Python fake move engine of that kind (``fakes/moves_engine.py``)."""
    return f"{sys.executable} {FAKES / 'moves_engine.py'} {kind}"


def test_the_js_moves_engine_passes_a_whole_check_under_the_apps_rules(
    node: str, tmp_path: Path
) -> None:
    run = run_check(tmp_path, "--moves-cmd", f"{node} {JS_MOVES_ENGINE}", *GAMES)
    assert run.status == 0, run.out + run.err
    assert run.records[0]["engine"] == {"moves_cmd": f"{node} {JS_MOVES_ENGINE}"}
    assert sum(s["outcome"] == "passed" for s in run.scenarios) > 80


def test_a_wrong_move_engine_over_the_route_fails_on_the_rule_it_breaks(tmp_path: Path) -> None:
    """A recycle listed while the stock holds cards: no scenario plays it (a tap on the stock
    draws first), only the comparison of the legal moves at every state sees it."""
    run = run_check(tmp_path, "--moves-cmd", fake("recycles-while-the-stock-holds"), *GAMES)
    assert (run.status, run.footer["at_fault"]) == (1, ["RECYCLE-ORDER"]), run.out
    assert "--moves-cmd" in run.out  # each failure's rerun line names the same engine


HANG = 3.0
"""The deadline of the engine that never answers: long enough for a busy machine to start a
Python engine. The others get ten times as long, which a crash or garbage never waits for."""


@pytest.mark.parametrize(
    ("kind", "cause"),
    [
        (
            "crash",
            "closed its output before answering hello: it exited with code 3; "
            "its stderr ends: boom: the fake move engine crashes on purpose",
        ),
        ("hang", "no answer to hello within 3 s; the engine was stopped"),
        ("garbage", "answer to hello is not a JSON line: 'Traceback (most recent call last)"),
        ("tap-hello", "answered the tap protocol's hello: give it with --cmd, not --moves-cmd"),
    ],
)
def test_an_engine_failing_its_hello_stops_the_run_in_one_line_naming_why(
    capsys: pytest.CaptureFixture[str], kind: str, cause: str
) -> None:
    timeout = HANG if kind == "hang" else 10 * HANG
    status = main(["check", "--moves-cmd", fake(kind), "--timeout", str(timeout), "-q"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and cause in err, err


def test_an_engine_dying_mid_game_is_an_error_then_a_new_game_starts_a_fresh_one(
    node: str,
) -> None:
    """The tap bridge's restart, through the moves route."""
    adapter = MoveLinesAdapter([node, str(JS_MOVES_ENGINE)])
    try:
        table = adapter.start(layout=LAYOUT)
        adapter.connection.child().kill()
        with pytest.raises(AdapterError, match=r"the engine was gone before .* exited with code"):
            adapter.tap("r7c6")
        with pytest.raises(AdapterError, match="no game: the engine failed on"):
            adapter.tap("r7c6")
        assert adapter.start(layout=LAYOUT) == table
        assert adapter.tap("r7c6").score == 10
    finally:
        adapter.close()


def test_detect_and_differential_take_a_move_engine_too(
    node: str, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = ["--moves-cmd", f"{node} {JS_MOVES_ENGINE}"]
    assert main(["detect", *engine]) == 1  # several profiles fit: it deals no game of its own
    assert "declared: app, and every switch found matches it" in capsys.readouterr().out
    assert main(["differential", *engine, "--examples", "3", "--steps", "20"]) == 0
    assert "no difference with the reference in 3 random games" in capsys.readouterr().out


def test_every_message_the_harness_sends_follows_the_schema(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[dict[str, Any]] = []
    original = _Child.send

    def record(child: _Child, message: Mapping[str, Any]) -> None:
        sent.append(dict(message))
        original(child, message)

    monkeypatch.setattr(_Child, "send", record)
    adapter = MoveLinesAdapter(fake("right"))
    try:
        table = adapter.start(code=CODE)
        layout = {"pyramid": [list(row) for row in table.pyramid], "waste": ["7D"], "stock": []}
        adapter.start(layout=layout, profile="single-pass")
        adapter.start(code=CODE)
        for target in ("r7c6", "r7c2", "r7c5", "stock"):
            adapter.tap(target)
        assert (adapter.undo().score, adapter.snapshot().stock_size) == (30, 23)
    finally:
        adapter.close()
    assert schema_problem("hello", sent[0], SCHEMA) is None
    assert [schema_problem("request", message, SCHEMA) for message in sent[1:]] == [None] * (
        len(sent) - 1
    )
    ops = {message["op"] for message in sent}
    assert ops == {"hello", "new_game", "legal_moves", "state", "play", "undo"}


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        yield from ([node["$ref"]] if "$ref" in node else [])
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def test_the_schema_is_sound_and_each_definition_it_borrows_exists() -> None:
    schema = schema_file(SCHEMA)
    jsonschema.Draft202012Validator.check_schema(schema)
    refs = set(_refs(schema))
    assert any(ref.startswith("protocol.json#") for ref in refs)
    for ref in refs:
        _referenced(ref, SCHEMA)


def test_the_schema_keeps_what_only_taps_mean_out_of_the_hello() -> None:
    hello = {"ok": True, "moves_protocol": 1, "engine": {"name": "x", "version": "1"}}
    assert schema_problem("hello-answer", {**hello, "capabilities": {"undo": True}}, SCHEMA) is None
    for tap_only in ({"taps": True}, {"messages": "key"}, {"any_rule_set": True}):
        problem = schema_problem("hello-answer", {**hello, "capabilities": tap_only}, SCHEMA)
        assert problem is not None and "unexpected" in problem


def test_load_factory_takes_a_move_engine_command_and_only_one_engine() -> None:
    factory = load_factory(None, None, 3.0, fake("right"))
    assert isinstance(factory, MoveLinesFactory)
    factory.close()
    with pytest.raises(AdapterLoadError, match="--cmd and --moves-cmd each name an engine"):
        load_factory(None, "node x.js", 3.0, "node y.js")
    with pytest.raises(AdapterLoadError, match="--moves-cmd '/nonexistent/engine': no program"):
        load_factory(None, None, 3.0, "/nonexistent/engine")


def test_the_guide_calls_the_commands_with_options_they_have() -> None:
    guide = (ROOT / "docs" / "moves-protocol.md").read_text(encoding="utf-8")
    commands = [shlex.split(line) for line in guide.splitlines() if line.startswith("pyramide ")]
    assert {command[1] for command in commands} == {"check", "detect", "differential"}
    for command in commands:
        if command[1] == "differential":
            args = differential.build_parser("pyramide differential").parse_args(command[2:])
        else:
            args = build_parser().parse_args(command[1:])
        assert args.moves_cmd, command
