"""Switch values that make no rule set are refused, with the switch and the reason named.

The kinds, bounds and contradictions live once, in ``spec/schemas/profiles.schema.json``; the
harness (rule-set files) and the reference engine's adapter (``start``) both ask it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pyramide.conformance.paths import spec_dir
from pyramide.conformance.reference_adapter import rules_from
from pyramide.conformance.rulesets import RuleSetError, load_file
from pyramide.conformance.spec_files import switch_values_problem
from pyramide.profiles import APP, PROFILES

CONTRADICTIONS: list[tuple[dict[str, Any], str]] = [
    ({"rows": 10, "layout": "triangle"}, "layout"),
    ({"rows": 10, "reserves": 8}, "reserves"),
    ({"rows": 10, "deck": "spanish"}, "deck"),
    ({"waste_piles": 3, "draw_count": 3}, "draw_count"),
    ({"draw_count": 3, "waste_play": "top-with-below"}, "waste_play"),
    ({"waste_piles": 3, "waste_play": "drawn-with-below"}, "waste_play"),
    ({"reserves": 8, "max_recycles": 2}, "max_recycles"),
    ({"reserves": 8, "stock_top_playable": True}, "stock_top_playable"),
    ({"face_down": True, "pairs_with_covering_card": True}, "pairs_with_covering_card"),
    ({"waste_keeps": "last"}, "max_recycles"),
    ({"waste_keeps": "last", "max_recycles": 0, "waste_play": "top-with-below"}, "waste_play"),
    ({"waste_keeps": "last", "max_recycles": 0, "draw_count": 3}, "draw_count"),
    ({"reserves": 8, "waste_keeps": "last"}, "waste_keeps"),
    ({"waste_choice": "player"}, "waste_piles"),
]
"""Values that contradict each other, and the switch the message names."""


def contradictions_in_the_schema() -> list[str]:
    schema = json.loads((spec_dir() / "schemas" / "profiles.schema.json").read_text("utf-8"))
    return [rule["description"] for rule in schema["$defs"]["switchValues"]["allOf"]]


def test_every_named_profile_of_the_engine_is_a_rule_set_the_schema_accepts() -> None:
    for profile in PROFILES.values():
        assert switch_values_problem(profile.switches) is None, profile.name


@pytest.mark.parametrize(("values", "switch"), CONTRADICTIONS)
def test_a_contradiction_is_refused_naming_the_switch_and_why(
    values: dict[str, Any], switch: str
) -> None:
    problem = switch_values_problem({**APP.switches, **values})
    assert problem is not None and problem.startswith(f"{switch}: only ")
    assert any(reason in problem for reason in contradictions_in_the_schema())


def test_every_contradiction_of_the_schema_has_a_case_here() -> None:
    reasons = {
        reason
        for values, _ in CONTRADICTIONS
        for reason in contradictions_in_the_schema()
        if reason in (switch_values_problem({**APP.switches, **values}) or "")
    }
    assert reasons == set(contradictions_in_the_schema())


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"waste_piles": 0}, "waste_piles: 0 is less than the minimum of 1"),
        ({"max_recycles": -1}, "max_recycles: -1 is less than the minimum of 0"),
        ({"strict_win": 1}, "strict_win: 1 is not of type 'boolean'"),
        ({"waste_play": "sometimes"}, "waste_play: 'sometimes' is not one of"),
        ({"wastes": 2}, "'wastes' was unexpected"),
    ],
)
def test_a_value_of_the_wrong_kind_or_out_of_bounds_is_named(
    values: dict[str, Any], named: str
) -> None:
    assert named in (switch_values_problem({**APP.switches, **values}) or "")


def test_a_rule_set_file_with_a_contradiction_names_the_file_and_the_switch(
    tmp_path: Path,
) -> None:
    file = tmp_path / "giza-with-passes.yaml"
    file.write_text("switches:\n  reserves: 8\n  max_recycles: 2\n", encoding="utf-8")
    with pytest.raises(RuleSetError, match=rf"{file.name}: max_recycles: only null is allowed"):
        load_file(file)
    run = subprocess.run(
        [sys.executable, "-m", "pyramide.cli", "check", "--profile", str(file)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and "max_recycles: only null" in run.stderr


def test_the_reference_adapter_refuses_a_contradiction_sent_to_start() -> None:
    with pytest.raises(ValueError, match="switches: draw_count: only 1 is allowed"):
        rules_from("mine", {"waste_piles": 3, "draw_count": 3})
    assert rules_from("mine", {"waste_piles": 3}).waste_piles == 3
