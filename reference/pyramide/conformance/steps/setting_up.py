"""Setting up a scenario: the ``play`` fixture and the Given steps (the rule set, error help,
a drawn table, a deal code, a deal of the engine's own)."""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers

from ..adapter import Adapter
from ..drawings import dealt_outside, drawn_geometry, drawn_outside, parse_table
from ..play import Play, not_applicable
from ..plugin import OUTSIDE
from ..recycling import RECYCLE_WITH_DRAW
from ..rulesets import UnderTest


@pytest.fixture
def play(adapter: Adapter, rules_under_test: UnderTest, request: pytest.FixtureRequest) -> Play:
    about_recycling = request.node.get_closest_marker(RECYCLE_WITH_DRAW) is not None
    return Play(adapter, rules_under_test, as_it_is=about_recycling)


@given("the rules under test")
def rules_under_test_step(play: Play) -> None:
    """Says in the text what the plugin does: the scenario plays under the rule set checked."""


@given("error help is off")
def error_help_off(play: Play) -> None:
    play.error_help = False


@given("a table:")
def a_table(play: Play, docstring: str) -> None:
    layout = parse_table(docstring, drawn_geometry(docstring, play.geometry.rows) or play.geometry)
    outside = drawn_outside(docstring, layout, play.under.states)
    if outside is not None:
        pytest.skip(f"{OUTSIDE}{outside}")
    if not play.under.capabilities.tables:
        not_applicable("the engine cannot start from a table of our choosing")
    play.table = layout["pyramid"]
    play.start(layout=layout)


@given(parsers.re(r"the deal (?P<code>\S+)"))
def a_deal(play: Play, code: str) -> None:
    outside = dealt_outside(code, play.under.states)
    if outside is not None:
        pytest.skip(f"{OUTSIDE}{outside}")
    play.first_deal = play.start(code=code)


@given("a new deal shuffled by the game")
def own_deal(play: Play) -> None:
    if not play.under.capabilities.own_deals:
        not_applicable("the engine cannot start a deal of its own")
    play.first_deal = play.start(deal=1)
