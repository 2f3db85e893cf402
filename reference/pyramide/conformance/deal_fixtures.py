"""The deal fixtures of ``spec/deals/``: a deal or a drawn table, the facts expected of it, and a
transcript of taps and undos with what each must show; :func:`replay` plays one through any
adapter and lists what it did not show.

A fixture's cards, layouts, tap targets and rule IDs are checked when it is read (:class:`SpecError`
names the file, field and line of a wrong one), so every fixture the suite holds can be played.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..cards import Card, CardError
from ..dealcode import DealCodeError, parse_code
from ..layout import EMPTY, Geometry, Layout, LayoutError, geometry_of
from ..notation import read_layout
from .adapter import Adapter, LayoutData, Snapshot, parse_target
from .paths import spec_dir
from .spec_files import PathPart, SpecDocument, SpecError, check_ids, line_of, location, read_spec
from .specdata import LANGUAGES, load_messages, load_profiles, load_rules, render_message


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
    document = read_spec(file, "deal.schema.json")
    data = document.data
    if data["id"] != file.stem:
        raise document.error(f"the id must be the file's name, {file.stem!r}", ["id"])
    check_ids(document, load_rules(root).rules, data["rules"], ["rules"])
    profiles = load_profiles(root).profiles
    if data["profile"] not in profiles:
        raise document.error(f"unknown profile {data['profile']!r}", ["profile"])
    switches = profiles[data["profile"]].switches
    geometry = geometry_of(switches["layout"], switches["rows"])
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
    document: SpecDocument, target: str, path: Sequence[PathPart], geometry: Geometry
) -> None:
    try:
        place = parse_target(target)
    except ValueError as error:
        raise document.error(str(error), path) from None
    if isinstance(place, tuple) and not geometry.has(*place):
        raise document.error(
            f"not a tap target: {target!r} (no such place in a {geometry.name})", path
        )


def _where(document: SpecDocument, path: Sequence[PathPart]) -> str:
    return location(document.file, path, line_of(document.root, path))


def _ascii(document: SpecDocument, text: str, path: Sequence[PathPart]) -> str | None:
    if text == EMPTY:
        return None
    try:
        return Card.parse(text).ascii
    except CardError as error:
        raise document.error(str(error), path) from None


def _cards(document: SpecDocument, text: str, path: Sequence[PathPart]) -> list[str | None]:
    return [_ascii(document, word, path) for word in text.split()]


def _rows(
    document: SpecDocument, rows: Sequence[str], path: list[PathPart], geometry: Geometry
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


def _piles(document: SpecDocument, raw: Mapping[str, str], path: list[PathPart]) -> dict[str, Any]:
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


def _layout(document: SpecDocument, raw: Mapping[str, Any], geometry: Geometry) -> LayoutData:
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
    document: SpecDocument, raw: Mapping[str, Any], path: list[PathPart], geometry: Geometry
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
