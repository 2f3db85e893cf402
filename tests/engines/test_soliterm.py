"""soliterm 1.2.0, a real engine, checked under aisleriot-thirteen through the example adapter.

The verdict is pinned: the check passes once soliterm's known deviations
(``docs/examples/soliterm/known-deviations.yaml``) are expected failures, and without that
file exactly the rules those deviations name fail. soliterm is a development dependency (the
``dev`` extra pins 1.2.0), so this runs in every test run.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from checkruns import Run, run_check
from pyramide.conformance.adapter import Adapter, Capabilities, Snapshot
from pyramide.conformance.detect import detect
from pyramide.conformance.invariants import GameRecord, run_invariants
from pyramide.conformance.loading import load_factory
from pyramide.conformance.rulesets import UnderTest

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "soliterm"
DEVIATIONS = EXAMPLE / "known-deviations.yaml"
IMPL = "soliterm_adapter:make_adapter"
PROFILE = "aisleriot-thirteen"
FAST = ["--invariant-games", "4"]
MIN_COVERAGE = 60.0
"""The share of the rule set's scenarios that must run. Not more: a move-only engine with no
deal codes cannot be checked on the 27 of 74 scenarios about taps and selection, messages and
deal codes (47 of 74 run, 63.5 %)."""
NOT_OFFERED = {"taps and selection", "messages", "deal codes"}
"""The only capabilities the adapter lacks."""
pytestmark = pytest.mark.xdist_group("soliterm")  # one worker runs the shared check once
KNOWN_INVARIANT_VIOLATIONS: list[str] = []
"""Invariants soliterm breaks on its own deals: none (its win rule is not among them)."""


def _check(folder: Path, *args: str, impl: str = IMPL) -> Run:
    """``pyramide check`` of soliterm in-process, with the example adapter importable."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.syspath_prepend(str(EXAMPLE))
        return run_check(folder, "--impl", impl, "--profile", PROFILE, *FAST, *args)


def deviations() -> dict[str, str]:
    entries = yaml.safe_load(DEVIATIONS.read_text(encoding="utf-8"))
    assert isinstance(entries, list)
    return {str(entry["scenario"]): str(entry["reason"]) for entry in entries}


@pytest.fixture(scope="module")
def bare_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return _check(tmp_path_factory.mktemp("bare"))


@pytest.fixture(scope="module")
def known_run(soliterm_known_run: Run) -> Run:
    """With the known deviations expected: the run the engines page's row is written from too
    (``conftest.py``)."""
    return soliterm_known_run


@pytest.fixture
def factory(monkeypatch: pytest.MonkeyPatch) -> Callable[[], Adapter]:
    """The adapter factory, loaded as ``pyramide check --impl`` loads it."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    return load_factory(IMPL)


def test_soliterm_passes_with_its_known_deviations_expected(known_run: Run) -> None:
    assert known_run.status == 0, known_run.out
    counts = known_run.footer["counts"]
    assert counts["expected failure"] == len(deviations())
    assert counts["failed"] == counts["errored"] == counts["unexpected pass"] == 0
    assert known_run.footer["ok"] is True
    assert "rule set: aisleriot-thirteen" in known_run.out
    assert "NOT played by this engine" not in known_run.out


def test_without_the_file_exactly_the_rules_the_deviations_name_fail(bare_run: Run) -> None:
    named = deviations()
    failing = {r["scenario"] for r in bare_run.scenarios if r["outcome"] == "failed"}
    assert failing == set(named)
    assert not [r for r in bare_run.scenarios if r["outcome"] == "errored"]
    failed_rules = {
        rule for rule, verdict in bare_run.footer["rules"].items() if verdict == "failed"
    }
    named_rules = {
        rule for r in bare_run.scenarios if r["scenario"] in named for rule in r["rules"]
    }
    assert failed_rules == named_rules
    assert bare_run.status == (1 if named else 0), bare_run.out


def test_enough_of_the_rule_set_is_checked_and_only_taps_messages_and_codes_are_missing(
    known_run: Run,
) -> None:
    coverage = known_run.footer["coverage"]
    assert coverage["percent"] >= MIN_COVERAGE, coverage
    for record in known_run.scenarios:
        if record["outcome"] == "not applicable":
            reason = record["reason"].removeprefix("the adapter does not offer ")
            assert set(reason.split(", ")) <= NOT_OFFERED, record


def in_soliterms_order() -> Adapter:
    """The adapter with soliterm's pairs listed as soliterm offers them, the card it moves first
    (``3S+TC`` as well as ``TC+3S``), not in one order of the suite's: a right engine all the
    same, which must fare exactly as the example adapter does."""
    import soliterm_adapter as example  # type: ignore[import-not-found]  # on the path in _check

    class InItsOrder(example.SolitermEngine):  # type: ignore[misc]
        def legal_moves(self) -> list[str]:
            game = self._game()
            listed = []
            for move, (src, _) in self._legal().items():
                moved = example._ours(game.top(src))
                listed.append("+".join(sorted(move.split("+"), key=lambda card: card != moved)))
            return [*listed, "draw"] if game.can_deal() else listed

    adapter: Adapter = example.make_adapter()
    adapter.engine = InItsOrder()  # type: ignore[attr-defined]
    return adapter


def test_pairs_listed_in_soliterms_own_order_fare_as_the_example_adapter(
    tmp_path: Path, known_run: Run
) -> None:
    run = _check(
        tmp_path, "--expected-failures", str(DEVIATIONS), impl=f"{__name__}:in_soliterms_order"
    )
    assert run.status == 0, run.out
    assert run.footer["counts"] == known_run.footer["counts"]


@pytest.mark.parametrize(
    "rule",
    [
        "PAIR-THIRTEEN",
        "VAR-FACE-DOWN",
        "VAR-STOCK-24",
        "VAR-WASTE-PAIR-ANYTIME",
        "VAR-LIMITED-PASSES",
    ],
)
def test_rules_of_the_rule_set_pass_on_soliterm(known_run: Run, rule: str) -> None:
    assert known_run.footer["rules"][rule] == "passed"


class OwnDeal:
    """The adapter playing soliterm's own deal ``deal`` instead of the random table asked."""

    def __init__(self, adapter: Adapter, deal: int) -> None:
        self.adapter = adapter
        self.deal = deal

    def capabilities(self) -> Capabilities:
        return self.adapter.capabilities()

    def start(self, **how: Any) -> Snapshot:
        return self.adapter.start(deal=self.deal, profile=how["profile"])  # type: ignore[call-arg]

    def tap(self, target: str) -> Snapshot:
        return self.adapter.tap(target)

    def undo(self) -> Snapshot:
        return self.adapter.undo()

    def snapshot(self) -> Snapshot:
        return self.adapter.snapshot()


def test_soliterm_own_deals_keep_the_invariants(factory: Callable[[], Adapter]) -> None:
    adapter = factory()
    first = adapter.start(deal=1, profile=PROFILE)  # type: ignore[call-arg]
    assert sum(card == "??" for row in first.pyramid for card in row) == 21
    assert (first.waste, first.stock_size, first.score) == ((), 24, 0)

    under = UnderTest.of(adapter.capabilities(), PROFILE)
    games: list[GameRecord] = []
    deals = itertools.count(1)  # one game on each of soliterm's deals 1 to 4
    violations = run_invariants(
        lambda: OwnDeal(factory(), next(deals)), games=4, under=under, on_game=games.append
    )
    assert [v.invariant for v in violations] == KNOWN_INVARIANT_VIOLATIONS, violations
    assert len(games) == 4 and all(game.actions > 20 for game in games)


def test_detect_finds_aisleriot_thirteen_from_what_soliterm_does(
    factory: Callable[[], Adapter],
) -> None:
    found = detect(factory)
    assert found.profile == PROFILE, found.report()
    assert found.switches["face_down"] is True and found.switches["max_recycles"] == 0


BENCHMARKS = Path(__file__).parents[2] / "benchmarks"


def test_one_rule_broken_inside_soliterm_is_the_only_rule_at_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33: soliterm with one line of its own rules changed, its pairs adding up to 14 (as
    ``benchmarks/planted_faults.py`` plants it), is blamed on PAIR-THIRTEEN alone; the scenarios
    about its limited passes, its waste pairs and its strict win, which fail because their pairs
    are refused, blamed the rules they are about."""
    from soliterm.engine.games.pyramid import Pyramid

    monkeypatch.setattr(Pyramid, "can_drop", Pyramid.can_drop)  # put back after the test
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import planted_faults

    planted_faults.plant_soliterm("pairs-make-14")
    run = _check(tmp_path, "--expected-failures", str(DEVIATIONS))
    assert run.status == 1 and run.footer["at_fault"] == ["PAIR-THIRTEEN"], run.out
