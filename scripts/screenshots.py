"""Build the documentation site, serve it on localhost and photograph pages in headless Chromium.

The screenshots (``docs/screenshots/*.png``) show the site as a person sees it: the home page
with the documented deal, a rule page with its card diagrams, and the profile table. Look at
them after changing the generator or the styles. Needs Debian's ``chromium`` package::

    apt-get install -y chromium
    .venv/bin/python scripts/screenshots.py            # all three
    .venv/bin/python scripts/screenshots.py --page rules/undo/ --name undo-page
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
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
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


SHOTS = (
    Shot("home", ""),
    Shot("rule-page", "rules/pairs/", height=2200),
    Shot("profiles", "profiles/", height=1100),
)


class ScreenshotError(RuntimeError):
    """Something the script needs is missing or failed; the message says what to do."""


def build(site: Path) -> None:
    """``mkdocs build --strict`` into ``site``."""
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)]
    done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    if done.returncode:
        raise ScreenshotError(f"mkdocs build failed:\n{done.stderr.strip()}")


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
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--page", help="one page's URL path instead of the usual three")
    parser.add_argument("--name", default="page", help="its screenshot's name (with --page)")
    parser.add_argument("--height", type=int, default=1600, help="window height (with --page)")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNG files")
    args = parser.parse_args(argv)
    shots = (Shot(args.name, args.page, height=args.height),) if args.page else SHOTS
    try:
        chromium = browser()
        args.out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="pyramide-site-") as site:
            build(Path(site))
            with serving(Path(site)) as url:
                for shot in shots:
                    print(f"wrote {photograph(chromium, url, shot, args.out)}")
    except (ScreenshotError, subprocess.TimeoutExpired, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
