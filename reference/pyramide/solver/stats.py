"""Win-rate statistics of a profile: solve many deals exactly and summarise them.

Deal ``seed`` of a profile is ``pyramide.dealcode.deal(seed, profile)`` (deal code
``PY1-<letter>-<seed in base 32>``); a run solves the seeds ``first .. first + deals - 1``
with :func:`pyramide.solver.solve` and reports

- the win rate with a 95 % Wilson score interval (:func:`wilson_interval`);
- the distribution of the most pyramid cards removable (0 to 28);
- the distribution of the shortest winning line's length (moves as the app counts them: every
  removal, draw and recycle is one), when asked for;
- time per deal.

Deals are solved in this process, in a pool of processes (``jobs``), or on a Dask cluster
(``scheduler``, the ``cluster`` extra). A deal whose win is not settled within ``time_limit``
seconds is *unresolved*: it is reported as such, and the interval then covers both ways it could
go (:func:`summarize`). A deal proven to have no win counts as lost even when its most
removable was not proven in time: the win rate does not wait for it. Plots need matplotlib
(the ``stats`` extra).

Only the standard library is needed for the numbers: tqdm draws the progress bar when it is
installed, a plain counter on standard error otherwise. With ``fast``, the verdicts and the
shortest lines come from the optional compiled core (:mod:`pyramide.solver.fast_verdict` and
:mod:`pyramide.solver.fast_shortest`, the ``fast`` extra), checked against the reference solver
(docs/solver.md); each result says which solver settled it.
"""

from __future__ import annotations

import importlib
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..dealcode import MAX_SEED, deal
from ..game import Game
from ..profiles import PROFILES, Profile
from .outcome import SolverTimeout
from .search import solve

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95 % interval (scipy.stats.norm.ppf(0.975))."""


class StatsError(ValueError):
    """A bad request: an unknown profile, a count or seed out of range, a missing extra."""


@dataclass(frozen=True)
class DealResult:
    """What the solver proved about one deal."""

    seed: int
    max_removed: int | None
    """The most pyramid cards removable; None when not proven in time."""
    winnable: bool | None
    """None when unresolved (not proven in time); a deal with no win can have it proven and
    its most removable not."""
    shortest: int | None
    """Moves in a proven shortest win; None without a win, unasked, or not proven in time."""
    seconds: float
    core: str = "python"
    """Which solver settled it: ``python`` (:mod:`pyramide.solver`, the reference) or ``fast``
    (the compiled core)."""

    @property
    def resolved(self) -> bool:
        return self.winnable is not None


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion.

    E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
    Journal of the American Statistical Association 22 (1927) 209-212; the form used by
    statsmodels' ``proportion_confint(method="wilson")``:
    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)`` with ``p = successes / trials``.
    """
    if trials <= 0 or not 0 <= successes <= trials:
        raise StatsError(f"need 0 ≤ successes ≤ trials and trials > 0, not {successes}/{trials}")
    p = successes / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    denominator = 1 + z2 / trials
    low = 0.0 if successes == 0 else max(0.0, (centre - spread) / denominator)
    high = 1.0 if successes == trials else min(1.0, (centre + spread) / denominator)
    return low, high


def solve_deal(
    profile: str,
    seed: int,
    shortest: bool = True,
    time_limit: float | None = None,
    fast: bool = False,
) -> DealResult:
    """Solve deal ``seed`` of ``profile`` (a top-level function, so that worker processes and
    Dask can run it); with ``fast``, by the compiled core (no time limit: its worst verdicts
    take well under a second, its worst shortest lines a few seconds)."""
    rules = PROFILES[profile]
    game = Game(deal(seed, rules), rules)
    start = time.perf_counter()
    if fast:
        from .fast_shortest import fast_outcome  # optional: checked by check_request

        found = fast_outcome(game, shortest)
        if found is not None:  # (else a line beyond the core's ceiling: the reference's)
            most, winnable, length = found
            return DealResult(seed, most, winnable, length, time.perf_counter() - start, "fast")
    try:
        solution = solve(game, shortest=shortest, time_limit=time_limit)
    except SolverTimeout as timeout:  # (its win may be settled: see SolverTimeout)
        return DealResult(seed, None, timeout.winnable, None, time.perf_counter() - start)
    length = len(solution.moves) if solution.winnable and solution.shortest and shortest else None
    return DealResult(
        seed, solution.max_removed, solution.winnable, length, time.perf_counter() - start
    )


def _solve_chunk(
    profile: str, seeds: Sequence[int], shortest: bool, time_limit: float | None, fast: bool
) -> list[DealResult]:
    return [solve_deal(profile, seed, shortest, time_limit, fast) for seed in seeds]


def check_request(profile: str, deals: int, first: int, jobs: int, fast: bool = False) -> Profile:
    """The profile named, or :class:`StatsError` naming the bad value."""
    rules = PROFILES.get(profile)
    if rules is None:
        raise StatsError(f"unknown profile {profile!r}; known profiles: {', '.join(PROFILES)}")
    if fast:
        check_fast(rules)
    if deals < 1:
        raise StatsError(f"--deals must be at least 1, not {deals}")
    if first < 0 or first + deals - 1 > MAX_SEED:
        raise StatsError(f"seeds {first}..{first + deals - 1} are outside 0..{MAX_SEED}")
    if jobs < 1:
        raise StatsError(f"--jobs must be at least 1, not {jobs}")
    return rules


DISTRIBUTION = "pyramide-conformance"
"""The name the project is installed by (pyproject.toml); its extras hang off it."""


def install_hint(extra: str) -> str:
    """How to install an optional extra: by the distribution's name, not the package's."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"


def check_fast(rules: Profile) -> None:
    """Refuse, naming why, a run the compiled core cannot do (``pyramide stats`` and
    ``pyramide solve`` with ``--fast``)."""
    try:
        from .fast_verdict import supports
    except ImportError:
        raise StatsError(f"the compiled core needs numba: {install_hint('fast')}") from None
    if not supports(rules):
        raise StatsError(
            f"the compiled core does not play {rules.name} (several waste piles, several "
            "cards a draw with more than the waste top in play, or a waste that keeps only "
            "the last card drawn): leave out --fast"
        )


def run(
    profile: str,
    deals: int | Sequence[int],
    *,
    first: int = 0,
    jobs: int = 1,
    shortest: bool = True,
    time_limit: float | None = None,
    scheduler: str | None = None,
    progress: bool = True,
    fast: bool = False,
) -> list[DealResult]:
    """Solve seeds ``first .. first + deals - 1`` of ``profile``, or the seeds ``deals`` lists
    (those a resumed run still lacks); results in seed order.

    ``jobs`` > 1 solves them in that many processes (chunks of a few deals each); a Dask
    ``scheduler`` address (``tcp://host:8786``) sends them to a cluster instead. ``fast``
    solves them with the compiled core (verdicts, and shortest lines with ``shortest``).
    """
    seeds = range(first, first + deals) if isinstance(deals, int) else deals
    count = len(seeds)
    check_request(profile, count, min(seeds, default=first), jobs, fast)
    if scheduler is not None:
        results = _run_dask(profile, seeds, (shortest, time_limit, fast), scheduler, progress)
    elif jobs == 1:
        results = _tracked(
            (solve_deal(profile, seed, shortest, time_limit, fast) for seed in seeds),
            count,
            progress,
        )
    else:
        size = max(1, min(16, count // (jobs * 8)))
        chunks = [seeds[i : i + size] for i in range(0, count, size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [
                pool.submit(_solve_chunk, profile, chunk, shortest, time_limit, fast)
                for chunk in chunks
            ]
            results = _tracked(_each_done(futures), count, progress)
    return sorted(results, key=lambda result: result.seed)


def _each_done(futures: Sequence[Any]) -> Iterator[DealResult]:
    from concurrent.futures import as_completed

    for future in as_completed(futures):
        yield from future.result()


def _run_dask(
    profile: str,
    seeds: Sequence[int],
    how: tuple[bool, float | None, bool],
    scheduler: str,
    progress: bool,
) -> list[DealResult]:
    """The deals solved on a Dask cluster; ``how`` is (shortest, time_limit, fast)."""
    try:
        # imported by name: Dask is an optional extra, with no type information here
        distributed = importlib.import_module("dask.distributed")
    except ImportError:
        raise StatsError(
            f"--scheduler needs Dask: {install_hint('cluster')} (dask[distributed])"
        ) from None
    try:
        client = distributed.Client(scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise StatsError(f"cannot reach the Dask scheduler {scheduler!r}: {error}") from None
    size = max(1, min(64, len(seeds) // 256))
    chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    try:
        futures = client.map(
            _solve_chunk,
            [profile] * len(chunks),
            chunks,
            *([option] * len(chunks) for option in how),
            pure=False,
        )

        def done() -> Iterator[DealResult]:
            for future in distributed.as_completed(futures):
                yield from future.result()

        return _tracked(done(), len(seeds), progress)
    finally:
        client.close()


def _tracked(results: Iterable[DealResult], total: int, progress: bool) -> list[DealResult]:
    """Collect ``results``, showing progress on standard error."""
    collected: list[DealResult] = []
    if not progress:
        return list(results)
    try:
        tqdm: Any = importlib.import_module("tqdm").tqdm  # optional: the stats extra
    except ImportError:
        tqdm = None
    if tqdm is not None:
        with tqdm(total=total, unit="deal", file=sys.stderr) as bar:
            won = 0
            for result in results:
                collected.append(result)
                won += bool(result.winnable)
                bar.set_postfix(won=won, refresh=False)
                bar.update()
        return collected
    won = 0
    for result in results:
        collected.append(result)
        won += bool(result.winnable)
        print(f"\r{len(collected)}/{total} deals, {won} won", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return collected


def _histogram(values: Iterable[int]) -> dict[str, int]:
    counts = Counter(values)
    return {str(value): counts[value] for value in sorted(counts)}


def summarize(profile: str, results: Sequence[DealResult]) -> dict[str, Any]:
    """The JSON summary of a run.

    ``win_rate`` and ``ci95`` count resolved deals only when every deal is resolved. With
    unresolved deals the interval is widened to hold whichever way they go: its low end is
    Wilson's for the wins alone, its high end Wilson's for the wins and every unresolved deal,
    both over all the deals.
    """
    if not results:
        raise StatsError("no deals to summarise")
    resolved = [result for result in results if result.resolved]
    wins = sum(1 for result in resolved if result.winnable)
    unresolved = len(results) - len(resolved)
    low, _ = wilson_interval(wins, len(results))
    _, high = wilson_interval(wins + unresolved, len(results))
    lengths = [result.shortest for result in resolved if result.shortest is not None]
    most = [result.max_removed for result in resolved if result.max_removed is not None]
    times = [result.seconds for result in results]
    rules = PROFILES[profile]
    return {
        "profile": profile,
        "letter": rules.letter,
        "switches": rules.switches,
        "first_seed": min(result.seed for result in results),
        "deals": len(results),
        "resolved": len(resolved),
        "unresolved": unresolved,
        "unresolved_seeds": [result.seed for result in results if not result.resolved],
        "wins": wins,
        "win_rate": wins / len(resolved) if resolved else None,
        "ci95": [low, high],
        "ci_method": "Wilson score interval, 95 %",
        "max_removed": _histogram(most),
        "max_removed_known": len(most),
        "mean_max_removed": statistics.fmean(most) if most else None,
        "shortest_win": _histogram(lengths),
        "shortest_win_known": len(lengths),
        "shortest_win_median": statistics.median(lengths) if lengths else None,
        "solved_by": dict(Counter(result.core for result in results)),
        "seconds": {
            "total": sum(times),
            "median": statistics.median(times),
            "worst": max(times),
        },
    }


def results_json(results: Sequence[DealResult]) -> list[dict[str, Any]]:
    return [asdict(result) for result in results]


def report(summary: dict[str, Any]) -> str:
    """The summary as a few lines of text."""
    rate = summary["win_rate"]
    low, high = summary["ci95"]
    lines = [
        f"profile {summary['profile']} ({summary['letter']}): {summary['deals']} deals "
        f"(seeds {summary['first_seed']}..{summary['first_seed'] + summary['deals'] - 1})",
        f"winnable: {summary['wins']}"
        + (f" ({rate:.2%})" if rate is not None else "")
        + f", 95 % CI {low:.2%} .. {high:.2%} (Wilson)",
    ]
    if summary["unresolved"]:
        lines.append(
            f"unresolved within the time limit: {summary['unresolved']} "
            "(the interval holds whichever way they go)"
        )
    lines.append("most pyramid cards removable: " + _inline(summary["max_removed"]))
    open_most = summary["resolved"] - summary["max_removed_known"]
    if open_most:
        lines.append(
            f"deals without a win whose most removable was not proven in time: {open_most} "
            "(not counted above)"
        )
    if summary["shortest_win"]:
        lines.append(
            f"shortest win (moves), {summary['shortest_win_known']} wins: "
            + _inline(summary["shortest_win"])
            + f"; median {summary['shortest_win_median']}"
        )
    seconds = summary["seconds"]
    solvers = ", ".join(f"{core} {count}" for core, count in summary["solved_by"].items())
    lines.append(
        f"time per deal (solved by {solvers}): median {seconds['median']:.3f} s, "
        f"worst {seconds['worst']:.2f} s, total {seconds['total']:.1f} s"
    )
    return "\n".join(lines)


def _inline(histogram: dict[str, int]) -> str:
    return ", ".join(f"{value}: {count}" for value, count in histogram.items()) or "none"


def plot(summary: dict[str, Any], directory: Path, formats: Sequence[str] = ("png",)) -> list[Path]:
    """Bar charts of the max-removable and shortest-win distributions; returns the files."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        # text stays text in SVG (smaller files), and ids are stable from one run to the next
        matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "pyramide"})
    except ImportError:
        raise StatsError(f"plots need matplotlib: {install_hint('stats')}") from None
    directory.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    charts = [
        ("max-removed", "max_removed", "most pyramid cards removable"),
        ("shortest-win", "shortest_win", "moves in a shortest win"),
    ]
    for stem, field, label in charts:
        histogram: dict[str, int] = summary[field]
        if not histogram:
            continue
        figure, axes = plt.subplots(figsize=(6.4, 3.2), layout="constrained")
        values = [int(value) for value in histogram]
        axes.bar(values, list(histogram.values()), width=0.8, color="#3b6ea5")
        axes.set_xlabel(label)
        axes.set_ylabel("deals")
        counted = sum(histogram.values())
        axes.set_title(f"{summary['profile']}: {label} ({counted} deals)", fontsize=10)
        for extension in formats:
            path = directory / f"{summary['profile']}-{stem}.{extension}"
            figure.savefig(path, metadata={"Date": None} if extension == "svg" else None)
            written.append(path)
        plt.close(figure)
    return written
