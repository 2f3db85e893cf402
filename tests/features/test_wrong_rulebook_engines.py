"""The rulebook's thin spots (issue 33, D5) each have a scenario, and a wrong engine that only
that scenario catches, blamed on the rule it breaks: before, only random games could find
these faults, or nothing did."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pyramide.conformance.specdata import load_rules

from . import wrong_rulebook_adapters
from .inprocess import run_suite

RULE_IDS = set(load_rules().rules)
UNDO_A_RECYCLE = "Undoing a recycle gives its pass back, and only that one"
PILE_2 = "After the last pass, the top of waste pile 2 alone keeps the game going"
THREE_PASSES = {"max_recycles": 2}
APOPHIS_ONE_RECYCLE = {"waste_piles": 3, "max_recycles": 1}
"""PySolFC's Apophis (rows dealt onto the three piles) with a single recycle."""
UNDOING_A_PASS = ("VAR-LIMITED-PASSES", "UNDO-RESTORES")
"""What an undo that gives back no pass, or two, breaks: the passes allowed, as the rule of
passes counts them or as undo restores them (either is the right rule to blame)."""
ENDING_WITH_PILES = ("VAR-LIMITED-PASSES", "VAR-APOPHIS-TOPS")
"""What a game declared over while a pile's top still pairs breaks."""


def node_of(scenario: str) -> str:
    """The end of the test id pytest-bdd gives a scenario."""
    return "test_" + re.sub(r"\W+", "_", scenario.lower()).strip("_")


@pytest.mark.parametrize(
    ("adapter", "switches", "scenario", "rules"),
    [
        ("UndoKeepsThePassUsed", THREE_PASSES, UNDO_A_RECYCLE, UNDOING_A_PASS),
        ("UndoGivesTwoPasses", THREE_PASSES, UNDO_A_RECYCLE, UNDOING_A_PASS),
        ("EndSeesOnlyTheFirstPile", APOPHIS_ONE_RECYCLE, PILE_2, ENDING_WITH_PILES),
    ],
    ids=["keeps-the-pass-used", "gives-two-passes", "sees-only-pile-1"],
)
def test_a_thin_spot_has_a_scenario_that_alone_catches_its_wrong_engine(
    adapter: str, switches: dict[str, Any], scenario: str, rules: tuple[str, ...], tmp_path: Path
) -> None:
    rule_set = tmp_path / "rules.yaml"
    rule_set.write_text(yaml.safe_dump(switches), encoding="utf-8")
    engine = f"{wrong_rulebook_adapters.__name__}:{adapter}"
    outcomes = run_suite("--pyramide-impl", engine, "--pyramide-profile", str(rule_set))
    assert [node.rsplit("::", 1)[1] for node in outcomes.with_outcome("failed")] == [
        node_of(scenario)
    ]
    blamed = outcomes.at_fault(RULE_IDS)
    assert len(blamed) == 1 and blamed[0] in rules, blamed
