"""The site as a reader sees it on a laptop (1280 px) and a phone (390 px), measured in the
browser (issue 36): every column of a table can be read, and the diagrams keep one scale.

A table fits its column on a laptop. On a phone it may not, and then it scrolls sideways and
shows that it does (a shadow at the edge with more beyond it) with its first column, which
names the row, kept in place: before, 4 of the engines' 9 columns showed at 390 px with nothing
saying there were more, and the verdict was off-screen at 1280 px. A card diagram is drawn at
its own size at every width: a phone shrank a wide "Given" to legends 6 px tall beside a
narrower "Then" of the same scenario left as drawn.

One Chromium run measures every page at both widths: a page of iframes, one per page and width
(``--allow-file-access-from-files`` lets its script read them), writes what it measured into
itself, and ``--dump-dom`` prints it.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from runner.test_html_report import chromium, render

from .conftest import SITE_GROUP

pytestmark = pytest.mark.xdist_group(SITE_GROUP)

LAPTOP, PHONE = 1280, 390
PAGES = ("engines", "statistics", "suite-strength", "rules/scoring")
"""The widest tables (the engines checked, the win rates, the mutants that survive, in code)
and the widest diagram (a scenario whose Given draws the whole stock)."""

MEASURE = """
const measured = [];
for (const frame of document.querySelectorAll("iframe")) {
  const page = frame.contentDocument, view = frame.contentWindow;
  const style = (element) => view.getComputedStyle(element);
  const tables = [...page.querySelectorAll("article table")].map((table) => {
    const frame = table.closest(".md-typeset__scrollwrap");
    return {
      hidden: frame.scrollWidth - frame.clientWidth,
      scrolls: style(frame).overflowX,
      cue: style(frame).backgroundImage,
      first: style(table.querySelector("tr > :first-child")).position,
    };
  });
  const diagrams = [...page.querySelectorAll("article img.card-diagram:not(.large)")].map(
    (image) => ({
      scale: image.getBoundingClientRect().width / image.naturalWidth,
      hidden: image.parentElement.scrollWidth - image.parentElement.clientWidth,
      scrolls: style(image.parentElement).overflowX,
      cue: style(image.parentElement).backgroundImage,
    }),
  );
  measured.push({page: frame.dataset.page, width: frame.width, tables, diagrams});
}
document.getElementById("measured").textContent = JSON.stringify(measured);
"""


def _frames(site: Path) -> Path:
    """The page of iframes, written into the built site."""
    frames = "".join(
        f'<iframe data-page="{page}" width="{width}" height="900" src="{page}/index.html"></iframe>'
        for page in PAGES
        for width in (LAPTOP, PHONE)
    )
    harness = site / "layout-harness.html"
    harness.write_text(
        f'<!doctype html><body>{frames}<pre id="measured"></pre>'
        f"<script>window.onload = () => {{{MEASURE}}};</script></body>",
        encoding="utf-8",
    )
    return harness


@pytest.fixture(scope="module")
def measured(built_site: Path) -> list[dict[str, Any]]:
    """What Chromium measured on every page at both widths."""
    flags = ("--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom")
    dom = render(chromium(), _frames(built_site), *flags).stdout
    found = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.DOTALL)
    assert found and found.group(1), f"the harness measured nothing:\n{dom[-2000:]}"
    frames: list[dict[str, Any]] = json.loads(html.unescape(found.group(1)))
    return frames


def _shows_it_scrolls(box: dict[str, Any]) -> bool:
    """A box wider than its frame scrolls sideways with a shadow at the edge to say so."""
    return box["scrolls"] in ("auto", "scroll") and "gradient" in box["cue"]


def test_every_table_fits_a_laptop_and_scrolls_visibly_on_a_phone(
    measured: list[dict[str, Any]],
) -> None:
    tables = [(frame, t) for frame in measured for t in frame["tables"]]
    assert {frame["page"] for frame, _ in tables} >= {"engines", "statistics"}
    for frame, table in tables:
        where = f"a table of {frame['page']} at {frame['width']} px"
        if int(frame["width"]) == LAPTOP:
            assert table["hidden"] <= 0, f"{where}: {table['hidden']} px of it off-screen"
        elif table["hidden"] > 0:
            assert _shows_it_scrolls(table), f"{where} hides columns without showing it: {table}"
            assert table["first"] == "sticky", f"{where}: its first column scrolls away"


def test_diagrams_keep_their_drawn_size_and_scroll_when_wider_than_a_phone(
    measured: list[dict[str, Any]],
) -> None:
    diagrams = [(frame, d) for frame in measured for d in frame["diagrams"]]
    for frame, diagram in diagrams:
        where = f"a diagram of {frame['page']} at {frame['width']} px"
        assert diagram["scale"] == pytest.approx(1, abs=0.01), f"{where} drawn at another scale"
        if diagram["hidden"] > 0:
            assert _shows_it_scrolls(diagram), f"{where} is cut without showing it: {diagram}"
    assert any(d["hidden"] > 0 for frame, d in diagrams if int(frame["width"]) == PHONE)
