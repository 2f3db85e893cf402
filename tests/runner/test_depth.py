"""The report says how deep the check went (issue 26): every rule holding under the rule set,
how many of the scenarios that ran show it, and which rest on fewer than three — a coverage of
100 % of a sliver of the rulebook no longer reads as a thorough check."""

from __future__ import annotations

from pathlib import Path

from checkruns import run_check
from pyramide.conformance.results import THIN, Depth
from pyramide.conformance.specdata import load_profiles, load_rules


def test_the_depth_counts_the_scenarios_that_ran_for_every_rule_holding(tmp_path: Path) -> None:
    run = run_check(tmp_path, "--profile", "giza", "--invariant-games", "0")
    profiles = load_profiles()
    states = profiles.states(profiles.profiles["giza"].switches)
    rules = load_rules().rules.values()
    holding = [r.id for r in rules if r.holds(states) and r.status != "implementation-defined"]
    ran = [s for s in run.scenarios if s["outcome"] == "passed"]
    expected = {rule: sum(rule in s["rules"] for s in ran) for rule in holding}
    assert run.footer["depth"] == expected
    thin = {rule: n for rule, n in expected.items() if n < THIN}
    assert thin, "giza's rulebook is a sliver today: the line must say so"
    (line,) = [line for line in run.out.splitlines() if line.startswith("depth: ")]
    assert line.startswith(f"depth: {len(holding)} rules an engine is held to here")
    assert all(f"{rule} ({n})" in line for rule, n in thin.items()), line


def test_a_rule_shown_by_three_scenarios_is_not_thin() -> None:
    depth = Depth({"A": THIN, "B": THIN - 1, "C": 0})
    assert depth.thin == {"B": THIN - 1, "C": 0}
    assert depth.summary() == (
        "depth: 3 rules an engine is held to here, 2 shown by a scenario that ran; "
        f"2 by fewer than {THIN}: B ({THIN - 1}), C (0)"
    )
    assert "fewer" not in Depth({"A": THIN}).summary()
