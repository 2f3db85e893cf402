"""The generated rule pages in docs/ are what scripts/build_docs.py writes from spec/ today."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from pyramide.conformance.specdata import load_rules

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "build_docs.py"


def _build_docs() -> ModuleType:
    if str(SCRIPT.parent) not in sys.path:
        sys.path.insert(0, str(SCRIPT.parent))  # the script imports its helpers from there
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


def test_site_mode_writes_every_generated_page(tmp_path: Path) -> None:
    assert _build_docs().main(["--site", str(tmp_path)]) == 0
    for area in load_rules().areas():
        assert (tmp_path / "rules" / f"{area}.md").exists()
    assert "diagrams/home-documented-deal.svg" in (tmp_path / "index.md").read_text("utf-8")
    assert (tmp_path / "diagrams" / "home-documented-deal.svg").exists()


def test_rules_page_keeps_each_status_apart_within_an_area() -> None:
    page = next(t for p, t in _build_docs().outputs().items() if p.name == "rules.md")
    headings = _build_docs().STATUS_HEADINGS
    for rule in load_rules().rules.values():
        before = page[: page.index(f"#### {rule.id}: ")]
        assert before.rsplit("\n### ", 1)[1].startswith(headings[rule.status]), rule.id
        assert before.rsplit("\n## ", 1)[1].lower().startswith(rule.area.replace("-", " "))
