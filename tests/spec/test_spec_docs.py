"""The generated rule pages in docs/ are what scripts/build_docs.py writes from spec/ today."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from pyramide.conformance.specdata import load_rules

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "build_docs.py"


def _build_docs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_docs", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_pages_are_up_to_date() -> None:
    pages: dict[Path, str] = _build_docs().outputs()
    assert len(pages) == 2
    for path, text in pages.items():
        assert path.exists(), f"{path.name} is missing: run scripts/build_docs.py"
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run build_docs"


def test_pages_show_every_rule_and_open_point() -> None:
    pages = {path.name: text for path, text in _build_docs().outputs().items()}
    catalogue = load_rules()
    for rule in catalogue.rules.values():
        assert f"### {rule.id}: {rule.title}" in pages["rules.md"]
        assert rule.statement in pages["rules.md"]
    for point in catalogue.open_points:
        assert f"## {point.number}. {point.topic}" in pages["open-points.md"]
        assert point.resolution in pages["open-points.md"]


def test_check_mode_reports_a_stale_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = _build_docs()
    monkeypatch.setattr(module, "DOCS", tmp_path)
    assert module.main(["--check"]) == 1
    assert module.main([]) == 0
    assert module.main(["--check"]) == 0
    (tmp_path / "rules.md").write_text("stale\n", encoding="utf-8")
    assert module.main(["--check"]) == 1
