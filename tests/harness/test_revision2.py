"""Protocol revision 2: the named variants' piles, rows and deck travel through JSON lines, and
an engine of revision 1 is never sent them."""

from __future__ import annotations

import pytest
from pyramide.conformance.adapter import REVISION_2_SWITCHES, Capabilities, parse_target
from pyramide.conformance.jsonlines import JsonLinesFactory, schema_problem
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.rulesets import UnderTest, binding, named

from .conftest import SERVER

VARIANT_CODES = [
    "PY1-G-AAAAAAS",
    "PY1-O-AAAAAAS",
    "PY1-K-AAAAAAS",
    "PY1-V-AAAAAAS",
    "PY1-E-AAAAAAS",
]


@pytest.mark.parametrize("code", VARIANT_CODES)
def test_a_variant_game_is_the_same_through_json_lines_and_follows_the_schema(code: str) -> None:
    factory = JsonLinesFactory(SERVER)
    try:
        remote, local = factory(), ReferenceAdapter()
        started = remote.start(code=code)
        assert started == local.start(code=code)
        assert schema_problem("snapshot-answer", {"id": 1, "snapshot": started.to_json()}) is None
        for target in ("stock", "waste-2", "reserve-1", "r1c1", "stock"):
            assert remote.tap(target) == local.tap(target)
        assert remote.undo() == local.undo()
    finally:
        factory.close()


def test_the_variants_piles_are_in_the_snapshot_only_where_the_table_has_them() -> None:
    giza = ReferenceAdapter().start(code="PY1-G-AAAAAAS")
    assert [len(pile) for pile in giza.reserves] == [3] * 8 and giza.stock_size == 0
    assert giza.pile("reserve-8") == ("AH", "AC", "2S")
    apophis = ReferenceAdapter().start(code="PY1-B-AAAAAAS").to_json()
    assert apophis["more_wastes"] == [["2H"], ["JH"]] and "reserves" not in apophis
    assert "more_wastes" not in ReferenceAdapter().start(code="PY1-N-AAAAAAS").to_json()


def test_the_new_targets_and_rows_follow_the_schema() -> None:
    for target in ("waste-2", "waste-3", "reserve-1", "reserve-8", "r1c7"):
        assert schema_problem("request", {"id": 2, "op": "tap", "target": target}) is None
        assert parse_target(target)
    for target in ("waste-4", "reserve-9", "reserve-0"):
        assert schema_problem("request", {"id": 2, "op": "tap", "target": target}) is not None
    triangle = ReferenceAdapter().start(code="PY1-V-AAAAAAS").to_json()
    assert [len(row) for row in triangle["pyramid"]] == [7, 6, 5, 4, 3, 2, 1]
    triangle["pyramid"][0] = triangle["pyramid"][0][:6]
    assert schema_problem("snapshot-answer", {"id": 1, "snapshot": triangle}) is not None


def test_an_engine_of_revision_2_is_sent_no_draw_onto_a_named_pile() -> None:
    """Revision 3 adds the draw that names its pile: an engine of revision 2 that takes any
    rule set plays three waste piles only as the rules deal them, and is never sent the switch
    nor the targets, which the schema knows."""
    older = Capabilities(any_rule_set=True, revision=2)
    assert binding(named("apophis"), older) is None
    dealt = binding(named("pysolfc-apophis"), older)
    assert dealt is not None and dealt.switches is not None
    assert "waste_choice" not in dealt.switches and dealt.switches["waste_piles"] == 3
    newer = binding(named("apophis"), Capabilities(any_rule_set=True, revision=3))
    assert newer is not None and newer.switches is not None
    assert newer.switches["waste_choice"] == "player"
    for target in ("stock-to-waste", "stock-to-waste-2", "stock-to-waste-3"):
        assert schema_problem("request", {"id": 2, "op": "tap", "target": target}) is None
        assert parse_target(target) == target
    assert schema_problem("request", {"id": 2, "op": "tap", "target": "stock-to-waste-4"})


def test_an_engine_of_revision_1_plays_no_variant_and_is_sent_no_new_switch() -> None:
    old = Capabilities(any_rule_set=True)
    assert old.revision == 1
    for variant in ("giza", "apophis", "king-tut", "triangle", "spanish"):
        assert binding(named(variant), old) is None
    how = UnderTest.of(old, "three-passes").start_arguments()
    assert how["switches"]["max_recycles"] == 2
    assert not set(how["switches"]) & set(REVISION_2_SWITCHES)
    new = Capabilities(any_rule_set=True, revision=2)
    assert binding(named("giza"), new) is not None
