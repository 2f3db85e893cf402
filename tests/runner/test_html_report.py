"""The HTML report as a browser shows it (issue 25): one file that fetches nothing, which headless
Chromium (Debian's ``chromium``) renders with every failure's heading and card diagrams.

A report can parse and still be broken where it matters: markup that the browser's own parser
nests differently (an SVG left open swallows the rest of the page), a style that hides the
failures, a diagram that draws nothing. So Chromium builds the page and the tests read what it
built (``--dump-dom``) and what it drew (``--screenshot``).

Chromium is not a Python package. ``.ci/run`` installs it in the background when it is missing
and tells these tests where the install's log and status are; they wait for it (bounded), and
fail, never skip, when it cannot be had: a report nobody renders is a report nobody checked.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from checkruns import Run, run_check
from PIL import Image, ImageChops
from pyramide.conformance.html_report import html_report
from pyramide.conformance.reports import RunInfo
from pyramide.conformance.results import FAILED, ScenarioResult, summarize

from features import wrong_adapters
from runner.html_page import Element, parse

pytestmark = pytest.mark.xdist_group("chromium")  # one worker waits for the install

INSTALL = "PYRAMIDE_CHROMIUM_INSTALL"
"""Set by ``.ci/run`` when it installs Chromium in the background: the path prefix of the
install's ``.log`` and of its ``.status`` (its exit status, written when it ends)."""
WAIT_SECONDS = 240.0
HOW_TO_INSTALL = (
    "these tests need Debian's chromium: apt-get update && apt-get install -y chromium "
    "(.ci/run installs it when it is missing)"
)
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)
VERDICT_RED = (198, 40, 40)
"""``#c62828``: the failed verdict's badge, and the red suits of the diagrams."""


def chromium() -> str:
    """The browser, once the background install ``.ci/run`` started (if any) has ended."""
    prefix = os.environ.get(INSTALL)
    if prefix:
        status, log = Path(prefix + ".status"), prefix + ".log"
        deadline = time.monotonic() + WAIT_SECONDS
        while not status.exists():
            if time.monotonic() > deadline:
                pytest.fail(f"chromium still not installed after {WAIT_SECONDS:g} s: see {log}")
            time.sleep(1)
        if status.read_text().strip() != "0":
            pytest.fail(f"the background install of chromium failed: see {log}")
    found = shutil.which("chromium")
    if found is None:
        pytest.fail(HOW_TO_INSTALL)
    return found


def render(browser: str, page: Path, *how: str) -> subprocess.CompletedProcess[str]:
    """One headless Chromium run on the page, with a fresh profile."""
    with tempfile.TemporaryDirectory(prefix="pyramide-chromium-") as profile:
        command = [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *how, page.as_uri()]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


@pytest.fixture(scope="module")
def failing(tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, Path]:
    """A wrong engine's run (pairs of Jacks refused) on one rule's scenarios, and its report."""
    folder = tmp_path_factory.mktemp("html")
    page = folder / "report.html"
    engine = f"{wrong_adapters.__name__}:JacksNeverPair"
    run = run_check(folder, "--impl", engine, "-q", "--rule", "PAIR-THIRTEEN", "--html", str(page))
    assert run.status == 1
    return run, page


def test_the_report_fetches_nothing(failing: tuple[Run, Path]) -> None:
    _, page = failing
    text = page.read_text(encoding="utf-8")
    tree = parse(text)
    assert not tree.all("script") and not tree.all("link") and not tree.all("img")
    links = [
        value
        for element in tree.walk()
        for name, value in element.attrs.items()
        if name in ("src", "href", "xlink:href", "srcset", "data")
    ]
    assert not [link for link in links if re.match(r"(https?:)?//", link)]
    style = tree.one("style").text
    assert "@import" not in style and "url(" not in style and "@font-face" not in style


def test_every_link_opens_from_the_file_a_ci_artifact_gives(failing: tuple[Run, Path]) -> None:
    """Issue 36 item 2: the rules' links were root-relative (``/rules/pairs/#PAIR-THIRTEEN``),
    dead once the page is opened from a downloaded artifact. Each link, resolved against the
    page's ``file://`` address, is a place in the page or a file that exists."""
    _, page = failing
    tree = parse(page.read_text(encoding="utf-8"))
    ids = {element.attrs["id"] for element in tree.walk() if "id" in element.attrs}
    links = [a.attrs["href"] for a in tree.all("a")]
    assert any(link.startswith("#rule-") for link in links), "each failure's rule is linked"
    for link in links:
        target = urlsplit(urljoin(page.as_uri(), link))
        if Path(unquote(target.path)) == page:
            assert target.fragment in ids, link
        else:
            assert target.scheme == "file" and Path(unquote(target.path)).exists(), link


LINKS_AS_OPENED = """<script>
document.body.dataset.links = JSON.stringify([...document.links].map(a => [
  a.href, a.hash ? document.getElementById(decodeURIComponent(a.hash.slice(1))) !== null : null,
]));
</script>"""
"""Each link of the page as the browser resolves it, and whether its fragment names a place of
the page (written into the page, which ``--dump-dom`` then reads)."""


def test_every_link_opens_in_chromium_from_the_file(failing: tuple[Run, Path]) -> None:
    """Issue 36 item 2, as a reader meets it: the report opened in Chromium from its file, in
    the folder the artifact was unpacked to; each link the browser resolves is a place in the
    page or a file that exists (a copy of the page beside it carries the reading script)."""
    _, page = failing
    opened = page.with_name("report-opened.html")
    opened.write_text(page.read_text(encoding="utf-8") + LINKS_AS_OPENED, encoding="utf-8")
    body = parse(render(chromium(), opened, "--dump-dom").stdout).all("body")[0]
    links = json.loads(body.attrs["data-links"])
    assert any(href.startswith(opened.as_uri() + "#rule-") for href, _ in links)
    for href, in_page in links:
        target = urlsplit(href)
        if Path(unquote(target.path)) == opened:
            assert in_page, href
        else:
            assert target.scheme == "file" and Path(unquote(target.path)).exists(), href


def test_the_rules_pages_are_linked_on_the_site_given(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    engine = f"{wrong_adapters.__name__}:JacksNeverPair"
    site = "https://example.org/pyramide/"
    run_check(tmp_path, "--impl", engine, "-q", "--rule", "PAIR-VALUES", "--html", str(page))
    assert "/rules/" not in " ".join(a.attrs["href"] for a in parse(page.read_text()).all("a"))
    args = ("--impl", engine, "-q", "--rule", "PAIR-VALUES", "--site-url", site)
    run = run_check(tmp_path, *args, "--html", str(page))
    links = [a.attrs["href"] for a in parse(page.read_text()).all("a")]
    assert f"{site}rules/pairs/#PAIR-VALUES" in links
    assert f"page: {site}rules/pairs/#PAIR-VALUES" in run.out


def test_every_text_of_the_run_is_escaped() -> None:
    """Names, reasons, steps and the exchange come from feature files and from the engine:
    markup in them is shown as text, never taken for the page's own."""
    hostile = "<script>alert(1)</script> & </pre>"
    result = ScenarioResult(
        "x.feature::s",
        "x.feature",
        f"a scenario {hostile}",
        ("PAIR-THIRTEEN",),
        FAILED,
        reason=f"the engine said {hostile}",
        subject="PAIR-THIRTEEN",
        steps=(f"Given a message {hostile}", "Then the waste is:\n    </svg>"),
        failed_step=1,
        exchange=({"request": {"op": "tap", "target": hostile}},),
    )
    rules = summarize([result], {"PAIR-THIRTEEN": ("Two free cards", "required", "pairs")})
    run = RunInfo("1", {"cmd": hostile}, [result], rules, hostile, rerun=("pyramide", "check"))
    page = parse(html_report(run))
    assert not page.all("script")
    article = page.one("article", "failure")
    assert article.one("h3").text == f"failed: x.feature: a scenario {hostile}"
    assert hostile in article.one("div", "expectation").text
    assert hostile in article.one("details").text
    assert article.one("pre", "command").text.endswith("'x.feature: a scenario " + hostile + "'")


def test_chromium_builds_every_failure_with_its_diagrams(failing: tuple[Run, Path]) -> None:
    run, page = failing
    dom = parse(render(chromium(), page, "--dump-dom").stdout)
    failed = [f"{r['outcome']}: {r['id']}" for r in run.scenarios if r["outcome"] == "failed"]
    articles = dom.all("article", "failure")
    assert [article.one("h3").text for article in articles] == failed
    written = parse(page.read_text(encoding="utf-8")).all("svg")
    built = dom.all("svg")
    assert len(built) == len(written) >= 2 * len(failed)
    assert all(svg.all("rect") and svg.all("text") for svg in built)
    assert all(_inside(svg, articles) for svg in built)


def _inside(svg: Element, articles: list[Element]) -> bool:
    return any(any(each is svg for each in article.walk()) for article in articles)


def test_chromium_draws_the_verdict_and_the_failures(
    failing: tuple[Run, Path], tmp_path: Path
) -> None:
    _, page = failing
    shot = tmp_path / "report.png"
    render(chromium(), page, f"--screenshot={shot}", "--window-size=1280,8000")
    with Image.open(shot) as image:
        rgb = image.convert("RGB")
    assert rgb.width == 1280
    blank = Image.new("RGB", rgb.size, "white")
    drawn = ImageChops.difference(rgb, blank).getbbox()  # what is not the white background
    assert drawn is not None, "the page is blank"
    height = drawn[3]
    assert height > 4000, f"the page ends at {height} px: its failures are not drawn"
    top = rgb.crop((0, 0, rgb.width, 80)).getcolors(1 << 16) or []
    assert any(colour == VERDICT_RED for _, colour in top), "no red verdict at the top"
