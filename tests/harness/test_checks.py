"""The checks that name their rule (pyramide.conformance.checks): each names the rule only when
the table shows that rule broken, and stays silent where an earlier step may be at fault."""

from __future__ import annotations

from dataclasses import replace

from pyramide.conformance.adapter import Snapshot
from pyramide.conformance.checks import status_rules, tap_problems
from pyramide.conformance.rulesets import named

EMPTY_ROWS = tuple((None,) * n for n in range(1, 8))
APEX = (("5C",), *EMPTY_ROWS[1:])
TABLE = Snapshot(pyramid=APEX, waste=("9D",), stock_size=2, score=0, moves=0, status="playing")


def problems(profile: str, target: str, before: Snapshot, after: Snapshot) -> list[tuple[str, ...]]:
    rules = named(profile)
    return [
        rules_named
        for _, rules_named in tap_problems(target, before, after, rules.switches, rules.states({}))
    ]


def test_a_draw_that_turns_too_few_cards_fails_on_the_draw_rule_of_the_rule_set() -> None:
    stayed = replace(TABLE, moves=1)
    assert problems("king-tut", "stock", TABLE, stayed) == [("VAR-KING-TUT-DRAW-THREE",)]
    assert problems("app", "stock", TABLE, stayed) == [("STOCK-DRAW",)]
    drew_both = replace(TABLE, waste=("9D", "2C", "3C"), stock_size=0)
    assert problems("king-tut", "stock", TABLE, drew_both) == []


def test_a_tap_on_the_empty_stock_that_turns_nothing_over_breaks_unlimited_recycling() -> None:
    empty = replace(TABLE, stock_size=0, waste=("9D", "4C"))
    assert problems("app", "stock", empty, empty) == [("RECYCLE-UNLIMITED",)]
    assert problems("three-passes", "stock", empty, empty) == []  # the passes may be spent
    turned = replace(empty, waste=(), stock_size=2, moves=1)
    assert problems("app", "stock", empty, turned) == []


def test_the_stock_top_selected_or_taken_breaks_stock_out_of_play_only_where_it_holds() -> None:
    selected = replace(TABLE, selected="stock-top")
    assert problems("app", "stock-top", TABLE, selected) == [("STOCK-OUT-OF-PLAY",)]
    assert problems("pysolfc-relaxed", "stock-top", TABLE, selected) == []
    paired = replace(TABLE, waste=(), stock_size=1)
    assert problems("triangle", "waste", TABLE, paired) == [("STOCK-OUT-OF-PLAY",)]


def test_the_card_beneath_the_waste_top_taken_without_it_breaks_free_waste_top() -> None:
    before = replace(TABLE, waste=("4C", "9D"))
    after = replace(before, waste=("9D",))
    assert problems("aisleriot-thirteen", "r7c1", before, after) == [("FREE-WASTE-TOP",)]
    both = replace(before, waste=())
    assert problems("aisleriot-thirteen", "waste", before, both) == []


def test_after_the_end_no_tap_is_checked_even_where_the_engine_says_play_goes_on() -> None:
    over = replace(TABLE, status="won")
    assert problems("app", "stock", over, over) == []
    cleared_but_shown_in_play = replace(TABLE, pyramid=EMPTY_ROWS)
    assert problems("app", "stock", cleared_but_shown_in_play, cleared_but_shown_in_play) == []


def test_a_status_names_its_rule_only_on_a_table_where_that_status_is_wrong() -> None:
    states = named("app").states({})
    cleared = replace(TABLE, pyramid=EMPTY_ROWS, stock_size=0, waste=())
    assert status_rules("won", cleared, states) == ("END-WIN",)
    left = replace(cleared, pyramid=APEX)
    assert status_rules("won", left, states) == ()  # cards left: an earlier step went wrong
    assert status_rules("playing", replace(left, status="won"), states) == ("END-WIN",)
    assert status_rules("no-more-moves", left, states) == ("END-NO-MORE-MOVES",)
    stuck_early = replace(left, stock_size=3, status="no-more-moves")
    assert status_rules("playing", stuck_early, states) == ("END-PLAY-GOES-ON",)
    strict = named("strict-win").states({})
    assert status_rules("playing", replace(TABLE, pyramid=EMPTY_ROWS, status="won"), strict) == (
        "VAR-STRICT-WIN",
    )
