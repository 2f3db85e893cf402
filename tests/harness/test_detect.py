"""``pyramide detect`` names the rule set an engine plays from its behaviour alone."""

from __future__ import annotations

from typing import Any

import pytest
from pyramide.cli import main
from pyramide.conformance.adapter import Capabilities, Snapshot
from pyramide.conformance.detect import OUR_TABLES, TABLE_SWITCHES, UNKNOWN, detect
from pyramide.conformance.moveshim import example_factory
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.specdata import load_profiles

from features import wrong_adapters

PROFILES = load_profiles().profiles


@pytest.mark.parametrize("profile", list(PROFILES))
def test_the_reference_engine_is_recognised_under_every_profile(profile: str) -> None:
    found = detect(ReferenceAdapter, profile)
    assert found.profile == profile, found.report()
    switches = dict(PROFILES[profile].switches)
    unknown = {s for s, value in found.switches.items() if value == UNKNOWN}
    assert {s: v for s, v in found.switches.items() if s not in unknown} == {
        s: v for s, v in switches.items() if s not in unknown
    }
    # Only a deal our drawn tables cannot stand for leaves the table probes' switches unknown.
    fits_tables = all(switches[s] == value for s, value in OUR_TABLES.items())
    assert unknown == (set() if fits_tables else set(TABLE_SWITCHES)), found.report()
    assert all(f.evidence for f in found.findings)
    assert found.declared == profile and found.declared_differences == ()
    assert f"declared: {profile}, and every switch found matches it" in found.report()


def test_an_engine_is_judged_by_what_it_does_not_by_what_it_claims() -> None:
    """It claims the app's rules but recycles only twice."""
    found = detect(wrong_adapters.AppWithThreePasses)
    assert found.profile == "three-passes"
    recycles = next(f for f in found.findings if f.switch == "max_recycles")
    assert recycles.value == 2 and "turned back 2 times" in recycles.evidence
    assert found.declared == "app"
    assert found.declared_differences == (
        "max_recycles: the engine plays 2, app says null (no limit)",
    )
    assert "declared: app, but the engine differs from it in:\n  max_recycles" in found.report()
    assert found.to_json()["declared"]["matches"] is False


class StockDrawsNothing(ReferenceAdapter):
    """An engine with no stock to draw from: a tap on the stock moves no card (as Giza's)."""

    def tap(self, target: str) -> Snapshot:
        return self.snapshot() if target == "stock" else super().tap(target)


def test_evidence_is_what_the_taps_did_a_stock_that_never_draws_tells_no_recycling() -> None:
    found = detect(StockDrawsNothing)
    evidence = {f.switch: (f.value, f.evidence) for f in found.findings}
    assert evidence["max_recycles"] == (UNKNOWN, "a tap on a stock of 4 card(s) drew none of them")
    assert evidence["waste_keeps"] == (UNKNOWN, "a tap on the stock did not turn its 7♣ up")
    on_its_own_deal = detect(StockDrawsNothing, "stock-24").findings
    draws = next(f for f in on_its_own_deal if f.switch == "draw_count")
    assert (draws.value, draws.evidence) == (UNKNOWN, "a draw turns 0 card(s) onto the waste")


class FiveRecycles(ReferenceAdapter):
    """Plays the app's rules with five recycles, a rule set no named profile has."""

    def capabilities(self) -> Capabilities:
        return Capabilities(own_deals=True)

    def start(self, **how: Any) -> Snapshot:
        return super().start(**how, switches={"max_recycles": 5})


def test_an_engine_no_profile_fits_gets_the_nearest_and_the_differences() -> None:
    found = detect(FiveRecycles)
    assert found.profile is None and found.fits == ()
    assert found.nearest == "app", "one switch from the app and from three-passes: the first"
    assert found.differences == ("max_recycles: the engine plays 5, app says null (no limit)",)
    assert "no named profile matches; nearest: app" in found.report()


def test_what_no_probe_can_reach_is_unknown_and_the_candidates_are_all_named() -> None:
    found = detect(example_factory, "microsoft")
    unknown = {f.switch for f in found.findings if f.value == UNKNOWN}
    # The shim's engine deals no game of its own: only our tables tell its deck and shape.
    assert unknown == {"stock_24", "face_down", "waste_piles", "draw_count", "waste_choice"}
    assert set(found.fits) == {"microsoft", "pysolfc-relaxed"} and found.profile is None


def test_the_command_prints_the_profile_and_exits_by_whether_one_fits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["detect", "--profile", "aisleriot-thirteen"]) == 0
    out = capsys.readouterr().out
    assert "profile: aisleriot-thirteen" in out and "21 face-down pyramid cards" in out
    assert main(["detect", "--impl", f"{__name__}:FiveRecycles", "--json"]) == 1
    assert 'the engine plays 5, app says null (no limit)"' in capsys.readouterr().out
    assert main(["detect", "--profile", "nonsense"]) == 2


class CrashesOnATap(ReferenceAdapter):
    """An in-process engine with a bug: its first tap raises."""

    def tap(self, target: str) -> Snapshot:
        raise ZeroDivisionError("division by zero in the tap handler")


def broken_factory() -> ReferenceAdapter:
    raise RuntimeError("the engine's configuration file is missing")


@pytest.mark.parametrize(
    ("factory", "cause"),
    [
        ("CrashesOnATap", "ZeroDivisionError: division by zero in the tap handler"),
        ("broken_factory", "RuntimeError: the engine's configuration file is missing"),
    ],
)
def test_an_engine_that_crashes_is_a_harness_error_in_one_line_not_no_profile_fits(
    factory: str, cause: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["detect", "--impl", f"{__name__}:{factory}"]) == 2
    err = capsys.readouterr().err
    assert err == f"pyramide detect: the engine failed during the probes: {cause}\n"
