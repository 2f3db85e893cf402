"""Traps a new user of ``pyramide check``, ``detect`` and ``stats`` falls into (issue 24, B, A8).

Each test builds the engine it needs (an in-process adapter below, or a JSON-lines program run
with ``python -c``) and checks that the trap gives a clear verdict: a right engine declared the
documented way passes, a broken one stops at once with one line and exit status 2.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml
from checkruns import run_check
from features.inprocess import run_suite, suite_file
from pyramide.cli import main
from pyramide.conformance.adapter import AdapterError, Capabilities, Snapshot
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.specdata import load_rules

from features import wrong_adapters

RULES = load_rules().rules
FAST = ["--invariant-games", "2"]


def impl(name: str, module: str = __name__) -> list[str]:
    return ["--impl", f"{module}:{name}"]


def required_under_app() -> set[str]:
    """The rules every engine playing the app's rules is held to."""
    return {r.id for r in RULES.values() if r.status == "required" and "app" in r.profiles}


def forced_under_app() -> set[str]:
    """The rules the compliance line counts for an app engine with the app's conventions: all
    but the implementation-defined ones (34 when issue 24 was written)."""
    return {
        r.id for r in RULES.values() if r.status != "implementation-defined" and "app" in r.profiles
    }


# --- A8: an open point settled otherwise lowers no required rule ----------------------------


def test_an_open_point_settled_otherwise_counts_only_toward_the_open_point(
    tmp_path: Path,
) -> None:
    """EndTakesOtherTaps ignores taps after a dead end (OPEN-TAPS-AFTER-END the other way):
    its scenarios also carry TAP-BLOCKED, END-NO-MORE-MOVES and END-WIN, which it keeps."""
    run = run_check(tmp_path, *FAST, *impl("EndTakesOtherTaps", wrong_adapters.__name__))
    assert run.status == 0, run.out
    verdicts = run.footer["rules"]
    assert verdicts["OPEN-TAPS-AFTER-END"] == "differs from reference"
    assert {rule for rule in required_under_app() if verdicts[rule] != "passed"} == set()
    forced = len(forced_under_app())
    assert run.footer["compliance"] == {"passed": forced, "applicable": forced}
    assert f"compliance: {forced}/{forced} applicable rules passed (100.0 %)" in run.out
    shown = re.findall(r"^    also shows \(.*\): (.*)$", run.out, re.MULTILINE)
    assert {"TAP-BLOCKED", "END-NO-MORE-MOVES"} in [set(rules.split(", ")) for rules in shown]


# --- B3: an errored scenario is not checked ---------------------------------------------------


class UndoCrashes(ReferenceAdapter):
    """The reference engine, but its undo button crashes: every undo scenario errors."""

    def undo(self) -> Snapshot:
        raise AdapterError("the undo button crashed")


def test_errored_scenarios_do_not_count_as_checked(tmp_path: Path) -> None:
    run = run_check(tmp_path, *FAST, *impl("UndoCrashes"))
    scenarios = [r for r in run.scenarios if not r["id"].startswith("invariants::")]
    errored = [r for r in scenarios if r["outcome"] == "errored"]
    ran = [r for r in scenarios if r["outcome"] not in ("errored", "outside the rule set")]
    assert errored and ran
    coverage = run.footer["coverage"]
    assert coverage["checked"] == len(ran) < coverage["in_rule_set"]
    assert f"{len(errored)} errored (not checked" in run.out
    assert run.status == 1


# --- B9: an install hint names the distribution -----------------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def test_every_install_hint_names_the_distribution_that_exists() -> None:
    """The project installs as ``pyramide-conformance``: ``pip install 'pyramide[cluster]'``
    asks the index for another project."""
    wrong = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("reference", "scripts", "benchmarks", "docs", "README.md")
        for path in ([ROOT / folder] if folder.endswith(".md") else (ROOT / folder).rglob("*"))
        if path.suffix in (".py", ".md", ".yml")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"pip install ['\"]?pyramide\[", line)
    ]
    assert wrong == []


# --- B1, B2: an engine's own rule set works everywhere ----------------------------------------

FAKES = ROOT / "tests" / "harness" / "fakes"
HOUSE = ["--impl", "house_rules_engine:HouseRules"]
"""An in-process engine declaring one rule set of its own and no named profile."""


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(FAKES))


@pytest.mark.usefixtures("fakes")
def test_check_without_a_profile_takes_the_engines_own_first_rule_set(tmp_path: Path) -> None:
    run = run_check(tmp_path, *FAST, *HOUSE)
    assert run.status == 0, run.err + run.out
    assert run.out.startswith("rule set: house (the app's but strict_win=on, max_recycles=2);")
    assert run.footer["coverage"]["shortfall"] is None
    invariants = [r for r in run.scenarios if r["id"].startswith("invariants::")]
    assert invariants and {r["outcome"] for r in invariants} <= {"passed", "outside the rule set"}


@pytest.mark.usefixtures("fakes")
def test_check_takes_the_engines_own_rule_set_by_name(tmp_path: Path) -> None:
    run = run_check(tmp_path, *FAST, *HOUSE, "--profile", "house")
    assert run.status == 0, run.err + run.out
    assert run.out.startswith("rule set: house (")


@pytest.mark.usefixtures("fakes")
def test_a_rule_set_file_an_engine_plays_under_its_own_name_needs_no_deal_code(
    tmp_path: Path,
) -> None:
    """The engine deals codes, but its house rules have no code letter: the random games
    start from tables (they raised KeyError looking the letter up)."""
    rules = tmp_path / "my-house.yaml"
    rules.write_text(yaml.safe_dump({"max_recycles": 2, "strict_win": True}))
    run = run_check(tmp_path, "--invariant-games", "12", *HOUSE, "--profile", str(rules))
    assert run.status == 0, run.err + run.out
    invariants = [r for r in run.scenarios if r["id"].startswith("invariants::")]
    assert "errored" not in {r["outcome"] for r in invariants}


@pytest.mark.usefixtures("fakes")
def test_an_unknown_name_lists_the_engines_own_rule_sets_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", *HOUSE, "--profile", "mansion"]) == 2
    err = capsys.readouterr().err
    assert "unknown profile 'mansion'" in err and "the engine's own rule sets: house" in err
    assert "Traceback" not in err


@pytest.mark.usefixtures("fakes")
def test_detect_plays_the_engines_own_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["detect", *HOUSE, "--profile", "house"]) == 1  # no named profile fits
    out = capsys.readouterr().out
    assert re.search(r"max_recycles +2 ", out) and re.search(r"strict_win +on ", out)


def test_an_engine_declaring_only_rule_sets_plays_only_those(tmp_path: Path) -> None:
    """Over JSON lines, a hello naming ``rule_sets`` and no ``profiles`` (it was taken for an
    app engine, started under the app's rules, and errored)."""
    engine = f"{sys.executable} {FAKES / 'house_rules_engine.py'}"
    run = run_check(tmp_path, *FAST, "--cmd", engine)
    assert run.status == 0, run.err + run.out
    assert run.out.startswith("rule set: house (")
    assert run.footer["counts"]["errored"] == 0


def test_only_an_engine_declaring_no_rule_set_at_all_is_an_app_engine() -> None:
    house = {"house": {"max_recycles": 2}}
    assert Capabilities(rule_sets=house).profiles == ()
    assert Capabilities.from_json({"rule_sets": house}).profiles == ()
    assert Capabilities().profiles == Capabilities.from_json({}).profiles == ("app",)
    assert Capabilities(profiles=("microsoft",), rule_sets=house).profiles == ("microsoft",)


# --- B6: an engine that fails the handshake stops the run at once ---------------------------

HANDSHAKE_FAILURES = {
    "exits at once": (
        "import sys; print('boom: no config file', file=sys.stderr); sys.exit(3)",
        "the engine closed its output before answering hello: it exited with code 3; "
        "its stderr ends: boom: no config file",
        "30",
    ),
    "never answers": (
        "import sys, time; print('waiting for a licence', file=sys.stderr, flush=True); "
        "time.sleep(60)",
        "no answer to hello within 1 s; the engine was stopped; "
        "its stderr ends: waiting for a licence",
        "1",
    ),
    "answers garbage": (
        "print('Segmentation fault', flush=True); import time; time.sleep(60)",
        "answer to hello is not a JSON line: 'Segmentation fault'",
        "30",
    ),
}
"""Each engine's program, the one line that must say what went wrong, and the timeout (only
the silent one waits for it)."""


@pytest.mark.parametrize("fault", list(HANDSHAKE_FAILURES))
def test_an_engine_failing_the_handshake_stops_the_run_in_one_line(
    fault: str, tmp_path: Path
) -> None:
    program, cause, timeout = HANDSHAKE_FAILURES[fault]
    engine = f'{sys.executable} -c "{program}"'
    run = run_check(tmp_path, "--cmd", engine, "--timeout", timeout)
    assert run.status == 2
    assert run.err == f"pyramide check: the engine failed the handshake: {cause}\n"
    assert run.out == "" and run.records == [], "no scenario ran, no report of 228 errors"


class CapabilitiesCrash(ReferenceAdapter):
    def capabilities(self) -> Capabilities:
        raise KeyError("engine.ini")


def factory_that_raises() -> ReferenceAdapter:
    raise RuntimeError("no display found")


@pytest.mark.parametrize(
    ("factory", "line"),
    [
        ("factory_that_raises", "the adapter factory failed: RuntimeError: no display found"),
        (
            "CapabilitiesCrash",
            "the engine failed the handshake (capabilities): KeyError: 'engine.ini'",
        ),
    ],
)
def test_an_adapter_that_cannot_say_what_it_plays_stops_the_run_in_one_line(
    factory: str, line: str, tmp_path: Path
) -> None:
    run = run_check(tmp_path, *FAST, *impl(factory))
    assert run.status == 2 and run.err == f"pyramide check: {line}\n"
    assert run.records == []


@pytest.mark.usefixtures("fakes")
def test_the_pytest_plugin_takes_the_engines_own_rule_set_by_name() -> None:
    """``pytest --pyramide-profile house``: the plugin asks the engine when the name is not a
    named profile (it refused the name before any scenario ran)."""
    outcomes = run_suite(
        "--pyramide-impl", "house_rules_engine:HouseRules", "--pyramide-profile", "house"
    )
    assert outcomes.with_outcome("passed") and not outcomes.with_outcome("failed")


@pytest.mark.usefixtures("fakes")
def test_the_pytest_plugin_refuses_a_name_neither_named_nor_the_engines() -> None:
    options = ["--pyramide-impl", "house_rules_engine:HouseRules", "--pyramide-profile", "mansion"]
    assert pytest.main([suite_file(), *options]) == pytest.ExitCode.USAGE_ERROR
