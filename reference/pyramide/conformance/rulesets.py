"""Rule sets under test: a named profile or any set of switch values, and what an engine declares.

A rule set is a set of switch values (``spec/profiles.yaml``); a named profile is one of them
under a name. ``pyramide check --profile`` takes a name or a YAML file of switches. An engine
declares which rule sets it plays (named profiles, switch sets of its own, or any switch set
through ``start(switches=...)``) and its conventions; together they give the state of every
switch and convention, which decides whether a rule holds (:meth:`Rule.holds`).

Only the spec is read here, never the reference engine: a mutant of the engine must not change
what the harness expects.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .adapter import SWITCHES_SINCE, Capabilities
from .spec_files import read_user_yaml, switch_values_problem
from .specdata import CONVENTIONS, SWITCHES, load_profiles, switch_state


class RuleSetError(ValueError):
    """A rule set that cannot be used; the message names the file, field or name at fault."""


@dataclass(frozen=True)
class RuleSet:
    """A name and a value for every switch."""

    name: str
    switches: Mapping[str, Any]

    def describe(self) -> str:
        """``strict_win=off, max_recycles=2, ...``: the values the report says it checked."""
        return ", ".join(f"{name}={_show(value)}" for name, value in self.switches.items())

    def beside_the_app(self) -> str:
        """``the app's switches``, or ``the app's but draw_count=3``: the rule set in a short
        line, every switch named that is not at the app's value."""
        app = load_profiles().profiles["app"].switches
        differ = [f"{k}={_show(v)}" for k, v in self.switches.items() if app[k] != v]
        return f"the app's but {', '.join(differ)}" if differ else "the app's switches"

    def states(self, conventions: Mapping[str, str]) -> dict[str, str]:
        """The state of every switch and convention, as rules name them in their ``when``."""
        return load_profiles().states(self.switches, conventions)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "null" if value is None else str(value)


def named(name: str, own: Mapping[str, RuleSet] | None = None) -> RuleSet:
    """The named profile ``name``; an unknown name is an error listing the known ones (and
    ``own``, the rule sets the engine declares under names of its own)."""
    profiles = load_profiles().profiles
    if name not in profiles:
        theirs = [n for n in own or {} if n not in profiles]
        also = f"; the engine's own rule sets: {', '.join(theirs)}" if theirs else ""
        raise RuleSetError(f"unknown profile {name!r}; known profiles: {', '.join(profiles)}{also}")
    return RuleSet(name, dict(profiles[name].switches))


def from_switches(name: str, values: Mapping[str, Any], where: str) -> RuleSet:
    """A rule set from switch values (a switch left out keeps its app value), checked against
    the spec's switches and their states; errors name ``where`` and the switch."""
    spec = load_profiles()
    app = spec.profiles["app"].switches
    unknown = sorted(set(values) - set(SWITCHES))
    if unknown:
        raise RuleSetError(
            f"{where}: unknown switch {unknown[0]!r}; the switches are {', '.join(SWITCHES)}"
        )
    switches = {name: values.get(name, app[name]) for name in SWITCHES}
    problem = switch_values_problem(switches)
    if problem:
        raise RuleSetError(f"{where}: {problem}")
    for switch, value in switches.items():
        if switch_state(switch, value) not in spec.switches[switch].states:
            states = ", ".join(spec.switches[switch].states)
            raise RuleSetError(f"{where}: {switch} cannot be {value!r}; its states: {states}")
    return RuleSet(name, switches)


def load_file(path: Path) -> RuleSet:
    """A rule set from YAML: ``{name: ..., switches: {...}}``, or just the switches."""
    data = read_user_yaml(path, "rule set", RuleSetError)
    if not isinstance(data, dict):
        raise RuleSetError(f"{path}: expected a mapping of switches (or name: and switches:)")
    if "switches" in data:
        extra = sorted(set(data) - {"name", "switches"})
        if extra or not isinstance(data["switches"], dict):
            raise RuleSetError(f"{path}: expected only name: and a mapping switches:")
        return from_switches(str(data.get("name", path.stem)), data["switches"], str(path))
    return from_switches(path.stem, data, str(path))


def is_file(name_or_file: str) -> bool:
    """Whether ``--profile`` names a YAML file rather than a rule set."""
    return name_or_file.endswith((".yaml", ".yml")) or Path(name_or_file).is_file()


def resolve(name_or_file: str, capabilities: Capabilities | None = None) -> RuleSet:
    """``--profile`` as given: a YAML file's path, a rule set the engine declares (given its
    ``capabilities``) under a name of its own, or a named profile."""
    if is_file(name_or_file):
        return load_file(Path(name_or_file))
    own = declared(capabilities) if capabilities is not None else {}
    if name_or_file in own:
        return own[name_or_file]
    return named(name_or_file, own)


def declared(capabilities: Capabilities) -> dict[str, RuleSet]:
    """The rule sets an engine declares it plays, by the name it gives them."""
    sets = {name: named(name) for name in capabilities.profiles}
    for name, switches in capabilities.rule_sets.items():
        sets[name] = from_switches(name, switches, f"the adapter's rule set {name!r}")
    return sets


def default(capabilities: Capabilities) -> RuleSet:
    """The rule set checked when none is asked for: the first one the engine declares."""
    sets = declared(capabilities)
    if not sets:
        raise RuleSetError("the adapter declares no rule set (its capabilities list no profile)")
    return next(iter(sets.values()))


def conventions(capabilities: Capabilities) -> dict[str, str]:
    """The engine's conventions, each left out at its app state; unknown ones are errors."""
    spec = load_profiles()
    given = dict(capabilities.conventions)
    for name, state in given.items():
        if name not in CONVENTIONS:
            raise RuleSetError(
                f"the adapter declares an unknown convention {name!r}; "
                f"the conventions are {', '.join(CONVENTIONS)}"
            )
        if state not in spec.conventions[name].states:
            states = ", ".join(spec.conventions[name].states)
            raise RuleSetError(f"the adapter's {name} convention {state!r} is not one of {states}")
    return {**spec.app_conventions, **given}


@dataclass(frozen=True)
class Binding:
    """How to ask the engine for a rule set: the profile name to pass, and the switches too
    when the engine takes any switch set."""

    profile: str
    switches: Mapping[str, Any] | None


def binding(rule_set: RuleSet, capabilities: Capabilities) -> Binding | None:
    """How the engine plays ``rule_set``, or None when it declares no rule set with exactly
    these switch values."""
    for name, candidate in declared(capabilities).items():
        if dict(candidate.switches) == dict(rule_set.switches):
            return Binding(name, None)
    if capabilities.any_rule_set:
        switches = dict(rule_set.switches)
        for revision, added in SWITCHES_SINCE.items():
            if capabilities.revision >= revision:
                continue
            # An engine of an earlier revision knows none of this revision's switches: it
            # plays them only at their old values, and is not sent them.
            if any(switches[name] != value for name, value in added.items()):
                return None
            switches = {k: v for k, v in switches.items() if k not in added}
        return Binding(rule_set.name, switches)
    return None


@dataclass(frozen=True)
class UnderTest:
    """The engine's capabilities and the rule set it is checked under: its switches, the
    engine's conventions, the state of each, and how to ask the engine for the rule set."""

    capabilities: Capabilities
    rule_set: RuleSet
    conventions: Mapping[str, str]
    binding: Binding | None

    @property
    def states(self) -> dict[str, str]:
        return self.rule_set.states(self.conventions)

    @classmethod
    def of(cls, capabilities: Capabilities, wanted: str | None) -> UnderTest:
        """Raises :class:`RuleSetError` for a rule set or convention that makes no sense."""
        rule_set = resolve(wanted, capabilities) if wanted else default(capabilities)
        return cls(
            capabilities,
            rule_set,
            conventions(capabilities),
            binding(rule_set, capabilities),
        )

    def start_arguments(self) -> dict[str, Any]:
        """What ``start`` takes to play the rule set: the profile name, and the switches too
        for an engine that takes any switch set. Only for an engine that plays it."""
        if self.binding is None:
            raise RuleSetError(f"the engine declares no rule set like {self.rule_set.name}")
        how: dict[str, Any] = {"profile": self.binding.profile}
        if self.binding.switches is not None:
            how["switches"] = dict(self.binding.switches)
        return how
