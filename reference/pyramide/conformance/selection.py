"""Running part of the rulebook: one scenario again, or every scenario of a rule.

A failure is reported with the command that runs it again alone (``pyramide check ...
--scenario "<feature>: <scenario>"``); ``--rule ID`` runs every scenario tagged with a rule.
Scenarios are named by their stable ID, the same on every machine: the feature file (with its
folder under ``features/``), the scenario's name and, for an outline, its example
(:func:`scenario_id`). A name or rule that selects nothing is the user's mistake, said in one
line with the nearest names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

import pytest

from .paths import features_dir
from .plugin import tags_of
from .results import former_id


def scenario_names(item: pytest.Item) -> tuple[str, str]:
    """(feature file, scenario) from the docstring pytest-bdd gives each scenario's test
    function; an outline's example is named after its parameters."""
    doc = getattr(getattr(item, "obj", None), "__doc__", None) or ""
    feature, separator, scenario = doc.partition(": ")
    if not separator:
        return "", item.name
    callspec = getattr(item, "callspec", None)
    return feature_name(Path(feature)), (
        f"{scenario} [{unescaped(callspec.id)}]" if callspec else scenario
    )


def feature_name(path: Path) -> str:
    """A feature file as the rulebook's folder names it: ``pairs.feature``, and
    ``redrawn/giza.feature`` for a file of ``features/redrawn`` (which a bare ``giza.feature``
    would pass off as ``variant-giza.feature``)."""
    folder = features_dir()
    return path.relative_to(folder).as_posix() if path.is_relative_to(folder) else path.name


READING_ORDER_LINK = re.compile(r"\]\(([\w/-]+\.feature)\)")
"""A feature file's link in ``features/README.md``, whose order is the rulebook's reading order."""


@cache
def reading_order() -> dict[str, int]:
    """Each feature file the rulebook's README links, by its place in the reading order."""
    readme = features_dir() / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    files = dict.fromkeys(READING_ORDER_LINK.findall(text))
    return {name: place for place, name in enumerate(files)}


def in_reading_order(items: list[pytest.Item]) -> None:
    """Sort scenarios as the rulebook is read (``features/README.md``), the files it does not
    link after them in alphabetical order (``redrawn/...``), each file's in its own order
    (the sort is stable): pytest-bdd collects the files in no order a reader would know."""
    order = reading_order()

    def place(item: pytest.Item) -> tuple[int, str]:
        feature = scenario_names(item)[0]
        return order.get(feature, len(order)), feature

    items.sort(key=place)


def unescaped(example: str) -> str:
    """An example's ID as the table writes it: pytest escapes every character outside ASCII
    (``7\\u2663`` for ``7♣``), which no reader should meet in a report or a command."""
    return re.sub(
        r"\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})",
        lambda found: chr(int(found[1] or found[2], 16)),
        example,
    )


def scenario_id(item: pytest.Item) -> str:
    """``<feature file>: <scenario> [<example>]``, or pytest's node ID for any other test."""
    feature, name = scenario_names(item)
    return f"{feature}: {name}" if feature else item.nodeid


class Selection:
    """A pytest plugin keeping the scenarios named (by ID, or by name alone) and those tagged
    with one of the rules given; :attr:`unmatched` says what selected nothing."""

    def __init__(self, scenarios: Iterable[str] = (), rules: Iterable[str] = ()) -> None:
        self.scenarios = set(scenarios)
        self.rules = set(rules)
        self.unmatched: list[str] = []

    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        ids = {item: scenario_id(item) for item in items}
        aliases = {item: {scenario_names(item)[1], former_id(ids[item])} for item in items}

        def wanted(item: pytest.Item) -> bool:
            named = {ids[item], *aliases[item]} & self.scenarios
            return bool(named or tags_of(item) & self.rules)

        kept = [item for item in items if wanted(item)]
        found = {*ids.values(), *(name for names in aliases.values() for name in names)}
        tagged = set().union(*(tags_of(item) for item in items)) if items else set()
        self.unmatched = [
            *(unknown(name, sorted(set(ids.values()))) for name in sorted(self.scenarios - found)),
            *(f"no scenario is tagged {rule}" for rule in sorted(self.rules - tagged)),
        ]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def unknown(name: str, known: Sequence[str]) -> str:
    """``no scenario ...; did you mean ...`` for a name that selects nothing: the nearest in
    the feature file the name gives, if it gives one that has some, else the nearest anywhere
    (the same scenario names recur in files of the variants' tables, features/redrawn)."""
    feature = name.split(": ", 1)[0] if ": " in name else None
    same_file = [k for k in known if feature is not None and k.startswith(f"{feature}: ")]
    near = difflib.get_close_matches(name, same_file, n=3, cutoff=0.5)
    near = near or difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    return f"no scenario {name!r}{hint}"
