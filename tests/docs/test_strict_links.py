"""``mkdocs build --strict`` fails on a broken relative link, with the site's own ``validation:``
settings: MkDocs reports a link to a folder without a page (``examples/``) at INFO level unless
told otherwise, which let one through to the Engines page.

A small site of two pages is built in-process with the default theme, in a fraction of the
whole site's build (tests/docs/test_site_build.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

ROOT = Path(__file__).resolve().parents[2]


def _build(tmp_path: Path, link: str) -> None:
    validation = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["validation"]
    docs = tmp_path / "docs"
    (docs / "examples").mkdir(parents=True)
    (docs / "examples" / "adapter.py").write_text("print('an example')\n", encoding="utf-8")
    (docs / "index.md").write_text(f"# Home\n\nSee [the examples]({link}).\n", encoding="utf-8")
    (docs / "engines.md").write_text("# Engines\n", encoding="utf-8")
    config_file = tmp_path / "mkdocs.yml"
    config_file.write_text(
        yaml.safe_dump({"site_name": "strict", "validation": validation}), encoding="utf-8"
    )
    config = load_config(str(config_file), strict=True, site_dir=str(tmp_path / "site"))
    build(config)


@pytest.mark.parametrize("broken", ["examples/", "missing.md", "engines.md#nowhere"])
def test_a_broken_relative_link_fails_the_strict_build(tmp_path: Path, broken: str) -> None:
    with pytest.raises(Abort, match="warning"):
        _build(tmp_path, broken)


def test_a_link_to_a_page_or_a_file_passes(tmp_path: Path) -> None:
    _build(tmp_path, "examples/adapter.py")
    assert (tmp_path / "site" / "index.html").exists()
