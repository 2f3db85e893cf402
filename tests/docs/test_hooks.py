"""The MkDocs hook: generated pages join the build, and a new hand-written page joins the nav."""

from __future__ import annotations

from pathlib import Path

import mkdocs_hooks
import pytest
from docsite.features import FeatureError
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]


def test_a_hand_written_page_missing_from_the_nav_is_added_under_more(tmp_path: Path) -> None:
    config = load_config(str(ROOT / "mkdocs.yml"))
    pages = ["index.md", "adapters.md", "statistics.md", "solver.md"]
    files = Files([File(name, str(tmp_path), str(tmp_path), True) for name in pages])
    mkdocs_hooks._add_unlisted_pages(files, config)
    assert config.nav is not None
    assert config.nav[-1] == {"More": ["solver.md", "statistics.md"]}


def test_every_page_the_nav_names() -> None:
    nav = [{"Home": "index.md"}, {"Rules": ["rules.md", {"Pairs": "rules/pairs.md"}]}]
    assert mkdocs_hooks._nav_paths(nav) == ["index.md", "rules.md", "rules/pairs.md"]


def test_a_broken_feature_stops_the_build_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(spec: object) -> dict[str, str]:
        raise FeatureError("features/pairs.feature, line 13: row 2 must hold 2 places")

    monkeypatch.setattr(mkdocs_hooks, "site_files", broken)
    config = load_config(str(ROOT / "mkdocs.yml"))
    with pytest.raises(PluginError, match=r"^cannot generate the site: features/pairs\.feature"):
        mkdocs_hooks.on_files(Files([]), config)


def test_the_rule_pages_join_the_rules_section_of_the_nav_once() -> None:
    nav: list[object] = [{"Home": "index.md"}, {"Rules": ["reading.md", "rules.md"]}]
    pages = ["rules/deal.md", {"Variants": ["rules/variants.md", "rules/variants/giza.md"]}]
    mkdocs_hooks.add_rule_pages(nav, pages)
    mkdocs_hooks.add_rule_pages(nav, pages)
    assert nav[1] == {"Rules": ["reading.md", "rules.md", *pages]}
    with pytest.raises(PluginError, match="no 'Rules' section"):
        mkdocs_hooks.add_rule_pages([{"Home": "index.md"}], pages)
