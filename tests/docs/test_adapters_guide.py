"""docs/adapters.md against the protocol's JSON Schema and the harness's own constants.

An author in another language writes an engine from the guide's tables alone, so every table
is checked against what the harness really sends and accepts: a field, a capability, a tap
target or a revision added to the schema or to ``adapter.py`` fails here until the guide says it.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from argparse import _SubParsersAction
from collections.abc import Iterator, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import yaml
from checkruns import run_check
from jsonschema import Draft202012Validator
from pyramide.cli import build_parser
from pyramide.conformance.adapter import (
    DRAW_REVISION,
    DRAW_TARGETS,
    MORE_PILES,
    PILE_TARGETS,
    REVISION,
    REVISION_2_SWITCHES,
    SWITCHES_SINCE,
    Capabilities,
    Snapshot,
)
from pyramide.conformance.differential import TAPPED_OTHERWISE
from pyramide.conformance.jsonlines import PROTOCOL

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
SCHEMA: dict[str, Any] = json.loads((ROOT / "spec" / "schemas" / "protocol.json").read_text())
DEFS: dict[str, Any] = SCHEMA["$defs"]
JS_ENGINE = ROOT / "docs" / "examples" / "js-engine" / "engine.js"
SPEC_RULE_SETS = yaml.safe_load((ROOT / "spec" / "profiles.yaml").read_text())
CONVENTIONS = SPEC_RULE_SETS["conventions"]

Row = list[str]


def tables(text: str) -> Iterator[tuple[Row, list[Row]]]:
    """Every Markdown table of ``text``: its header cells and its rows' cells."""
    for block in re.findall(r"(?:^\|.*\|\n)+", text, re.MULTILINE):
        lines = [cells(line) for line in block.splitlines()]
        yield lines[0], lines[2:]


def cells(line: str) -> Row:
    return [cell.strip() for cell in line.strip("|").split(" | ")]


def table(first_header: str) -> list[Row]:
    """The rows of the one table whose first header cell is ``first_header``."""
    (rows,) = [rows for header, rows in tables(GUIDE) if header[0] == first_header]
    return rows


def names(cell: str) -> list[str]:
    """The names a cell writes in code (`waste-2`), ``…`` ranges spelt out where numbered."""
    found: list[str] = []
    for first, last in re.findall(r"`([^`]+)`(?: … `([^`]+)`)?", cell):
        found.extend(spelt_out(first, last) if last else [first])
    return found


def spelt_out(first: str, last: str) -> list[str]:
    """``reserve-1`` … ``reserve-8`` as eight names; ``r8c1`` … ``r10c10`` as every place of
    rows 8 to 10."""
    place = re.compile(r"r(\d+)c(\d+)")
    if (start := place.fullmatch(first)) and (end := place.fullmatch(last)):
        rows = range(int(start[1]), int(end[1]) + 1)
        return [f"r{row}c{col}" for row in rows for col in range(1, row + 1)]
    stem, low = first.rsplit("-", 1)
    return [f"{stem}-{n}" for n in range(int(low), int(last.rsplit("-", 1)[1]) + 1)]


def paragraph(starting: str) -> str:
    """The paragraph of the guide that starts with ``starting``, on one line."""
    (found,) = re.findall(rf"^{re.escape(starting)}.*?(?=\n\n)", GUIDE, re.MULTILINE | re.DOTALL)
    return " ".join(found.split())


def first_column(rows: list[Row]) -> set[str]:
    return {name for row in rows for name in names(row[0])}


def test_the_snapshot_table_has_every_field_of_the_schema() -> None:
    rows = table("field")
    assert first_column(rows) == set(DEFS["snapshot"]["properties"])
    assert {field.name for field in fields(Snapshot)} == set(DEFS["snapshot"]["properties"])
    (pyramid,) = [row for row in rows if row[0] == "`pyramid`"]
    rows_allowed = (DEFS["rows"]["minItems"], DEFS["rows"]["maxItems"])
    assert all(f"{count} rows" in pyramid[1] for count in rows_allowed), pyramid


def test_the_layout_notation_names_every_field_of_the_schema() -> None:
    layout = paragraph("- **A layout**")
    assert all(
        f'"{field}"' in layout or f"`{field}`" in layout for field in DEFS["layout"]["properties"]
    )


def test_the_capabilities_table_has_every_capability_of_the_schema() -> None:
    rows = table("capability")
    assert first_column(rows) == set(DEFS["capabilities"]["properties"])
    assert set(Capabilities().to_json()) == set(DEFS["capabilities"]["properties"])
    (revision,) = [row for row in rows if row[0] == "`revision`"]
    said = {int(n) for n in re.findall(r"\d+", revision[1].split("(")[0])}
    assert said == set(range(1, REVISION + 1)), revision


def test_the_conventions_table_has_every_convention_and_state_of_the_spec() -> None:
    shown = {row[0].strip("`"): names(row[1]) for row in table("convention")}
    assert shown == {
        convention["name"]: [convention["app"]]
        + [state for state in convention["states"] if state != convention["app"]]
        for convention in CONVENTIONS
    }
    described = DEFS["capabilities"]["properties"]["conventions"]["description"]
    assert all(convention["name"] in described for convention in CONVENTIONS), described


def test_the_request_table_has_every_op_and_field_of_the_schema() -> None:
    requests = DEFS["request"]["oneOf"]
    ops = {op for request in requests for op in ops_of(request["properties"]["op"])}
    fields = {field for request in requests for field in request["properties"]}
    rows = table("request")
    assert {re.findall(r'"op": "([a-z]+)"', row[0])[0] for row in rows} == ops
    assert {name for row in rows for name in names(row[1])} | {"id", "op"} == fields


def ops_of(op: Mapping[str, Any]) -> list[str]:
    return [op["const"]] if "const" in op else list(op["enum"])


def target_revision(target: str) -> int:
    """The revision that brought ``target``, by the harness's constants."""
    if target in DRAW_TARGETS:
        return DRAW_REVISION
    place = re.fullmatch(r"r(\d+)c\d+", target)
    if target in MORE_PILES or (place and int(place[1]) > int(str(REVISION_2_SWITCHES["rows"]))):
        return 2
    return 1


def test_the_tap_target_table_has_every_target_with_its_revision() -> None:
    listed = {name: int(row[2]) for row in table("target") for name in names(row[0])}
    pattern = re.compile(DEFS["target"]["pattern"])
    assert all(pattern.match(target) for target in listed), listed
    assert set(PILE_TARGETS) <= set(listed)
    most = int(re.findall(r"\d+", DEFS["rows"]["description"])[-1])
    assert {f"r{row}c{row}" for row in range(1, most + 1)} <= set(listed)
    assert {target: target_revision(target) for target in listed} == listed


def test_the_handshake_shown_is_the_harness_s_hello() -> None:
    (hello,) = re.findall(r'^\{"op": "hello".*\}$', GUIDE, re.MULTILINE)
    assert json.loads(hello) == {"op": "hello", "protocol": PROTOCOL, "revision": REVISION}


def timed_commands() -> dict[str, float]:
    """The ``pyramide`` commands that take ``--timeout``, with its default."""
    (commands,) = [
        action for action in build_parser()._actions if isinstance(action, _SubParsersAction)
    ]
    return {
        name: action.default
        for name, command in commands.choices.items()
        for action in command._actions
        if "--timeout" in action.option_strings
    }


def test_the_handshake_answer_shown_is_one_the_harness_accepts() -> None:
    (shown,) = re.findall(r"its capabilities:\n\n```json\n(.*?)```", GUIDE, re.DOTALL)
    validator = Draft202012Validator({"$ref": "#/$defs/hello-answer", "$defs": DEFS})
    validator.validate(json.loads(shown))


def test_each_revision_s_notes_name_the_switches_it_added() -> None:
    for revision, switches in SWITCHES_SINCE.items():
        (notes,) = re.findall(rf"^### Revision {revision}\b.*?(?=^##)", GUIDE, re.DOTALL | re.M)
        assert all(f"`{switch}`" in notes for switch in switches), (revision, switches)


def test_the_revision_2_table_names_profiles_that_play_each_variant() -> None:
    """Each variant of the table is shown by a profile that takes its switch off the values
    every revision-1 engine plays."""
    switches = {p["name"]: p["switches"] for p in SPEC_RULE_SETS["profiles"]}
    for row in table("what"):
        (profile,) = names(row[2])
        assert any(
            switches[profile][name] != value for name, value in REVISION_2_SWITCHES.items()
        ), row


def test_the_rule_sets_paragraph_names_every_profile() -> None:
    said = paragraph("A **rule set** is a set of switch values")
    profiles = SPEC_RULE_SETS["profiles"]
    assert [p["name"] for p in profiles if f"`{p['name']}`" not in said] == []


def test_the_deadline_paragraph_names_every_command_s_timeout_with_its_default() -> None:
    deadline = paragraph("The harness gives every request a deadline")
    timed = timed_commands()
    assert timed, "pyramide's commands take --timeout"
    for name, default in timed.items():
        assert f"`pyramide {name} --timeout`" in deadline, name
        assert f"({default:g} s by default" in deadline


def test_the_differential_s_exit_2_causes_name_every_interface_it_refuses() -> None:
    causes = paragraph("They are counted and listed with their reason")
    for convention in CONVENTIONS:
        reference_state = TAPPED_OTHERWISE.get(convention["name"])
        for state in convention["states"] if reference_state else ():
            if state != reference_state:
                assert f"`{convention['name']}: {state}`" in causes, state
    assert "`tables: false`" in causes


def node() -> str:
    """Node.js, which the JavaScript example needs: a check that cannot run fails, never skips."""
    found = shutil.which("node")
    assert found is not None, "Node.js is needed to run the JavaScript example engine"
    return found


def test_the_javascript_example_speaks_the_harness_s_revision() -> None:
    hello = json.dumps({"op": "hello", "protocol": PROTOCOL, "revision": REVISION})
    answer = subprocess.run(
        [node(), str(JS_ENGINE)], input=hello + "\n", capture_output=True, text=True, check=True
    )
    assert json.loads(answer.stdout)["capabilities"]["revision"] == REVISION


@pytest.mark.parametrize("profile", ["giza", "apophis", "pharaoh"])
def test_the_javascript_example_plays_the_latest_revision(profile: str, tmp_path: Path) -> None:
    """The guide's example engine plays the named variants' piles and rows: reserves, three
    waste piles with a draw onto the pile named, 10 rows of two decks."""
    engine = shlex.join([node(), str(JS_ENGINE)])
    run = run_check(tmp_path, "--cmd", engine, "--profile", profile, "--invariant-games", "2")
    assert run.status == 0, run.out
    reasons = {r["reason"] for r in run.scenarios if r["outcome"] == "not applicable"}
    assert all("a deal of its own" in reason for reason in reasons), reasons
