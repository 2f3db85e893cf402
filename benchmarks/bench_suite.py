"""The suite's own speed: CPU time of one whole check of the reference engine, rule set by rule
set, and of writing the redrawn feature files.

Run from the repository root (``python benchmarks/bench_suite.py -h`` for the options)::

    python benchmarks/bench_suite.py                          # app, giza, triangle, spanish
    python benchmarks/bench_suite.py --profile app --runs 9

The project's tests run the whole rulebook in-process about a hundred times (every wrong and
right engine of the zoo, every profile), so a slower check multiplies into the README's test
command: this is where to see it. Each check is ``pyramide check --profile P -q
--invariant-games 0`` run in this process (the first run of each profile is a warm-up and is
not counted); times are CPU time (``time.process_time``), which a loaded machine disturbs
less than wall-clock time. Progress goes to standard error, the figures to standard output.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import build_other_tables
from pyramide.cli import main as pyramide

PROFILES = ("app", "giza", "triangle", "spanish")


def check_seconds(profile: str) -> float:
    """CPU seconds of one whole quiet check of the reference under ``profile``."""
    start = time.process_time()
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        status = pyramide(["check", "--profile", profile, "-q", "--invariant-games", "0"])
    if status != 0:
        raise SystemExit(f"the reference failed its own check under {profile} (exit {status})")
    return time.process_time() - start


def redraw_seconds() -> float:
    """CPU seconds of checking that the redrawn feature files are up to date."""
    start = time.process_time()
    with redirect_stdout(io.StringIO()):
        build_other_tables.main(["--check"])
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="append", help="a named profile (repeatable)")
    parser.add_argument("--runs", type=int, default=5, help="counted runs per profile")
    args = parser.parse_args(argv)
    print("| rule set | median CPU s | worst CPU s | runs |")
    print("|---|---|---|---|")
    for profile in args.profile or PROFILES:
        check_seconds(profile)
        times = []
        for run in range(args.runs):
            print(f"{profile}: run {run + 1}/{args.runs}", file=sys.stderr)
            times.append(check_seconds(profile))
        print(f"| {profile} | {statistics.median(times):.2f} | {max(times):.2f} | {args.runs} |")
    print(f"\nredrawn files checked up to date: {redraw_seconds():.2f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
