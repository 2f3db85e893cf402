"""Deal fixtures: facts recomputed by the solver, transcripts replayed on the reference engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyramide import Game, get_profile, parse_code, solve
from pyramide.conformance.deal_fixtures import Fixture, fixture, load_fixture, load_fixtures, replay
from pyramide.conformance.reference_adapter import ReferenceAdapter, layout_from_data

FIXTURES = load_fixtures()
EDGES = {
    "py1-n-aaaaaas",
    "py1-n-aaaaaas-win",
    "py1-n-aaaaaaj",
    "recycle-one-card",
    "no-more-moves",
    "undo-101",
    "king-on-waste",
    "blocked-tap-while-selected",
}
"""The positions the specification promises a fixture for."""
VARIANT_FIXTURES = {
    "giza": "py1-g-aaaaaas",
    "apophis": "py1-o-aaaaaas",
    "pysolfc-apophis": "py1-b-aaaaaas",
    "king-tut": "py1-k-aaaaaas",
    "triangle": "py1-v-aaaaaas",
    "spanish": "py1-e-aaaaaas",
}
"""A deal of each named variant's own, with facts the solver recomputes."""


def _game(item: Fixture) -> Game:
    if item.code is not None:
        code = parse_code(item.code)
        return Game(code.layout(), code.profile, item.code)
    assert item.layout is not None
    profile = get_profile(item.profile)
    return Game(layout_from_data(item.layout, profile.geometry), profile)


def test_the_promised_fixtures_exist() -> None:
    assert {item.id for item in FIXTURES} >= EDGES


def test_every_named_variant_has_a_fixture_with_facts() -> None:
    for profile, fixture_id in VARIANT_FIXTURES.items():
        item = fixture(fixture_id)
        assert item.profile == profile and item.facts is not None, fixture_id
        assert item.facts.max_removed is not None and item.facts.winnable is not None


def test_every_fixture_checks_something() -> None:
    for item in FIXTURES:
        assert item.facts is not None or item.transcript, item.id


@pytest.mark.parametrize("item", [f for f in FIXTURES if f.facts], ids=lambda f: f.id)
def test_facts_are_what_the_solver_finds(item: Fixture) -> None:
    assert item.facts is not None
    solution = solve(_game(item), shortest=item.facts.has_par)
    if item.facts.max_removed is not None:
        assert solution.max_removed == item.facts.max_removed
    if item.facts.winnable is not None:
        assert solution.winnable == item.facts.winnable
    if item.facts.has_par:
        assert item.facts.par == (len(solution.moves) if solution.winnable else None)


@pytest.mark.parametrize("item", [f for f in FIXTURES if f.transcript], ids=lambda f: f.id)
def test_transcript_replays_on_the_reference_engine(item: Fixture) -> None:
    assert replay(ReferenceAdapter(), item) == []


def test_documented_facts_are_stated_as_documented() -> None:
    """The rules give these facts; the fixtures must state them, and the solver agrees above."""
    unwinnable = fixture("py1-n-aaaaaaj").facts
    assert unwinnable is not None
    assert (unwinnable.max_removed, unwinnable.winnable) == (14, False)
    documented = fixture("py1-n-aaaaaas")
    assert documented.initial is not None
    assert documented.initial.checks["pyramid"][6] == ["7C", "TC", "3H", "4H", "3S", "KD", "7S"]
    assert documented.initial.checks["waste"] == ["7D"]
    assert documented.transcript[3].expect is not None
    assert documented.transcript[3].expect.checks["rows"] == {
        "7": ["7C", None, "3H", "4H", None, None, "7S"]
    }


def test_the_winning_transcript_ends_won_at_280() -> None:
    last = fixture("py1-n-aaaaaas-win").transcript[-1].expect
    assert last is not None
    assert (last.checks["score"], last.checks["status"]) == (280, "won")


def test_the_101st_undo_is_in_the_transcript() -> None:
    steps = fixture("undo-101").transcript
    undos = [step.repeat for step in steps if step.action == "undo"]
    assert sum(undos) == 101
    assert steps[-1].action == "undo" and steps[-1].expect is not None


def test_replay_reports_every_unmet_expectation(tmp_path: Path) -> None:
    """A wrong fixture must fail: the check is not vacuous."""
    original = fixture("no-more-moves").file.read_text(encoding="utf-8")
    wrong = original.replace(
        "score: 20, moves: 2, status: no-more-moves", "score: 30, moves: 2, status: playing"
    )
    assert wrong != original
    file = tmp_path / "no-more-moves.yaml"
    file.write_text(wrong, encoding="utf-8")
    failures = replay(ReferenceAdapter(), load_fixture(file))
    assert len(failures) == 2
    assert "score: expected 30, got 20" in failures[0]
    assert str(file) in failures[0] and "transcript[2].expect" in failures[0]
    assert 'status: expected "playing", got "no-more-moves"' in failures[1]


LAYOUT_FIXTURE = """\
id: {id}
title: A variant's table written out
rules: [{rule}]
profile: {profile}
layout:
  pyramid: {rows}
  waste: "{waste}"
  stock: "{stock}"
{piles}transcript:
  - tap: {tap}
    expect: {expect}
"""


@pytest.mark.parametrize(
    ("profile", "rule", "rows", "waste", "stock", "piles", "tap", "expect"),
    [
        (
            "giza",
            "VAR-GIZA-RESERVE-TOPS",
            '["5♠", "2♣ 9♥", "-- -- --", "-- -- -- --", "-- -- -- -- --", "-- -- -- -- -- --",'
            ' "-- -- -- -- -- -- --"]',
            "",
            "",
            '  piles: {reserve-1: "J♥ 4♦", reserve-3: "6♠"}\n',
            "r2c2",
            '{selected: r2c2, piles: {reserve-1: "J♥ 4♦", reserve-2: "", reserve-3: "6♠"}}',
        ),
        (
            "apophis",
            "VAR-APOPHIS-TOPS",
            '["5♠", "2♣ 9♥", "-- -- --", "-- -- -- --", "-- -- -- -- --", "-- -- -- -- -- --",'
            ' "-- -- -- -- -- -- --"]',
            "8♦",
            "2♥",
            '  piles: {waste-3: "J♥ 4♣"}\n',
            "waste-3",
            "{selected: waste-3}",
        ),
        (
            "triangle",
            "VAR-TRIANGLE-COVERING",
            '["9♦ 4♣ J♥ -- -- -- --", "K♠ 2♠ -- -- -- --", "-- -- -- -- --", "-- -- -- --",'
            ' "-- -- --", "-- --", "--"]',
            "4♥",
            "8♣",
            "",
            "r2c1",
            '{rows: {"1": "9♦ 4♣ J♥ -- -- -- --", "2": "-- 2♠ -- -- -- --"}, score: 10}',
        ),
        (
            "spanish",
            "VAR-SPANISH-PAIRS-TWELVE",
            '["RO", "5O 7B", "-- -- --", "-- -- -- --", "-- -- -- -- --", "-- -- -- -- -- --",'
            ' "-- -- -- -- -- -- --"]',
            "SP",
            "2B",
            "",
            "r2c1",
            "{selected: r2c1}",
        ),
    ],
)
def test_a_variant_table_written_out_loads_and_replays(
    tmp_path: Path,
    profile: str,
    rule: str,
    rows: str,
    waste: str,
    stock: str,
    piles: str,
    tap: str,
    expect: str,
) -> None:
    """Fixtures may write out a table of any named variant: the Triangle's rows, Spanish cards,
    the waste piles and reserves (``piles``), checked as the transcript plays."""
    file = tmp_path / f"{profile}-table.yaml"
    text = LAYOUT_FIXTURE.format(
        id=file.stem,
        rule=rule,
        profile=profile,
        rows=rows,
        waste=waste,
        stock=stock,
        piles=piles,
        tap=tap,
        expect=expect,
    )
    file.write_text(text, encoding="utf-8")
    item = load_fixture(file)
    assert item.layout is not None
    assert replay(ReferenceAdapter(), item) == []
    assert solve(_game(item), shortest=False).max_removed >= 0
