"""The specification's rules as data: the rule catalogue, the messages and the profiles of
``spec/``, each file read by :mod:`.spec_files` (YAML read safely, checked against its JSON
Schema) and then checked against the rest of the specification (known rule IDs, profiles,
document sections); a problem raises :class:`~.spec_files.SpecError` naming file, field and line.

The other parts of the harness read the specification only through the typed accessors here,
:func:`load_rules`, :func:`load_messages`, :func:`load_profiles` and :func:`render_message`,
and those of :mod:`.deal_fixtures` for the deal fixtures.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from .paths import spec_dir
from .spec_files import PathPart, SpecDocument, check_ids, read_spec

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
    "rows",
    "reserves",
    "waste_piles",
    "draw_count",
    "waste_keeps",
    "waste_choice",
)
"""The rule switches, in the order spec/profiles.yaml lists them."""
CONVENTIONS = ("score", "move_counter", "undo_counter", "undo_depth", "pairing", "recycle_draw")
"""The conventions an engine declares (how it shows what it counts, how a pair is tapped, what
one tap on the empty stock does)."""


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
    document = read_spec((root or spec_dir()) / "rules.yaml", "rules.schema.json")
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
        check_ids(document, rules, item["rules"], ["open_points", n, "rules"])
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
    document = read_spec((root or spec_dir()) / "messages.yaml", "messages.schema.json")
    known = _known_rule_ids(root)
    messages: dict[str, MessageText] = {}
    for n, item in enumerate(document.data["messages"]):
        path: list[PathPart] = ["messages", n]
        if item["key"] in messages:
            raise document.error(f"message key {item['key']} appears twice", [*path, "key"])
        check_ids(document, known, item["rules"], [*path, "rules"])
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


def _settings(document: SpecDocument, key: str) -> dict[str, Setting]:
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
def _profiles_document(root: Path | None) -> SpecDocument:
    return read_spec((root or spec_dir()) / "profiles.yaml", "profiles.schema.json")


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
