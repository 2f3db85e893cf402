"""The not-applicable decision, and the step library's notation and error messages."""

from __future__ import annotations

import pytest
from pyramide.conformance.adapter import Capabilities
from pyramide.conformance.drawings import parse_table
from pyramide.conformance.play import Play
from pyramide.conformance.plugin import (
    NOT_APPLICABLE,
    OUTSIDE,
    not_applicable,
    outside,
    scenario_profile,
)
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.rulesets import UnderTest
from pyramide.conformance.steps.messages import message_meaning

from .inprocess import suite_file

EVERYTHING = Capabilities(profiles=("app", "strict-win"))
NOTHING = Capabilities(
    taps=False, messages=None, undo=False, deal_codes=False, stock_order=False, profiles=("app",)
)


def under(capabilities: Capabilities, profile: str | None = None) -> UnderTest:
    return UnderTest.of(capabilities, profile)


def test_a_scenario_is_about_a_named_profile_only_through_its_tag() -> None:
    assert scenario_profile({"PAIR-THIRTEEN"}) is None
    assert scenario_profile({"OPEN-CODE-LETTER", "profile-stock-24"}) == "stock-24"


@pytest.mark.parametrize(
    ("tag", "missing"),
    [
        ("needs-taps", "taps and selection"),
        ("needs-messages", "messages"),
        ("needs-undo", "undo"),
        ("needs-codes", "deal codes"),
        ("needs-stock-order", "the stock's order"),
    ],
)
def test_a_missing_capability_makes_a_scenario_not_applicable(tag: str, missing: str) -> None:
    assert not_applicable({"RULE", tag}, under(EVERYTHING)) is None
    reason = not_applicable({"RULE", tag}, under(NOTHING))
    assert reason is not None and reason.startswith(NOT_APPLICABLE) and missing in reason


def test_a_rule_set_the_engine_does_not_play_makes_every_scenario_not_applicable() -> None:
    reason = not_applicable({"PAIR-THIRTEEN"}, under(NOTHING, "traditional"))
    assert reason is not None and "declares no rule set" in reason and "traditional" in reason


def test_rule_tags_alone_apply_to_every_engine() -> None:
    assert not_applicable({"PAIR-THIRTEEN", "implementation-defined"}, under(NOTHING)) is None


@pytest.mark.parametrize(
    ("tags", "profile", "why"),
    [
        ({"RECYCLE-UNLIMITED"}, "single-pass", "max_recycles is none, RECYCLE-UNLIMITED needs"),
        ({"VAR-STRICT-WIN"}, "app", "strict_win is off, VAR-STRICT-WIN needs on"),
        ({"OPEN-CODE-LETTER", "profile-stock-24"}, "app", "about the stock-24 profile"),
    ],
)
def test_a_scenario_whose_rules_do_not_hold_is_outside_the_rule_set(
    tags: set[str], profile: str, why: str
) -> None:
    reason = outside(tags, under(EVERYTHING, profile))
    assert reason is not None and reason.startswith(OUTSIDE) and why in reason
    assert outside({"PAIR-THIRTEEN"}, under(EVERYTHING, profile)) is None


def test_a_rule_bound_to_a_convention_is_outside_for_an_engine_declaring_another() -> None:
    one_per_card = Capabilities(conventions={"score": "one-per-card"})
    assert outside({"SCORE-ONE-PER-CARD"}, under(one_per_card)) is None
    reason = outside({"SCORE-PYRAMID-CARD"}, under(one_per_card))
    assert reason is not None and "score is one-per-card" in reason


def test_a_table_reads_unicode_and_ascii_and_fills_the_missing_rows() -> None:
    table = parse_table("  TD\n 3♠ K♦\nwaste: 7D 8♦\nstock: --\n")
    assert table["pyramid"][:2] == [["TD"], ["3S", "KD"]]
    assert table["pyramid"][6] == [None] * 7
    assert table["waste"] == ["7D", "8D"]
    assert table["stock"] == []


def test_a_table_may_mark_the_waste_top_in_brackets() -> None:
    assert parse_table("J♦\nwaste: 7D [8♦]\n")["waste"] == ["7D", "8D"]
    assert parse_table("J♦\nwaste: [8♦]\n")["waste"] == ["8D"]


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("J♦\n6♣\n", "row 2 of the pyramid must hold 2 places"),
        ("J♦\n6♣ 1♥\n", "not a card: '1♥'"),
        ("J♦\nwaste: [7D] 8♦\n", "only the waste's top card, its last, is written in brackets"),
        ("J♦\nstock: [7D]\n", "only the waste's top card, its last, is written in brackets"),
    ],
)
def test_a_badly_drawn_table_fails_with_the_line_at_fault(text: str, complaint: str) -> None:
    with pytest.raises(pytest.fail.Exception, match=complaint):
        parse_table(text)


def started(table: str) -> Play:
    adapter = ReferenceAdapter()
    play = Play(adapter, under(adapter.capabilities()))
    play.start(layout=parse_table(table))
    return play


@pytest.mark.parametrize(
    ("card", "where"),
    [("2♣", "under the waste top"), ("3♣", "in the stock"), ("Q♥", "not on the table")],
)
def test_tapping_a_card_out_of_reach_fails_the_scenario_saying_where_it_is(
    card: str, where: str
) -> None:
    play = started("J♦\n6♣ 7♥\nwaste: 2♣ 8♦\nstock: 3♣\n")
    with pytest.raises(pytest.fail.Exception, match=f"cannot tap {card}: it is {where}"):
        play.target(card)


def test_cards_are_found_where_a_player_touches_them() -> None:
    play = started("J♦\n6♣ 7♥\nwaste: 2♣ 8♦\nstock: 3♣\n")
    assert play.target("7♥") == "r2c2"
    assert play.target("8D") == "waste"
    assert play.target("the card beneath the waste top") == "waste-below"
    assert play.target("the stock") == "stock"


def test_an_unknown_rule_set_stops_a_plain_pytest_run_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = pytest.main([suite_file(), "-p", "no:cacheprovider", "--pyramide-profile", "nonsense"])
    assert status == pytest.ExitCode.USAGE_ERROR
    assert "unknown profile 'nonsense'; known profiles: app," in capsys.readouterr().err


def test_a_message_as_the_player_reads_it_is_found_with_its_key_and_language() -> None:
    assert message_meaning("La somme doit être égale à 13") == (
        "sum-must-equal",
        {"target": 13},
        "fr",
    )
    assert message_meaning("Nincs több lehetséges lépés", "hu") == ("no-more-moves", {}, "hu")
    with pytest.raises(pytest.fail.Exception, match=r"no message of spec/messages\.yaml reads"):
        message_meaning("Plus aucun coup possible", "hu")
