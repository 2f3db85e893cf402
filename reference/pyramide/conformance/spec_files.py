"""Reading a spec file: YAML read safely, checked against its JSON Schema, every problem located.

Anything wrong raises :class:`SpecError`, whose message names the file, the field path and,
where PyYAML knows it, the line: a suite author fixes the file without reading a traceback. The
meaning of each file (rules, messages, profiles: :mod:`.specdata`; deal fixtures:
:mod:`.deal_fixtures`) is checked by the module that reads it; this one only reads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from .paths import spec_dir

PathPart = str | int


class SpecError(ValueError):
    """A problem in a spec file, located by file, field path and (when known) line."""

    def __init__(
        self, file: Path, message: str, path: Sequence[PathPart] = (), line: int | None = None
    ) -> None:
        self.file = file
        self.path = tuple(path)
        self.line = line
        super().__init__(f"{location(file, path, line)}: {message}")


def read_user_yaml(path: Path, what: str, error: type[Exception]) -> Any:
    """A YAML file a user hands the harness, read safely; ``error`` names the file and what
    is wrong (unreadable, or not YAML) in one line."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as problem:
        raise error(f"{path}: cannot read the {what} ({problem})") from None
    except yaml.YAMLError as problem:
        raise error(f"{path}: not valid YAML ({problem})") from None


def location(file: Path, path: Sequence[PathPart] = (), line: int | None = None) -> str:
    """``spec/deals/x.yaml, line 12, at transcript[3].expect``."""
    where = str(file)
    if line is not None:
        where += f", line {line}"
    if path:
        where += f", at {format_path(path)}"
    return where


def format_path(path: Sequence[PathPart]) -> str:
    """``transcript[3].expect.score`` for ``("transcript", 3, "expect", "score")``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


@dataclass(frozen=True)
class SpecDocument:
    """A parsed YAML file with what is needed to put line numbers on errors."""

    file: Path
    data: Any
    text: str

    @cached_property
    def root(self) -> yaml.Node | None:
        """The node tree, composed only when an error needs a line number (it costs as much as
        the loading itself)."""
        return yaml.compose(self.text)

    def error(self, message: str, path: Sequence[PathPart] = ()) -> SpecError:
        return SpecError(self.file, message, path, line_of(self.root, path))


def line_of(node: yaml.Node | None, path: Sequence[PathPart]) -> int | None:
    """The line of the deepest node along ``path`` that the file has."""
    if node is None:
        return None
    for part in path:
        child: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            child = next((v for k, v in node.value if k.value == str(part)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            child = node.value[part] if 0 <= part < len(node.value) else None
        if child is None:
            break
        node = child
    return node.start_mark.line + 1


def read_spec(file: Path, schema_name: str) -> SpecDocument:
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise SpecError(file, f"cannot read the file: {error.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = None if mark is None else mark.line + 1
        problem = getattr(error, "problem", None) or str(error)
        raise SpecError(file, f"not valid YAML: {problem}", line=line) from None
    document = SpecDocument(file, data, text)
    schema = _schema(schema_name)
    best = _best_error(schema, data)
    if best is not None:
        raise document.error(_schema_message(best, schema), list(best.absolute_path))
    return document


def _best_error(schema: Mapping[str, Any], data: Any) -> jsonschema.ValidationError | None:
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), e.message))
    return jsonschema.exceptions.best_match(errors) if errors else None


def switch_values_problem(values: Mapping[str, Any]) -> str | None:
    """What is wrong with a value for every switch (``spec/schemas/profiles.schema.json``, the
    one place that writes each switch's kind, bounds and the values that contradict each other):
    ``"switch: problem"``, or ``None`` for a rule set that can be played."""
    schema = _schema("profiles.schema.json")
    root = {**schema["$defs"]["switchValues"], "$defs": schema["$defs"]}
    best = _best_error(root, dict(values))
    if best is None:
        return None
    where = ".".join(str(part) for part in best.absolute_path)
    message = _schema_message(best, root)
    return f"{where}: {message}" if where else message


def _schema_message(error: jsonschema.ValidationError, root: Mapping[str, Any]) -> str:
    if error.validator == "additionalProperties":
        return f"unknown field: {error.message}"
    if "then" in error.schema_path:
        allowed = json.dumps(error.validator_value, ensure_ascii=False)
        return f"only {allowed} is allowed here: {_why(error, root)}"
    if error.validator == "oneOf" and error.context:
        return f"{error.message.split(' is not valid')[0]} matches none of the allowed forms"
    return error.message


def _why(error: jsonschema.ValidationError, root: Mapping[str, Any]) -> str:
    """The ``description`` of the ``if``/``then`` pair an error comes from: why the values
    contradict each other. The error's schema path leaves out the ``$ref`` hops it took."""
    node: Any = root
    path = list(error.schema_path)
    for part in path[: path.index("then")]:
        while isinstance(node, Mapping) and part not in node and "$ref" in node:
            node = root["$defs"][node["$ref"].removeprefix("#/$defs/")]
        node = node[part]
    return str(node.get("description", "they contradict each other"))


@cache
def _schema(name: str) -> dict[str, Any]:
    file = spec_dir() / "schemas" / name
    try:
        schema: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise SpecError(file, f"cannot load the schema: {error}") from None
    return schema


def check_ids(
    document: SpecDocument, known: Mapping[str, object], ids: Sequence[str], path: list[PathPart]
) -> None:
    for n, rule_id in enumerate(ids):
        if rule_id not in known:
            raise document.error(f"unknown rule ID {rule_id!r}", [*path, n])
