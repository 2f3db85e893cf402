"""Build the documentation site, serve it on localhost and photograph pages in headless Chromium;
or photograph the HTML report of a failing engine.

The screenshots (``docs/screenshots/*.png``) show the site as a person sees it, at 1280 pixels:
the home page with the documented deal, a core rule's page and a variant's page with their card
diagrams, the profiles, the engines checked, the statistics and the deal fixtures. With
``--report``, they show ``pyramide check --html`` as a developer opens it from a CI artifact:
the report of an engine that never pairs a Jack with a 2 (a wrong engine of the tests), its top and
its first failure (in ``docs/assets``, since ``docs/ci.md`` shows them on the site too). Look at
them after changing the generator, the report or the styles. Needs Debian's ``chromium``
package::

    apt-get install -y chromium
    .venv/bin/python scripts/screenshots.py            # all seven
    .venv/bin/python scripts/screenshots.py --page rules/undo/ --name undo-page
    .venv/bin/python scripts/screenshots.py --report   # report-top.png, report-failure.png
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
"""The site's pictures of itself: for the repository, left out of the site (``exclude_docs``)."""
REPORT_OUT = ROOT / "docs" / "assets"
"""The HTML report's pictures: ``docs/ci.md`` shows them, on the site too."""
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--virtual-time-budget=5000",
)


@dataclass(frozen=True)
class Shot:
    name: str
    page: str
    """The page's URL path under the site's root, e.g. ``rules/pairs/``."""
    width: int = 1280
    height: int = 1600
    anchor: str = ""
    """Show the page scrolled to this anchor: headless Chromium photographs a page's top, so the
    page is shown in a full-window frame, which does scroll to it."""
    failure: int | None = None
    """Keep only this many pixels of the page from its first failure down (the HTML report:
    headless Chromium photographs no ``#anchor`` but the page's top)."""


SHOTS = (
    Shot("home", ""),
    Shot("rule-page", "rules/pairs/", height=2200),
    Shot("variant-page", "rules/variants/stock-top/", height=2600),
    Shot("profiles", "profiles/", height=1400),
    Shot("engines", "engines/", height=1300),
    Shot("statistics", "statistics/", height=2400),
    Shot("deals", "deals/", height=2200, anchor="py1-g-aaaaaas"),
)
"""The site's pages a reader meets first, each at 1280 pixels, the width of a laptop: the home
page, a core rule's page, a variant's page, the profiles, the engines checked, the statistics
and the deal fixtures from Giza's (8 reserve piles and their transcript)."""
REPORT_SHOTS = (
    Shot("report-top", "report.html", height=1000),
    Shot("report-failure", "report.html", height=9000, failure=1500),
)
"""The HTML report's shots: its verdict and rule table, and its first failure."""
FAILING_ENGINE = "features.wrong_adapters:JacksNeverPair"
"""A wrong engine of the tests (``tests/features/wrong_adapters.py``): it never pairs a Jack
with a 2, so a removal, a score and a waste scenario fail."""


class ScreenshotError(RuntimeError):
    """Something the script needs is missing or failed; the message says what to do."""


def build(site: Path) -> None:
    """``mkdocs build --strict`` into ``site``."""
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)]
    done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if done.returncode:
        raise ScreenshotError(f"mkdocs build failed:\n{done.stderr.strip()}")


def write_report(folder: Path) -> str:
    """``pyramide check --html`` on :data:`FAILING_ENGINE` into ``folder``; its folder's URL."""
    report = folder / "report.html"
    command = [sys.executable, "-m", "pyramide.cli", "check", "--impl", FAILING_ENGINE]
    command += ["--invariant-games", "0", "--quiet", "--html", str(report)]
    # This checkout's package, whichever one the environment installed, and its wrong engines.
    paths = os.pathsep.join(str(ROOT / folder) for folder in ("reference", "tests"))
    environment = {**os.environ, "PYTHONPATH": paths}
    done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if done.returncode != 1 or not report.exists():
        raise ScreenshotError(f"the failing engine's check did not fail:\n{done.stderr[-2000:]}")
    return folder.as_uri() + "/"


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """The built site on a free localhost port, for as long as the block runs."""

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def framed(shot: Shot, site: Path) -> Shot:
    """The shot of a page in a frame filling the window, scrolled to the shot's anchor."""
    frame = f"shot-{shot.name}.html"
    (site / frame).write_text(
        '<!doctype html><html><body style="margin:0">'
        f'<iframe src="{shot.page}#{shot.anchor}" '
        f'style="border:0;width:{shot.width}px;height:{shot.height}px"></iframe>'
        "</body></html>",
        encoding="utf-8",
    )
    return replace(shot, page=frame, anchor="")


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise ScreenshotError("no Chromium found: apt-get install -y chromium")


def photograph(chromium: str, url: str, shot: Shot, out: Path) -> Path:
    """One screenshot, taken with a fresh browser profile."""
    target = out / f"{shot.name}.png"
    with tempfile.TemporaryDirectory(prefix="pyramide-chromium-") as profile:
        command = [
            chromium,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            f"--screenshot={target}",
            f"--window-size={shot.width},{shot.height}",
            url + shot.page,
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode or not target.exists():
        raise ScreenshotError(f"chromium could not photograph {shot.page}: {done.stderr[-500:]}")
    if shot.failure is not None:
        crop_to_first_failure(target, shot.failure)
    return target


FAILURE_BORDER = (198, 40, 40)
"""The red left border of a failure's article in the HTML report (``#c62828``)."""


def crop_to_first_failure(png: Path, height: int) -> None:
    """Cut the screenshot down to ``height`` pixels from the top of its first failure: the
    first row whose left 150 pixels hold the article's red border, 6 pixels wide and 100 high
    at least (a failed step's red mark is neither)."""
    from PIL import Image  # Pillow comes with matplotlib, of the dev extra

    with Image.open(png) as image:
        rgb = image.convert("RGB")
    pixels = rgb.load()
    assert pixels is not None
    top = next(
        (y for y in range(rgb.height) if _border_at(pixels, y, min(rgb.height - 1, y + 100))),
        None,
    )
    if top is None:
        raise ScreenshotError(f"{png}: no failure drawn in the report")
    rgb.crop((0, max(top - 24, 0), rgb.width, min(top + height, rgb.height))).save(png)


def _border_at(pixels: Any, y: int, below: int) -> bool:
    red = [x for x in range(150) if pixels[x, y] == FAILURE_BORDER]
    return len(red) >= 6 and pixels[red[0], below] == FAILURE_BORDER


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--page", help="one page's URL path instead of the usual seven")
    parser.add_argument("--name", default="page", help="its screenshot's name (with --page)")
    parser.add_argument("--height", type=int, default=1600, help="window height (with --page)")
    parser.add_argument(
        "--out",
        type=Path,
        help="folder for the PNG files (docs/screenshots, or docs/assets with --report)",
    )
    parser.add_argument("--report", action="store_true", help="a failing engine's HTML report")
    args = parser.parse_args(argv)
    shots = (Shot(args.name, args.page, height=args.height),) if args.page else SHOTS
    args.out = args.out or (REPORT_OUT if args.report else OUT)
    try:
        chromium = browser()
        args.out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="pyramide-site-") as site:
            if args.report:
                url = write_report(Path(site))
                for shot in REPORT_SHOTS:
                    print(f"wrote {photograph(chromium, url, shot, args.out)}")
                return 0
            build(Path(site))
            with serving(Path(site)) as url:
                for shot in shots:
                    shot = framed(shot, Path(site)) if shot.anchor else shot
                    print(f"wrote {photograph(chromium, url, shot, args.out)}")
    except (ScreenshotError, subprocess.TimeoutExpired, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
