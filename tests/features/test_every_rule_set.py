"""The reference engine passes its whole rulebook under every rule set the schema accepts
(issue 33, E7).

The named profiles are checked one by one elsewhere; an engine may declare any other switch
set, and a scenario or a rule's ``when`` that is right under the named ones can still be wrong
under a mix of them (a waste keeping only its last card with a 24-card stock, issue 33, E1).
Each example here is a named profile with a few switches set to other states, refused by the
project's own validation (:func:`pyramide.conformance.rulesets.from_switches`) when the values
contradict each other, and otherwise checked whole, the invariants' random games included.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import yaml
from budget import examples
from checkruns import run_check
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from pyramide.conformance.rulesets import RuleSetError, from_switches
from pyramide.conformance.specdata import SWITCHES, load_profiles

CHANGED_AT_MOST = 4
"""Switches moved off the profile drawn: enough to mix variants, few enough that most mixes
are rule sets the schema accepts."""


RECYCLES: dict[str, st.SearchStrategy[Any]] = {"unlimited": st.none(), "none": st.just(0)}
"""max_recycles's states with one value each; ``limited`` is drawn."""


def values_of(switch: str) -> st.SearchStrategy[Any]:
    """A value for each state the spec gives ``switch``, in the kind its app value has: a
    yes-or-no switch is a boolean, a number of piles an integer, ``limited`` recycles 1 to 3."""
    app = load_profiles().profiles["app"].switches
    chosen: list[st.SearchStrategy[Any]] = []
    for state in load_profiles().switches[switch].states:
        if switch == "max_recycles":
            chosen.append(RECYCLES.get(state, st.integers(1, 3)))
        elif state in ("on", "off"):
            chosen.append(st.just(state == "on"))
        else:
            chosen.append(st.just(int(state) if isinstance(app[switch], int) else state))
    return st.one_of(chosen)


def rule_sets() -> st.SearchStrategy[dict[str, Any]]:
    """A named profile's switches with up to :data:`CHANGED_AT_MOST` of them drawn anew."""
    profiles = load_profiles().profiles
    base = st.sampled_from(sorted(profiles)).map(lambda name: dict(profiles[name].switches))
    change = st.sampled_from(SWITCHES).flatmap(lambda s: st.tuples(st.just(s), values_of(s)))
    return st.builds(
        lambda switches, changes: {**switches, **dict(changes)},
        base,
        st.lists(change, max_size=CHANGED_AT_MOST),
    )


def accepted(switches: dict[str, Any]) -> bool:
    """Whether the project's own validation takes these values as a rule set."""
    try:
        from_switches("drawn", switches, "the drawn rule set")
    except RuleSetError:
        return False
    return True


APP = load_profiles().profiles["app"].switches


def app_but(**changed: Any) -> dict[str, Any]:
    """The app's switches with ``changed`` set otherwise: one example found."""
    return {**APP, **changed}


@settings(max_examples=examples(3))
@given(rule_sets())
@example(app_but(stock_24=True, max_recycles=0, waste_keeps="last"))  # a real engine's (E1)
@example(app_but(stock_24=True, draw_count=3))  # 24 in the stock, drawn three at a time
@example(app_but(stock_24=True, rows=10))  # 24 in the stock: not with two decks, nor 48 cards
@example(app_but(pairs_with_covering_card=True, layout="triangle"))  # a covered card pairs
@example(app_but(face_down=True, layout="triangle"))  # the Triangle face down
@example(app_but(pairs_with_covering_card=True, strict_win=True))  # a win of the pyramid alone
@example(app_but(rows=10, draw_count=3))  # two decks recycled, drawn three at a time
@example(app_but(max_recycles=0, stock_top_playable=True, waste_keeps="last"))  # its top pairs
@example(app_but(rows=10, face_down=True, stock_top_playable=True, max_recycles=2))  # twins turn up
def test_the_reference_passes_its_whole_rulebook_under_the_rule_set(
    switches: dict[str, Any],
) -> None:
    """No scenario and no random game fails. A rule set under which too little of the
    rulebook holds fails the check on coverage (the Spanish deck on the Triangle: none), which
    says the rulebook is thin there, not that a rule is broken."""
    assume(accepted(switches))
    with tempfile.TemporaryDirectory() as folder:
        rules = Path(folder) / "drawn.yaml"
        rules.write_text(yaml.safe_dump(switches), encoding="utf-8")
        run = run_check(Path(folder), "--profile", str(rules), "--invariant-games", "2", "-q")
    counts = run.footer["counts"]
    assert (counts["failed"], counts["errored"]) == (0, 0), run.out
