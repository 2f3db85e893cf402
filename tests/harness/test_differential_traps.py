"""``pyramide differential`` as a new user meets it (issue 24, B7): any rule set ``check`` takes,
a seed that plays the same games again, and exit statuses that say whose failure it is (0 no
difference, 1 a difference, 2 the run could not be made)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
import yaml
from pyramide.cli import main

from features import one_tap_adapters, wrong_adapters

from .conftest import FAKES

SHORT = ["--examples", "5", "--steps", "20"]
REFERENCE = ["--impl", "pyramide.conformance.reference_adapter:ReferenceAdapter"]
HOUSE = ["--impl", "house_rules_engine:HouseRules"]
"""An engine declaring one rule set of its own, "house", and no named profile."""
FACE_DOWN = ["--impl", f"{wrong_adapters.__name__}:AppDealtFaceDown"]
"""A wrong engine: it deals the app's covered cards face down, so it parts from the reference
at the first deal (and a split found at once shrinks in no time)."""


def differential(*args: str) -> int:
    return main(["differential", *args])


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(FAKES))


def test_a_rule_set_file_is_played_by_both_engines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "one-pass-strict.yaml"
    rules.write_text(yaml.safe_dump({"max_recycles": 0, "strict_win": True}))
    assert differential(*REFERENCE, "--profile", str(rules), *SHORT) == 0
    out = capsys.readouterr().out
    assert out == "no difference with the reference in 5 random games (seed 0)\n"


@pytest.mark.usefixtures("fakes")
@pytest.mark.parametrize("profile", [[], ["--profile", "house"]], ids=["default", "by-name"])
def test_the_engines_own_rule_set_is_played(
    profile: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert differential(*HOUSE, *profile, *SHORT) == 0, capsys.readouterr().out


@pytest.mark.usefixtures("fakes")
@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--cmd", f"{sys.executable} -c 'import sys; sys.exit(3)'"],
            # whether the hello finds the pipe closed or the answer missing depends on timing:
            # either way the line says the handshake failed because the engine exited
            "it exited with code 3",
        ),
        (
            [*HOUSE, "--profile", "microsoft"],
            "the engine declares no rule set like microsoft (strict_win=off,",
        ),
        (
            [*REFERENCE, "--profile", "/nonexistent/rules.yaml"],
            "cannot read the rule set",
        ),
        (["--impl", "no_such_module:factory"], "cannot import no_such_module"),
        (
            ["--impl", f"{one_tap_adapters.__name__}:SelectsWhenAmbiguous"],
            "the engine is tapped otherwise than the reference (pairing: one-tap)",
        ),
        (
            ["--impl", f"{wrong_adapters.__name__}:RecyclesAndDraws"],
            "the engine is tapped otherwise than the reference (recycle_draw: combined)",
        ),
    ],
    ids=["engine-dies", "not-played", "no-file", "no-module", "one-tap", "recycles-and-draws"],
)
def test_a_run_that_cannot_be_made_is_exit_2_in_one_line(
    args: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert differential(*args, *SHORT) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("pyramide differential: ") and line in captured.err


@pytest.mark.parametrize("profile", ["single-pass", "one-pass.yaml"])
def test_a_convention_that_cannot_arise_under_the_rule_set_is_no_reason_to_refuse(
    profile: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An engine declares one tap that recycles and draws once, for every rule set it plays;
    under a single pass nothing is recycled, so its taps are the reference's (issue 33 E3)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "one-pass.yaml").write_text(yaml.safe_dump({"max_recycles": 0}))
    engine = ["--impl", f"{wrong_adapters.__name__}:RecyclesAndDraws"]
    assert differential(*engine, "--profile", profile, *SHORT) == 0, capsys.readouterr()


def test_a_difference_is_exit_1_with_the_command_that_finds_it_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert differential(*FACE_DOWN, *SHORT, "--seed", "7") == 1
    first = capsys.readouterr().out
    assert "differs on pyramid" in first
    sent = next(line for line in first.splitlines() if line.startswith("# sent to both engines"))
    assert sent.startswith("# sent to both engines: start table"), sent
    header = first.splitlines()[first.splitlines().index(sent) + 2].split()
    assert header == ["#", "the", "reference", "AppDealtFaceDown"], header
    assert any(line.startswith("# ≠ ") and "??" in line for line in first.splitlines())
    found, command = first.splitlines()[-2:]
    assert found == "# found in 5 random games (seed 7); this command plays the same games again:"
    words = shlex.split(command.removeprefix("#   "))
    assert words[:2] == ["pyramide", "differential"] and "--seed" in words
    assert main(words[1:]) == 1
    assert capsys.readouterr().out == first, "the same seed finds the same difference"


def test_a_run_without_a_seed_names_the_fixed_one_it_used(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert differential(*FACE_DOWN, *SHORT) == 1
    out = capsys.readouterr().out
    assert "(seed 0); this command plays the same games again:" in out
    assert out.splitlines()[-1].endswith("--seed 0 --timeout 5")
