"""The Rule: headers of features/ are written from spec/rules.yaml by scripts/build_features.py,
never by hand: the check passes today, and names the file and the rule when a header differs."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from pyramide.conformance.specdata import load_rules

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "build_features.py"


def _build_features() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_features", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_rule_header_is_the_catalogue_s() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_a_changed_header_is_named_by_file_and_rule(tmp_path: Path) -> None:
    build = _build_features()
    rules = load_rules().rules
    feature = (ROOT / "features" / "kings.feature").read_text(encoding="utf-8")
    edited = feature.replace("Rule: KING-ALONE: ", "Rule: KING-ALONE: Not ")
    path = tmp_path / "kings.feature"
    path.write_text(edited, encoding="utf-8")
    assert build.problems(path, rules, {}) == [
        "features/kings.feature: the Rule: header of KING-ALONE differs from spec/rules.yaml "
        "(run python scripts/build_features.py)"
    ]
    assert build.rewrite(edited, rules) == feature


def test_a_scenario_sits_under_the_rule_it_is_about(tmp_path: Path) -> None:
    build = _build_features()
    rules = load_rules().rules
    feature = (ROOT / "features" / "kings.feature").read_text(encoding="utf-8")
    path = tmp_path / "kings.feature"
    path.write_text(feature.replace("@KING-ALONE", "@PAIR-THIRTEEN @KING-ALONE", 1), "utf-8")
    found = build.problems(path, rules, {"KING-ALONE": "features/other.feature"})
    assert found[0].startswith("features/kings.feature: KING-ALONE heads a Rule: block in ")
    assert "is about PAIR-THIRTEEN but sits under the Rule: block of KING-ALONE" in found[1]
