"""A step lookup that remembers: each sentence of the rulebook is matched to its step once.

pytest-bdd 9 finds the step definition of every step of every scenario by asking pytest, for
each fixture name the session knows (a hundred or so), which definitions the scenario can see,
then trying each step parser on the sentence. A check of the app's rules runs some 700 steps,
of which about 420 differ, and spent a third of its time there (measured with cProfile), and
the project's own tests run the whole suite about a hundred times. Within one session the
answer for a sentence depends only on the module the scenario lives in (the definitions a
module sees do not change while scenarios run), so it is kept per fixture manager, module,
step type and sentence, and the names searched are the step definitions' alone. Together they
take a whole check from about 1.5 s to 1.1 s of CPU time.

pytest-bdd has no hook for this, so :func:`install` wraps its two module-level functions; the
wrappers return exactly what the originals would for a step.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any
from weakref import WeakKeyDictionary

from _pytest.fixtures import FixtureDef, FixtureManager
from _pytest.nodes import Node
from pytest_bdd.parser import Step

bdd_scenario: Any = importlib.import_module("pytest_bdd.scenario")
"""The module, which the package's ``scenario`` function hides from ``from pytest_bdd import``."""

_ORIGINAL = bdd_scenario.find_fixturedefs_for_step
_FOUND: WeakKeyDictionary[FixtureManager, dict[tuple[str, str, str], list[FixtureDef[object]]]]
_FOUND = WeakKeyDictionary()


def find_fixturedefs_for_step(
    step: Step, fixturemanager: FixtureManager, node: Node
) -> Iterable[FixtureDef[object]]:
    """pytest-bdd's lookup, once per session, module, step type and sentence."""
    module = node.nodeid.split("::", 1)[0]
    found = _FOUND.setdefault(fixturemanager, {})
    key = (module, step.type, step.name)
    if key not in found:
        found[key] = list(_ORIGINAL(step=step, fixturemanager=fixturemanager, node=node))
    return found[key]


_ALL_NAMES = bdd_scenario.get_fixture_names
STEP_DEFINITIONS = "pytestbdd_stepdef_"
"""The prefix pytest-bdd gives the fixture of every step definition (``StepNamePrefix``)."""


def step_definition_names(fixturemanager: FixtureManager) -> list[str]:
    """The fixtures the lookup may find a step in: step definitions alone, not every fixture."""
    return [n for n in _ALL_NAMES(fixturemanager=fixturemanager) if n.startswith(STEP_DEFINITIONS)]


def install() -> None:
    """Put the remembering lookup in pytest-bdd's place (once; idempotent)."""
    bdd_scenario.find_fixturedefs_for_step = find_fixturedefs_for_step
    bdd_scenario.get_fixture_names = step_definition_names
