"""The remembering step lookup (:mod:`pyramide.conformance.step_lookup`) finds the step each
module defines, as pytest-bdd's own lookup does: two test modules that give one sentence
different meanings each keep their own."""

from __future__ import annotations

import pytest
from pyramide.conformance import step_lookup

pytest_plugins = ["pytester"]

FEATURE = """\
Feature: Counting
  Scenario: One sentence, two meanings
    Given the count is {count}
    Then the count was seen
"""

MODULE = """\
from pytest_bdd import given, scenario, then

@scenario("{feature}", "One sentence, two meanings")
def test_it():
    pass

@given("the count is {count}", target_fixture="count")
def count():
    return {count}

@then("the count was seen")
def seen(count):
    assert count == {count}
"""


def test_each_module_finds_its_own_definition_of_a_sentence(pytester: pytest.Pytester) -> None:
    for count in (1, 2):
        pytester.makefile(".feature", **{f"counting_{count}": FEATURE.format(count=count)})
        module = MODULE.format(feature=f"counting_{count}.feature", count=count)
        pytester.makepyfile(**{f"test_counting_{count}": module})
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    assert (
        step_lookup.bdd_scenario.find_fixturedefs_for_step is step_lookup.find_fixturedefs_for_step
    )
