"""Engines that keep every rule and differ from the reference where the rules leave them free
pass the whole suite: the suite blames no legitimate behaviour (issue 24, part A)."""

from __future__ import annotations

import pytest

from . import right_engines
from .inprocess import Outcomes, run_suite


def run(adapter: str, *options: str) -> Outcomes:
    return run_suite("--pyramide-impl", f"{right_engines.__name__}:{adapter}", *options)


def passes_with(outcomes: Outcomes, *rules: str) -> None:
    """No scenario failed, and each rule named was checked by a scenario that passed: one that
    shows it, or one whose steps read what it governs (a score under a scoring rule)."""
    assert outcomes.with_outcome("failed") == []
    passed = outcomes.with_outcome("passed")
    checked = {rule for node in passed for rule in outcomes.tags[node] | outcomes.relies[node]}
    assert set(rules) <= checked


@pytest.mark.parametrize("profile", ["app", "spanish", "pharaoh", "kp-pyramids"])
def test_one_point_per_card_counts_the_deck_played(profile: str) -> None:
    """48 cards make the Spanish deck: one point per card is 48 minus the cards on the table."""
    passes_with(run("OnePerCard", "--pyramide-profile", profile), "SCORE-ONE-PER-CARD")


@pytest.mark.parametrize("adapter", ["PraisesAPair", "PraisesAPairInFrench"])
def test_a_message_of_the_engines_own_after_a_pair_is_not_blamed(adapter: str) -> None:
    passes_with(run(adapter), "PAIR-THIRTEEN", "PAIR-VALUES", "MSG-TEXTS")
