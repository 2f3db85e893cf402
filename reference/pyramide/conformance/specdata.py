"""The specification as data: load, validate and read ``spec/``.

Every file is read with ``yaml.safe_load``, checked against its JSON Schema in ``spec/schemas``
and then against the rest of the specification (known rule IDs, profiles, document sections,
well-formed cards and layouts). Anything wrong raises :class:`SpecError`, whose message names the
file, the field path and, where PyYAML knows it, the line: a suite author fixes the file without
reading a traceback.

The other parts of the harness read the specification only through the typed accessors here:
:func:`load_rules`, :func:`load_messages`, :func:`load_profiles`, :func:`load_fixtures`,
:func:`render_message`; :func:`replay` plays a fixture's transcript through any adapter.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from ..cards import Card, CardError
from ..dealcode import DealCodeError, parse_code
from ..layout import EMPTY, GEOMETRIES, Geometry, Layout, LayoutError
from ..notation import read_layout
from .adapter import Adapter, LayoutData, Snapshot, parse_target
from .paths import spec_dir

PathPart = str | int

LANGUAGES = ("fr", "hu", "en")
SWITCHES = (
    "strict_win",
    "max_recycles",
    "waste_play",
    "stock_top_playable",
    "pairs_with_covering_card",
    "stock_24",
    "face_down",
    "deck",
    "layout",
    "reserves",
    "waste_piles",
    "draw_count",
    "waste_keeps",
)
"""The rule switches, in the order spec/profiles.yaml lists them."""
CONVENTIONS = ("score", "move_counter", "undo_counter", "undo_depth", "pairing", "recycle_draw")
"""The conventions an engine declares (how it shows what it counts, how a pair is tapped, what
one tap on the empty stock does)."""


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


# --- reading files --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Document:
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
        return SpecError(self.file, message, path, _line_of(self.root, path))


def _line_of(node: yaml.Node | None, path: Sequence[PathPart]) -> int | None:
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


def _read(file: Path, schema_name: str) -> _Document:
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
    document = _Document(file, data, text)
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


# --- rules ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    doc: str
    section: str


@dataclass(frozen=True)
class Document:
    """One rules document, cited by its key."""

    key: str
    number: str | None
    """Its number in the rules folder; None for an engine's rules read elsewhere."""
    title: str
    language: str
    description: str
    sections: tuple[str, ...]
    where: str | None = None


@dataclass(frozen=True)
class Rule:
    id: str
    area: str
    status: str
    title: str
    statement: str
    sources: tuple[Source, ...]
    when: Mapping[str, tuple[str, ...]]
    """Switch or convention name → the states under which the rule holds (none: always)."""
    profiles: tuple[str, ...]
    """The named profiles the rule holds under (with the app's conventions), derived from
    ``when``."""

    def holds(self, states: Mapping[str, str]) -> bool:
        """Whether the rule holds where each switch and convention is in the given state."""
        return all(states.get(name) in allowed for name, allowed in self.when.items())

    def conflicts(self, states: Mapping[str, str]) -> list[str]:
        """Why the rule does not hold: ``name is state, the rule needs one of ...`` lines."""
        return [
            f"{name} is {states.get(name)}, {self.id} needs {' or '.join(allowed)}"
            for name, allowed in self.when.items()
            if states.get(name) not in allowed
        ]


@dataclass(frozen=True)
class OpenPoint:
    number: int
    topic: str
    question: str
    settlement: str
    resolution: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Catalogue:
    """spec/rules.yaml: the documents, the rules in catalogue order, the settled open points."""

    documents: Mapping[str, Document]
    rules: Mapping[str, Rule]
    open_points: tuple[OpenPoint, ...]

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise KeyError(f"unknown rule ID {rule_id!r}") from None

    def areas(self) -> dict[str, list[Rule]]:
        """Rules grouped by area, areas in order of first appearance."""
        grouped: dict[str, list[Rule]] = {}
        for rule in self.rules.values():
            grouped.setdefault(rule.area, []).append(rule)
        return grouped


@cache
def load_rules(root: Path | None = None) -> Catalogue:
    """Read and check spec/rules.yaml (rule IDs unique; sources name known sections)."""
    document = _read((root or spec_dir()) / "rules.yaml", "rules.schema.json")
    data = document.data
    documents = {
        key: Document(
            key,
            value.get("number"),
            value["title"],
            value["language"],
            value.get("description", ""),
            tuple(value["sections"]),
            value.get("where"),
        )
        for key, value in data["documents"].items()
    }
    profiles = load_profiles(root)
    settings = {**profiles.switches, **profiles.conventions}
    named_states = {
        name: profiles.states(spec.switches) for name, spec in profiles.profiles.items()
    }
    rules: dict[str, Rule] = {}
    for n, item in enumerate(data["rules"]):
        path: list[PathPart] = ["rules", n]
        if item["id"] in rules:
            raise document.error(f"rule ID {item['id']} appears twice", [*path, "id"])
        for s, source in enumerate(item["sources"]):
            doc = documents.get(source["doc"])
            if doc is None:
                raise document.error(
                    f"unknown document {source['doc']!r}", [*path, "sources", s, "doc"]
                )
            if source["section"] not in doc.sections:
                raise document.error(
                    f"{source['doc']} has no section {source['section']!r}",
                    [*path, "sources", s, "section"],
                )
        when = item.get("when", {})
        for name, allowed in when.items():
            setting = settings.get(name)
            if setting is None:
                raise document.error(
                    f"unknown switch or convention {name!r}; known: {', '.join(settings)}",
                    [*path, "when", name],
                )
            for a, state in enumerate(allowed):
                if state not in setting.states:
                    raise document.error(
                        f"{name} has no state {state!r}; its states: {', '.join(setting.states)}",
                        [*path, "when", name, a],
                    )
        rule = Rule(
            item["id"],
            item["area"],
            item["status"],
            item["title"].strip(),
            " ".join(item["statement"].split()),
            tuple(Source(s["doc"], s["section"]) for s in item["sources"]),
            {name: tuple(allowed) for name, allowed in when.items()},
            (),
        )
        held = tuple(name for name, states in named_states.items() if rule.holds(states))
        rules[item["id"]] = replace(rule, profiles=held)
    points = []
    for n, item in enumerate(data["open_points"]):
        _check_ids(document, rules, item["rules"], ["open_points", n, "rules"])
        points.append(
            OpenPoint(
                item["number"],
                item["topic"],
                " ".join(item["question"].split()),
                item["settlement"],
                " ".join(item["resolution"].split()),
                tuple(item["rules"]),
            )
        )
    return Catalogue(documents, rules, tuple(points))


def _check_ids(
    document: _Document, known: Mapping[str, object], ids: Sequence[str], path: list[PathPart]
) -> None:
    for n, rule_id in enumerate(ids):
        if rule_id not in known:
            raise document.error(f"unknown rule ID {rule_id!r}", [*path, n])


def _known_rule_ids(root: Path | None) -> Mapping[str, object]:
    return load_rules(root).rules


# --- messages -------------------------------------------------------------------------------


@dataclass(frozen=True)
class MessageText:
    key: str
    rules: tuple[str, ...]
    params: tuple[str, ...]
    texts: Mapping[str, str]


@cache
def load_messages(root: Path | None = None) -> dict[str, MessageText]:
    """Read spec/messages.yaml; every text must use exactly the declared parameters."""
    document = _read((root or spec_dir()) / "messages.yaml", "messages.schema.json")
    known = _known_rule_ids(root)
    messages: dict[str, MessageText] = {}
    for n, item in enumerate(document.data["messages"]):
        path: list[PathPart] = ["messages", n]
        if item["key"] in messages:
            raise document.error(f"message key {item['key']} appears twice", [*path, "key"])
        _check_ids(document, known, item["rules"], [*path, "rules"])
        for language in LANGUAGES:
            slots = [name for _, name, _, _ in string.Formatter().parse(item[language]) if name]
            if sorted(slots) != sorted(item["params"]):
                raise document.error(
                    f"the text uses slots {slots}, but params declares {item['params']}",
                    [*path, language],
                )
        messages[item["key"]] = MessageText(
            item["key"],
            tuple(item["rules"]),
            tuple(item["params"]),
            {language: item[language] for language in LANGUAGES},
        )
    return messages


def render_message(key: str, language: str, params: Mapping[str, int] | None = None) -> str:
    """The text a player reads, e.g. ``render_message("sum-must-equal", "hu", {"target": 13})``."""
    message = load_messages().get(key)
    if message is None:
        raise KeyError(f"unknown message key {key!r}")
    if language not in message.texts:
        raise KeyError(f"no {language!r} text; languages: {', '.join(LANGUAGES)}")
    given = dict(params or {})
    if sorted(given) != sorted(message.params):
        raise KeyError(f"message {key!r} takes parameters {list(message.params)}, got {given}")
    return message.texts[language].format(**given)


# --- profiles -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """A switch (part of a rule set) or a convention (declared by an engine), with its states."""

    name: str
    description: str
    states: Mapping[str, str]
    """State → what it means. A rule's ``when`` names states, never raw values."""
    app: str | None = None
    """A convention's state in the app (switches take theirs from the app profile)."""


def switch_state(name: str, value: object) -> str:
    """The state a switch value falls into: ``on``/``off`` for a yes-or-no switch,
    ``unlimited``/``limited``/``none`` (no recycle: a single pass) for ``max_recycles``, the
    value itself otherwise."""
    if name == "max_recycles":
        return "unlimited" if value is None else "limited" if value else "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass(frozen=True)
class ProfileSpec:
    name: str
    letter: str
    description: str
    switches: Mapping[str, Any]


@dataclass(frozen=True)
class Profiles:
    """spec/profiles.yaml: the switches, the conventions and the named profiles, by name."""

    switches: Mapping[str, Setting]
    conventions: Mapping[str, Setting]
    profiles: Mapping[str, ProfileSpec]

    @property
    def app_conventions(self) -> dict[str, str]:
        """Every convention at its app state."""
        return {name: str(c.app) for name, c in self.conventions.items()}

    def states(
        self, switches: Mapping[str, Any], conventions: Mapping[str, str] | None = None
    ) -> dict[str, str]:
        """The state of every switch and convention (conventions default to the app's)."""
        states = {name: switch_state(name, switches[name]) for name in self.switches}
        return {**states, **self.app_conventions, **(conventions or {})}


def _settings(document: _Document, key: str) -> dict[str, Setting]:
    return {
        item["name"]: Setting(
            item["name"],
            " ".join(item["description"].split()),
            {state: " ".join(str(text).split()) for state, text in item["states"].items()},
            item.get("app"),
        )
        for item in document.data[key]
    }


@cache
def _profiles_document(root: Path | None) -> _Document:
    return _read((root or spec_dir()) / "profiles.yaml", "profiles.schema.json")


@cache
def load_profiles(root: Path | None = None) -> Profiles:
    """Read spec/profiles.yaml: every switch state a profile uses must be declared."""
    document = _profiles_document(root)
    switches = _settings(document, "switches")
    conventions = _settings(document, "conventions")
    for names, key in ((SWITCHES, "switches"), (CONVENTIONS, "conventions")):
        listed = list(switches if key == "switches" else conventions)
        if listed != list(names):
            raise document.error(f"{key} must be, in this order: {', '.join(names)}", [key])
    for n, item in enumerate(document.data["conventions"]):
        if item["app"] not in item["states"]:
            raise document.error(
                f"the app's state {item['app']!r} is not a state", ["conventions", n, "app"]
            )
    profiles: dict[str, ProfileSpec] = {}
    letters: set[str] = set()
    for n, item in enumerate(document.data["profiles"]):
        if item["name"] in profiles or item["letter"] in letters:
            raise document.error("profile name or letter used twice", ["profiles", n])
        letters.add(item["letter"])
        for name, value in item["switches"].items():
            if switch_state(name, value) not in switches[name].states:
                raise document.error(
                    f"{name} has no state for {value!r}", ["profiles", n, "switches", name]
                )
        profiles[item["name"]] = ProfileSpec(
            item["name"],
            item["letter"],
            " ".join(item["description"].split()),
            dict(item["switches"]),
        )
    return Profiles(switches, conventions, profiles)


# --- deal fixtures --------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    max_removed: int | None = None
    winnable: bool | None = None
    par: int | None = None
    has_par: bool = False
    """Whether ``par`` was given (it may be given as null: no win exists)."""


@dataclass(frozen=True)
class Expectation:
    """Observations a snapshot must show; cards already in ASCII, as snapshots write them."""

    checks: Mapping[str, Any]
    where: str
    """``file, line N, at transcript[3].expect`` for failure messages."""

    def mismatches(self, snapshot: Snapshot, language: str | None = "key") -> list[str]:
        """Every check the snapshot fails, as ``field: expected X, got Y``.

        ``language`` is the adapter's message capability: with ``"key"`` messages compare by
        key and parameters, with ``fr``/``hu``/``en`` by the rendered text.
        """
        found: list[str] = []
        for name, expected in self.checks.items():
            actual = _observe(snapshot, name, expected, language)
            if name == "message" and expected is not None and language in LANGUAGES:
                expected = render_message(expected["key"], language, expected.get("params"))
            if actual != expected:
                found.append(f"{name}: expected {_show(expected)}, got {_show(actual)}")
        return found


def _observe(snapshot: Snapshot, name: str, expected: Any, language: str | None) -> Any:
    if name == "pyramid":
        return [list(row) for row in snapshot.pyramid]
    if name == "rows":
        return {row: list(snapshot.pyramid[int(row) - 1]) for row in expected}
    if name == "waste":
        return list(snapshot.waste)
    if name == "waste_top":
        return snapshot.waste[-1] if snapshot.waste else None
    if name == "stock":
        return None if snapshot.stock is None else list(snapshot.stock)
    if name == "piles":
        return {target: list(snapshot.pile(target)) for target in expected}
    if name == "message":
        shown = snapshot.message
        if shown is None:
            return None
        if language in LANGUAGES:
            return shown.text
        return {"key": shown.key, "params": dict(shown.params)}
    value: Any = getattr(snapshot, name)
    return value


def _show(value: Any) -> str:
    if isinstance(value, list) and value and isinstance(value[0], list):
        return " / ".join(" ".join(card or EMPTY for card in row) for row in value)
    if isinstance(value, list):
        return " ".join(card or EMPTY for card in value) or "(none)"
    return json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True)
class Step:
    action: str
    """``tap`` or ``undo``."""
    target: str | None
    repeat: int
    expect: Expectation | None
    note: str | None
    where: str


@dataclass(frozen=True)
class Fixture:
    id: str
    title: str
    description: str
    rules: tuple[str, ...]
    profile: str
    error_help: bool
    code: str | None
    layout: LayoutData | None
    """The position in the adapter protocol's notation (ASCII cards, ``None`` for empty)."""
    facts: Facts | None
    initial: Expectation | None
    transcript: tuple[Step, ...]
    file: Path = field(compare=False)

    def start_arguments(self) -> dict[str, Any]:
        """Keyword arguments for :meth:`Adapter.start`."""
        start: dict[str, Any] = {"profile": self.profile, "error_help": self.error_help}
        if self.code is not None:
            start["code"] = self.code
        else:
            start["layout"] = self.layout
        return start


def load_fixture(file: Path, root: Path | None = None) -> Fixture:
    """Read and check one fixture file."""
    document = _read(file, "deal.schema.json")
    data = document.data
    if data["id"] != file.stem:
        raise document.error(f"the id must be the file's name, {file.stem!r}", ["id"])
    _check_ids(document, _known_rule_ids(root), data["rules"], ["rules"])
    profiles = load_profiles(root).profiles
    if data["profile"] not in profiles:
        raise document.error(f"unknown profile {data['profile']!r}", ["profile"])
    geometry = GEOMETRIES[profiles[data["profile"]].switches["layout"]]
    code = data.get("code")
    if code is not None:
        try:
            letter = parse_code(code).profile.letter
        except DealCodeError as error:
            raise document.error(str(error), ["code"]) from None
        if letter != profiles[data["profile"]].letter:
            raise document.error(f"the code's letter {letter} is not profile {data['profile']}")
    layout = None
    if "layout" in data:
        layout = _layout(document, data["layout"], geometry)
    facts = None
    if "facts" in data:
        raw = data["facts"]
        facts = Facts(raw.get("max_removed"), raw.get("winnable"), raw.get("par"), "par" in raw)
    initial = None
    if "initial" in data:
        initial = _expectation(document, data["initial"], ["initial"], geometry)
    steps = []
    for n, raw in enumerate(data.get("transcript", [])):
        path: list[PathPart] = ["transcript", n]
        expect = raw.get("expect")
        if "tap" in raw:
            _check_target(document, raw["tap"], [*path, "tap"], geometry)
        steps.append(
            Step(
                "tap" if "tap" in raw else "undo",
                raw.get("tap"),
                raw.get("repeat", 1),
                None
                if expect is None
                else _expectation(document, expect, [*path, "expect"], geometry),
                raw.get("note"),
                _where(document, path),
            )
        )
    return Fixture(
        data["id"],
        data["title"],
        " ".join(data.get("description", "").split()),
        tuple(data["rules"]),
        data["profile"],
        data.get("error_help", True),
        code,
        layout,
        facts,
        initial,
        tuple(steps),
        file,
    )


def _check_target(
    document: _Document, target: str, path: Sequence[PathPart], geometry: Geometry
) -> None:
    try:
        place = parse_target(target)
    except ValueError as error:
        raise document.error(str(error), path) from None
    if isinstance(place, tuple) and not geometry.has(*place):
        raise document.error(
            f"not a tap target: {target!r} (no such place in a {geometry.name})", path
        )


def _where(document: _Document, path: Sequence[PathPart]) -> str:
    return location(document.file, path, _line_of(document.root, path))


def _ascii(document: _Document, text: str, path: Sequence[PathPart]) -> str | None:
    if text == EMPTY:
        return None
    try:
        return Card.parse(text).ascii
    except CardError as error:
        raise document.error(str(error), path) from None


def _cards(document: _Document, text: str, path: Sequence[PathPart]) -> list[str | None]:
    return [_ascii(document, word, path) for word in text.split()]


def _rows(
    document: _Document, rows: Sequence[str], path: list[PathPart], geometry: Geometry
) -> list[list[str | None]]:
    parsed = []
    for n, row in enumerate(rows):
        cards = _cards(document, row, [*path, n])
        if len(cards) != geometry.row_lengths[n]:
            raise document.error(
                f"row {n + 1} must hold {geometry.row_lengths[n]} places", [*path, n]
            )
        parsed.append(cards)
    return parsed


PILE_NUMBERS = {"waste": (2, 3), "reserve": tuple(range(1, 9))}
"""The numbered piles a layout or an expectation may name (``waste-2``, ``reserve-8``)."""


def _piles(document: _Document, raw: Mapping[str, str], path: list[PathPart]) -> dict[str, Any]:
    """``{"waste-2": "5♣ 9♦", ...}`` as the protocol's ``more_wastes`` and ``reserves``: every
    pile up to the last one named, the ones left out empty."""
    named = {target: _cards(document, text, [*path, target]) for target, text in raw.items()}
    data: dict[str, Any] = {}
    for kind, key in (("waste", "more_wastes"), ("reserve", "reserves")):
        numbers = [n for n in PILE_NUMBERS[kind] if f"{kind}-{n}" in named]
        if numbers:
            data[key] = [
                named.get(f"{kind}-{n}", []) for n in PILE_NUMBERS[kind] if n <= numbers[-1]
            ]
    return data


def _layout(document: _Document, raw: Mapping[str, Any], geometry: Geometry) -> LayoutData:
    data: dict[str, Any] = {
        "pyramid": _rows(document, raw["pyramid"], ["layout", "pyramid"], geometry),
        "waste": _cards(document, raw["waste"], ["layout", "waste"]),
        "stock": _cards(document, raw["stock"], ["layout", "stock"]),
        **_piles(document, raw.get("piles", {}), ["layout", "piles"]),
    }
    try:
        read_layout(
            [[card or EMPTY for card in row] for row in data["pyramid"]],
            data["waste"],
            data["stock"],
            more_wastes=data.get("more_wastes", ()),
            reserves=data.get("reserves", ()),
            geometry=geometry,
        )
    except LayoutError as error:
        raise document.error(str(error), ["layout"]) from None
    return data


def _expectation(
    document: _Document, raw: Mapping[str, Any], path: list[PathPart], geometry: Geometry
) -> Expectation:
    checks: dict[str, Any] = {}
    for name, value in raw.items():
        here = [*path, name]
        if name == "pyramid":
            checks[name] = _rows(document, value, here, geometry)
        elif name == "rows":
            checks[name] = {
                row: _cards(document, text, [*here, row]) for row, text in value.items()
            }
            for row, cards in checks[name].items():
                places = geometry.row_lengths[int(row) - 1]
                if len(cards) != places:
                    raise document.error(f"row {row} must hold {places} places", [*here, row])
        elif name == "piles":
            checks[name] = {
                target: _cards(document, text, [*here, target]) for target, text in value.items()
            }
        elif name in ("waste", "stock"):
            checks[name] = _cards(document, value, here)
        elif name == "waste_top":
            checks[name] = None if value is None else _ascii(document, value, here)
        elif name == "selected" and value is not None:
            _check_target(document, value, here, geometry)
            checks[name] = value
        elif name == "message" and value is not None:
            if value["key"] not in load_messages():
                raise document.error(f"unknown message key {value['key']!r}", [*here, "key"])
            checks[name] = {"key": value["key"], "params": dict(value.get("params", {}))}
        else:
            checks[name] = value
    return Expectation(checks, _where(document, path))


@cache
def load_fixtures(root: Path | None = None) -> tuple[Fixture, ...]:
    """Every fixture of spec/deals, in file-name order."""
    folder = (root or spec_dir()) / "deals"
    return tuple(load_fixture(file, root) for file in sorted(folder.glob("*.yaml")))


def fixture(fixture_id: str) -> Fixture:
    """One fixture by id."""
    for item in load_fixtures():
        if item.id == fixture_id:
            return item
    raise KeyError(f"no fixture {fixture_id!r} in spec/deals")


def documented_layout(fixture_id: str) -> Layout:
    """The pyramid and waste a fixture's ``initial`` expectation draws, as a :class:`Layout`
    (the stock left empty): how scripts and tests read a documented deal without writing it
    out again."""
    found = fixture(fixture_id)
    if found.initial is None or "pyramid" not in found.initial.checks:
        raise SpecError(spec_dir() / "deals", f"fixture {fixture_id!r} draws no initial pyramid")
    checks = found.initial.checks
    rows = [[EMPTY if card is None else card for card in row] for row in checks["pyramid"]]
    return read_layout(rows, waste=checks.get("waste", []))


def load_all(root: Path | None = None) -> None:
    """Load every spec file, so that every check above runs; raise the first problem found."""
    load_rules(root)
    load_messages(root)
    load_fixtures(root)


# --- replaying transcripts ------------------------------------------------------------------


def play(adapter: Adapter, step: Step) -> Snapshot:
    """Play one step, every repetition of it, and return the snapshot after the last."""
    snapshot = adapter.snapshot()
    for _ in range(step.repeat):
        snapshot = adapter.undo() if step.target is None else adapter.tap(step.target)
    return snapshot


def replay(adapter: Adapter, item: Fixture, language: str | None = "key") -> list[str]:
    """Start the fixture's game, play its transcript and list every expectation not met."""
    snapshot = adapter.start(**item.start_arguments())
    failures = _failures(item.initial, snapshot, language)
    for step in item.transcript:
        snapshot = play(adapter, step)
        failures.extend(_failures(step.expect, snapshot, language))
    return failures


def _failures(expect: Expectation | None, snapshot: Snapshot, language: str | None) -> list[str]:
    if expect is None:
        return []
    return [f"{expect.where}: {problem}" for problem in expect.mismatches(snapshot, language)]
