"""The solver's speed, profile by profile: median, 95th percentile and worst time per deal.

Run from the repository root (``python benchmarks/bench_solver.py -h`` for the options)::

    python benchmarks/bench_solver.py                       # every profile, the issue's counts
    python benchmarks/bench_solver.py --profile three-passes --deals 300 --mode max
    python benchmarks/bench_solver.py --variants --deals 30 --timeout 10   # the five variants
    python benchmarks/bench_solver.py --limited --deals 100 --mode max     # limited recycling
    python benchmarks/bench_solver.py --limited --deals 100 --core both    # and the compiled core
    python benchmarks/bench_solver.py --core fast      # issue 12's table, every profile it plays

For each profile, deals ``pyramide.dealcode.deal(seed, profile)`` for seeds ``0..N-1`` (1,000
for the app's profile and 300 for each other by default, as issue 12 asks; 30 when the reference
is asked to time the profiles with reserves, waste piles or several cards a draw, whose plain
search, :mod:`pyramide.solver.variant`, takes seconds on a hard deal) are solved

- ``max``: ``solve(game, shortest=False)``, the most cards removable and whether a win exists;
- ``full``: ``solve(game)``, with a proven shortest winning line.

Times are the process's CPU time (``time.process_time``, nanosecond resolution here): on a
shared machine wall-clock time mostly measures the other processes (on this project's 2-core
machine under a load of 6, an app deal of 5.5 ms CPU took 28 ms of wall-clock time). The total
wall-clock time and the load average are printed with the table. A deal is given ``--timeout``
seconds of wall-clock time (the solver's ``time_limit``; an interval timer on CPU time would
make the kernel count CPU time in 4 ms ticks): one that runs out is counted with the CPU time
it had used, marked ``>`` (so a worst figure with ``>`` is a lower bound), and so is, in
``full`` mode, a win whose shortest line was not proven in time. Progress goes to
standard error, the table (Markdown) to standard output; ``--json FILE`` also writes every
deal's time.

``--core fast`` times the optional compiled core instead (``pip install .[fast]``), and the
reference on the profiles the core does not play (Apophis; the row says so, without
"(fast)"), so that the table still has every profile: in ``max`` mode the core's verdict
(:func:`pyramide.solver.fast_verdict.fast_verdict`),
in ``full`` mode the verdict and its A* for a proven shortest line
(:func:`pyramide.solver.fast_shortest.fast_solve`, the line played out in ``Game`` and
checked, which is timed too). ``--core both`` times both on each deal, one after the other, prints
a row for each, and counts the deals on which they differ (the most removable, winnable, and in
``full`` mode the length of the shortest line; deals the reference did not settle in time are
not compared). The core is compiled, or loaded from numba's cache, before the first deal: that
time is printed apart and left out of the deals' times. The core has no time limit.

``--from-statistics DIR`` prints the same table (mode ``max``) from the per-deal results that
``scripts/build_statistics.py`` keeps (``build/statistics/`` by default): it times the same
call, ``solve(game, shortest=False)``, deal by deal, so a statistics run need not be repeated
to get its speed figures; those are wall-clock times, and its deals over the time limit count
at the limit. With ``--core fast`` or ``both`` it also runs the compiled core on those very
deals and counts the deals on which its verdict differs from the reference's there: tens of
thousands of deals checked in a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from pyramide import PROFILES, Game
from pyramide.dealcode import deal
from pyramide.solver import SolverTimeout, solve, uses_variant_search

MODES = ("max", "full")
CORES = ("python", "fast")
"""The reference solver (:mod:`pyramide.solver`) and the compiled core
(:mod:`pyramide.solver.fast_verdict` and :mod:`pyramide.solver.fast_shortest`)."""

VARIANTS = [
    name
    for name, profile in PROFILES.items()
    if profile.deck != "french" or profile.layout != "pyramid" or uses_variant_search(profile)
]
"""The variant profiles (``--variants``): another deck, the Triangle, reserves, waste piles,
several cards a draw."""


PILE_PROFILES = [name for name, profile in PROFILES.items() if uses_variant_search(profile)]
"""The profiles :mod:`pyramide.solver.variant` searches (reserves, waste piles, draw count)."""

LIMITED = [name for name, profile in PROFILES.items() if profile.max_recycles is not None]
"""The profiles with limited recycling (``--limited``), the solver's hard case."""


def default_deals(profile: str, cores: Sequence[str] = ("python",)) -> int:
    """How many deals a profile gets when ``--deals`` is not given: issue 12's counts, but 30
    for the profiles of the plain variant search when the reference plays them (its hard
    King Tut and Giza deals take seconds each, and so do the page's Apophis deals, where it
    tries every pile at each draw), whether asked for or standing in for the compiled core,
    which declines both Apophis rule sets."""
    if profile == "app":
        return 1000
    reference = "python" in cores or "python" in playing(profile, cores)
    return 30 if profile in PILE_PROFILES and reference else 300


Verdict = tuple[int, bool, int | None]
"""(most pyramid cards removable, winnable, moves of the proven shortest win: None in ``max``
mode, without a win, or when not proven in time)."""


@dataclass
class Row:
    profile: str
    core: str
    mode: str
    deals: int
    winnable: int
    timed_out: int
    median: float
    p95: float
    worst: float
    worst_seed: int
    wall: float
    times: list[float]
    verdicts: list[Verdict | None]
    """Each deal's verdict, None when it was not settled in time."""


def time_deal(
    profile: str, seed: int, mode: str, timeout: float, core: str = "python"
) -> tuple[float, Verdict | None, bool]:
    """(CPU seconds, verdict or None if not settled in time, timed out) for one deal."""
    rules = PROFILES[profile]
    game = Game(deal(seed, rules), rules)
    if core == "fast":
        return _time_core(game, mode)
    start = time.process_time()
    try:
        solution = solve(game, shortest=mode == "full", time_limit=timeout)
    except SolverTimeout:
        return time.process_time() - start, None, True
    unproven = mode == "full" and solution.winnable and not solution.shortest
    proven = mode == "full" and solution.winnable and not unproven
    length = len(solution.moves) if proven else None
    verdict = (solution.max_removed, solution.winnable, length)
    return time.process_time() - start, verdict, unproven


def _time_core(game: Game, mode: str) -> tuple[float, Verdict | None, bool]:
    """:func:`time_deal` for the compiled core (optional: needs numba)."""
    from pyramide.solver.fast_shortest import fast_outcome

    start = time.process_time()
    found = fast_outcome(game, shortest=mode == "full")
    seconds = time.process_time() - start
    if found is None:  # a line beyond the core's ceiling: not proven
        assert mode == "full", f"the compiled core does not support {game.profile.name}"
        return seconds, None, True
    return seconds, found, False


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``share`` of the values
    at or below it."""
    ordered = sorted(values)
    rank = -(-len(ordered) * share // 1)
    return ordered[max(1, int(rank)) - 1]


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def playing(profile: str, cores: Sequence[str]) -> tuple[str, ...]:
    """The cores that time ``profile``: those asked, the reference standing in for the
    compiled core on a profile the core does not play (Apophis), so that a table asked of the
    core still has a row for every profile."""
    from pyramide.solver.fast_verdict import supports  # optional: needs numba

    if "fast" not in cores or supports(PROFILES[profile]):
        return tuple(cores)
    return ("python",)


def run(
    profiles: Sequence[str],
    mode: str,
    deals: int | None,
    timeout: float,
    cores: Sequence[str] = ("python",),
) -> list[Row]:
    """Time every deal of each profile under each core (one after the other on each deal, so
    that both meet the same conditions), printing a row per profile and core as it ends."""
    rows: list[Row] = []
    for profile in profiles:
        timed = playing(profile, cores)
        count = deals if deals is not None else default_deals(profile, cores)
        times: dict[str, list[float]] = {core: [] for core in timed}
        verdicts: dict[str, list[Verdict | None]] = {core: [] for core in timed}
        stopped = dict.fromkeys(timed, 0)
        wall = dict.fromkeys(timed, 0.0)
        for seed in range(count):
            for core in timed:
                begun = time.perf_counter()
                seconds, verdict, timed_out = time_deal(profile, seed, mode, timeout, core)
                wall[core] += time.perf_counter() - begun
                times[core].append(seconds)
                verdicts[core].append(verdict)
                stopped[core] += timed_out
            print(
                f"\r{profile} {mode}: {seed + 1}/{count}, "
                + ", ".join(f"{core} {sum(times[core]):.1f} s" for core in timed)
                + "   ",
                end="",
                file=sys.stderr,
                flush=True,
            )
        print(file=sys.stderr)
        for core in timed:
            row = _row(profile, core, mode, times[core], verdicts[core], stopped[core], wall[core])
            rows.append(row)
            print(table_row(row), flush=True)
    return rows


def _row(
    profile: str,
    core: str,
    mode: str,
    times: list[float],
    verdicts: list[Verdict | None],
    timed_out: int,
    wall: float,
) -> Row:
    worst_seed = max(range(len(times)), key=lambda seed: (times[seed], seed))
    return Row(
        profile,
        core,
        mode,
        len(times),
        sum(1 for verdict in verdicts if verdict is not None and verdict[1]),
        timed_out,
        statistics.median(times),
        percentile(times, 0.95),
        max(times),
        worst_seed,
        wall,
        times,
        verdicts,
    )


def disagreements(rows: Sequence[Row]) -> list[tuple[str, int]]:
    """(profile, seed) of the deals on which two rows of one profile give different verdicts,
    both settled."""
    found = []
    for first in rows:
        for second in rows:
            if (first.profile, first.mode) != (second.profile, second.mode):
                continue
            if first.core >= second.core:
                continue
            found += [
                (first.profile, seed)
                for seed, (a, b) in enumerate(zip(first.verdicts, second.verdicts, strict=True))
                if a is not None and b is not None and _differ(a, b)
            ]
    return found


def _differ(first: Verdict, second: Verdict) -> bool:
    """Whether two verdicts on one deal differ: in the most removable, in winnable, or in the
    length of the shortest line when both proved one."""
    lengths = first[2], second[2]
    return first[:2] != second[:2] or (None not in lengths and lengths[0] != lengths[1])


HEADER = (
    "| profile | mode | deals | winnable | median | p95 | worst (seed) | timed out | wall |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def table_row(row: Row) -> str:
    capped = ">" if row.timed_out else ""
    name = row.profile if row.core == "python" else f"{row.profile} ({row.core})"
    return (
        f"| {name} | {row.mode} | {row.deals} | {row.winnable} | "
        f"{_fmt(row.median)} | {_fmt(row.p95)} | {capped}{_fmt(row.worst)} "
        f"({row.worst_seed}) | {row.timed_out} | {row.wall:.0f} s |"
    )


def from_statistics(directory: Path, profiles: Sequence[str], deals: int | None) -> list[Row]:
    """Rows from a statistics cache: the first ``deals`` seeds of each profile that the
    reference solved (all that it solved from seed 0 on, if None; results of the compiled core
    there are left out, so that ``--core fast`` compares the two)."""
    rows = []
    for profile in profiles:
        path = directory / f"{profile}.jsonl"
        if not path.exists():
            continue
        found = {}
        for line in path.read_text().splitlines():
            if line.strip():
                result = json.loads(line)
                if result.get("core", "python") == "python":  # the reference's results only
                    found[result["seed"]] = result
        count = 0
        while count in found and (deals is None or count < deals):
            count += 1
        if not count:
            continue
        results = [found[seed] for seed in range(count)]
        times = [float(result["seconds"]) for result in results]
        worst_seed = max(range(count), key=times.__getitem__)
        verdicts: list[Verdict | None] = [
            None
            if result["winnable"] is None
            else (result["max_removed"], result["winnable"], None)
            for result in results
        ]
        rows.append(
            Row(
                profile,
                "python",
                "max",
                count,
                sum(1 for result in results if result["winnable"]),
                sum(1 for result in results if result["winnable"] is None),
                statistics.median(times),
                percentile(times, 0.95),
                max(times),
                worst_seed,
                sum(times),
                times,
                verdicts,
            )
        )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--profile",
        action="append",
        choices=sorted(PROFILES),
        help="a profile to time (repeatable; default: every profile)",
    )
    parser.add_argument(
        "--variants", action="store_true", help=f"time the variant profiles ({', '.join(VARIANTS)})"
    )
    parser.add_argument(
        "--limited",
        action="store_true",
        help=f"time the profiles with limited recycling ({', '.join(LIMITED)})",
    )
    parser.add_argument(
        "--deals",
        type=int,
        help=f"deals per profile (default 1,000 for app, 300 for the others; 30 for "
        f"{', '.join(PILE_PROFILES)} when the reference is asked for)",
    )
    parser.add_argument("--mode", choices=(*MODES, "both"), default="both")
    parser.add_argument(
        "--core",
        choices=(*CORES, "both"),
        default="python",
        help="the reference solver (python), the compiled core (fast; the reference on the "
        "profiles it does not play), "
        "or both on each deal",
    )
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds after which a deal is stopped"
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="every deal's time as JSON")
    parser.add_argument(
        "--from-statistics",
        type=Path,
        metavar="DIR",
        help="print the table from scripts/build_statistics.py's per-deal results instead",
    )
    args = parser.parse_args(argv)
    if args.deals is not None and args.deals < 1:
        parser.error(f"--deals must be at least 1, not {args.deals}")
    chosen = [
        *(args.profile or []),
        *(VARIANTS if args.variants else []),
        *(LIMITED if args.limited else []),
    ]
    profiles = list(dict.fromkeys(chosen)) or list(PROFILES)
    modes = MODES if args.mode == "both" else (args.mode,)
    cores = CORES if args.core == "both" else (args.core,)
    if "fast" in cores:
        from pyramide.solver.fast_shortest import warm_up  # optional: needs numba

        standing_in = [name for name in profiles if playing(name, cores) != tuple(cores)]
        if standing_in:
            print(
                f"not played by the compiled core, timed with the reference: "
                f"{', '.join(standing_in)}",
                file=sys.stderr,
            )
    load = os.getloadavg()
    print(f"CPU time per deal; load average at the start {load[0]:.2f} ({os.cpu_count()} cores)")
    if "fast" in cores:
        begun = time.process_time()
        warm_up()
        print(
            f"compiled core: compiled or loaded from numba's cache in "
            f"{time.process_time() - begun:.2f} s of CPU time, not counted below"
        )
    print(HEADER, flush=True)
    if args.from_statistics is not None:
        rows = from_statistics(args.from_statistics, profiles, args.deals)
        for row in rows:
            print(table_row(row), flush=True)
        if "fast" in cores:  # the core on the very deals the reference settled there
            cached = [row for row in rows if playing(row.profile, ("fast",)) == ("fast",)]
            for row in cached:
                rows += run([row.profile], "max", row.deals, args.timeout, ("fast",))
    else:
        rows = [
            row for mode in modes for row in run(profiles, mode, args.deals, args.timeout, cores)
        ]
    load = os.getloadavg()
    print(f"load average at the end {load[0]:.2f}")
    if len({row.core for row in rows}) > 1:
        differing = disagreements(rows)
        print(f"deals on which the two cores disagree: {len(differing)}", *differing)
    if args.json:
        args.json.write_text(json.dumps([asdict(row) for row in rows], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
