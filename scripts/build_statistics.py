"""Build docs/statistics.md and its plots: every profile's win rate, solved deal by deal.

Re-run it to regenerate the page (``python scripts/build_statistics.py -h`` for the options)::

    python scripts/build_statistics.py --deals 10000 --jobs 2
    python scripts/build_statistics.py --profile app --deals 20000      # one profile, more deals

For each profile it solves deals ``0 .. N-1`` (``pyramide.dealcode.deal(seed, profile)``) with
:func:`pyramide.solver.stats.run`, exactly, and keeps every deal's result in a cache folder
(``--cache``, default ``build/statistics/``, which git ignores), so that an
interrupted or extended run only solves the deals it has not solved yet. The page then gives,
per profile, the win rate with its 95 % Wilson interval, the mean of the most pyramid cards
removable, the shortest win's length where it was asked for (``--shortest-deals``: A* on the
first K deals of each profile only, as it costs far more), bar charts (matplotlib, the
``stats`` extra), and the published win rates for the same rule sets with whether ours falls
inside their interval.

A deal whose win is not settled within ``--time-limit`` seconds is *unresolved*; the page says
how many, and the interval is widened to hold whichever way they go (see
:func:`pyramide.solver.stats.summarize`). A deal proven lost whose most removable was not proven in
time counts as lost.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from pyramide import PROFILES, Profile
from pyramide.layout import geometry_of
from pyramide.solver.stats import DealResult, install_hint, run, summarize, wilson_interval

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "statistics.md"
PLOTS = ROOT / "docs" / "statistics"

_WINRATES = {
    "source": "solitairewinrates.com, Pyramid (100 million deals per rule set, April 2022)",
    "url": "https://solitairewinrates.com/Pyramid.html",
    "deals": 100_000_000,
}
_ANY_TALON = (
    "With unlimited passes and only the pyramid to clear, which talon cards are in play (waste "
    "top, drawn card, stock top) and the size of the stock do not change which deals are won: "
    "every talon card can be brought into play at any time."
)
_ONE_PASS = (
    "Their rules are shown in a video, not written down; their page points to Solitaire "
    "Laboratory's article, whose rules let the card just drawn pair with the waste top. If "
    "theirs differ from this profile's in which talon cards are in play, the figures measure "
    "different games."
)
PUBLISHED: dict[str, list[dict[str, Any]]] = {
    "app": [
        {
            **_WINRATES,
            "rules": "pyramid only, unlimited passes, no overlap discards",
            "wins": 66_865_010,
            "note": _ANY_TALON,
        }
    ],
    "stock-24": [
        {
            **_WINRATES,
            "rules": "pyramid only, unlimited passes, no overlap discards",
            "wins": 66_865_010,
            "note": _ANY_TALON,
        }
    ],
    "drawn-with-waste": [
        {
            **_WINRATES,
            "rules": "pyramid only, unlimited passes, no overlap discards",
            "wins": 66_865_010,
            "note": _ANY_TALON,
        }
    ],
    "covering-pair": [
        {
            **_WINRATES,
            "rules": "pyramid only, unlimited passes, overlap discards allowed",
            "wins": 83_151_588,
            "note": _ANY_TALON,
        }
    ],
    "single-pass": [
        {
            **_WINRATES,
            "rules": "pyramid only, one pass, no overlap discards",
            "wins": 9_019_243,
            "note": _ONE_PASS,
        }
    ],
    "classic-strict": [
        {
            **_WINRATES,
            "rules": "all cards, one pass, no overlap discards",
            "wins": 6_795_618,
            "note": _ONE_PASS,
        }
    ],
    "microsoft": [
        {
            "source": "mchung94/pyramid-solver, README (its 1,500 random decks)",
            "url": "https://github.com/mchung94/pyramid-solver",
            "rules": "Microsoft Solitaire Collection: 24-card stock, stock top in play, "
            "two recycles, the pyramid cleared",
            "wins": 998,
            "deals": 1500,
            "note": "Their decks are theirs, not our deal codes: "
            "[the side-by-side run on them](solver.md#against-mchung94pyramid-solver) checks "
            "deck by deck.",
        }
    ],
}
"""Published win rates for a profile's rule set: each with ``source`` (where it is published),
``url``, ``rules`` (the rule set it is about, in the source's words), and either ``wins`` and
``deals`` (a sample, whose Wilson interval is computed here) or ``rate`` (a figure given without
a sample size, compared as a point). Only figures found in a published source go here."""


EQUIVALENT = [
    (
        "app",
        "stock-24",
        "with unlimited recycling and the pyramid alone to clear, any talon card can be "
        "brought into play at any time, wherever it starts",
    ),
    (
        "app",
        "drawn-with-waste",
        "for the same reason, a pair of two talon cards never frees a pyramid place",
    ),
    (
        "three-passes",
        "traditional",
        "the talon is the same sequence, and a deal with its first card on the waste is the "
        "24-card deal after one draw, before which nothing is in play",
    ),
    (
        "classic-strict",
        "aisleriot-thirteen",
        "a waste pair that top-with-below plays later can be played right after its draw, as "
        "docs/solver.md shows; the solver sees face-down cards and reads no score",
    ),
    (
        "pysolfc-relaxed",
        "microsoft",
        "the same with the stock top in play: the card that draw moves was in play as the "
        "stock top and stays in play as the waste top",
    ),
    (
        "app",
        "apophis",
        "a player who draws onto pile 1 alone plays the app's game card for card, the recycle "
        "giving pile 1 back in its order; and with the pyramid alone to clear, the app already "
        "brings any talon card into play at any time, which is all that two more piles could "
        "add. Until the page's Apophis was played, the profile apophis was PySolFC's game "
        "(three passes, a row dealt at each draw), and it too won the app's 6,708 deals of "
        "10,000 and no other: its shortest wins (median 32 moves, against the app's 58) show it "
        "was solved under its own rules. That game is now pysolfc-apophis, with its strict win",
    ),
]
"""Profiles that must give the same verdict on every seed (seed s deals the same cards in the
same order under both), and why: the page checks them against each other, deal by deal."""

OBSERVED = [
    (
        "app",
        "pysolfc-apophis",
        "every card to remove, through three waste piles dealt a row at a time in three "
        "passes, against the pyramid alone through one waste with no limit; Apophis goes "
        "through the plain variant search, the app through the compiled core or the "
        "one-sequence search",
    ),
]
"""Profiles whose verdicts no rule forces to be the same, checked deal by deal all the same:
an agreement found is a fact about the games (and a cross-check of two searches)."""


def agreement(first: str, second: str, cache: Path) -> tuple[int, list[int]]:
    """(deals resolved under both, seeds where the verdicts differ)."""
    mine, theirs = _load(cache, first), _load(cache, second)
    both = [
        seed
        for seed in sorted(set(mine) & set(theirs))
        if mine[seed].resolved and theirs[seed].resolved
    ]
    return len(both), [seed for seed in both if _differ(mine[seed], theirs[seed])]


def _agreements(pairs: Sequence[tuple[str, str, str]], cache: Path, kept: str = "") -> list[str]:
    """A line for each pair of profiles solved under both: the same on all their deals, or
    the seeds where they differ; for a pair not both in the cache, its line in ``kept`` (the
    page as it was), if it has one."""
    lines = []
    for first, second, why in pairs:
        compared, differ = agreement(first, second, cache)
        before = [
            line for line in kept.splitlines() if line.startswith(f"- {first} and {second} (")
        ]
        if not compared and before:
            lines.append(before[0])
        if compared:
            lines.append(
                f"- {first} and {second} ({why}): "
                + (
                    f"the same on all {compared:,} deals solved under both."
                    if not differ
                    else f"**differ on {len(differ)} of {compared:,} deals**: {differ[:10]}."
                )
            )
    return lines


def _differ(mine: DealResult, theirs: DealResult) -> bool:
    """Whether two verdicts on one deal disagree on something both proved (a most removable
    may be unproven where the win is settled)."""
    if mine.winnable != theirs.winnable:
        return True
    proven = mine.max_removed is not None and theirs.max_removed is not None
    return proven and mine.max_removed != theirs.max_removed


def _load(cache: Path, profile: str) -> dict[int, DealResult]:
    path = cache / f"{profile}.jsonl"
    found: dict[int, DealResult] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                result = DealResult(**json.loads(line))
                found[result.seed] = result
    return found


def _save(cache: Path, profile: str, results: Sequence[DealResult]) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    with (cache / f"{profile}.jsonl").open("a") as out:
        for result in results:
            out.write(json.dumps(asdict(result)) + "\n")


def solve_profile(
    profile: str,
    deals: int,
    shortest_deals: int,
    jobs: int,
    time_limit: float,
    cache: Path,
    batch: int,
    fast: bool = False,
    retry: bool = False,
) -> list[DealResult]:
    """Deals 0..deals-1 of ``profile``, from the cache where it has them; the first
    ``shortest_deals`` with A* (a cached result without a shortest length for a won deal is
    solved again when it is asked for). With ``fast``, the compiled core settles them all (its
    A* for the first ``shortest_deals``), and the cached deals left not fully solved (the win
    or the most removable not proven in time) too; with ``retry``, the solver tries those
    again."""
    cached = _load(cache, profile)

    def wanted(seed: int) -> bool:
        result = cached.get(seed)
        if result is None or ((fast or retry) and result.max_removed is None):
            return True
        return seed < shortest_deals and bool(result.winnable) and result.shortest is None

    for shortest, seeds in (
        (True, [seed for seed in range(min(shortest_deals, deals)) if wanted(seed)]),
        (False, [seed for seed in range(shortest_deals, deals) if wanted(seed)]),
    ):
        # the missing seeds, solved in batches and saved as they come
        while seeds:
            chosen, seeds = seeds[:batch], seeds[batch:]
            print(
                f"{profile}: {len(chosen)} deals, seeds {chosen[0]}..{chosen[-1]}"
                + (" with shortest wins" if shortest else ""),
                file=sys.stderr,
            )
            results = run(
                profile, chosen, jobs=jobs, shortest=shortest, time_limit=time_limit, fast=fast
            )
            _save(cache, profile, results)
            cached.update((result.seed, result) for result in results)
    return [cached[seed] for seed in range(deals)]


def _fast_plays(rules: Profile) -> bool:
    """Whether the compiled core plays ``rules`` (imported here: numba is an optional extra)."""
    from pyramide.solver.fast_verdict import supports

    return supports(rules)


def _published(rules: Profile) -> dict[str, Any] | None:
    """The summary docs/statistics/ holds for a profile, if it is of the profile's rules (a
    switch it leaves out at the app's value): a profile whose rules changed since is not kept."""
    path = PLOTS / f"{rules.name}.json"
    if not path.exists():
        return None
    summary: dict[str, Any] = json.loads(path.read_text())
    same = {**PROFILES["app"].switches, **summary["switches"]} == rules.switches
    summary["plots"] = [str(PLOTS / Path(plot).name) for plot in summary.get("plots", [])]
    return summary if same else None


def _mean_most(summary: dict[str, Any]) -> str:
    """The mean most removable, with how many deals it is over when not all resolved ones."""
    mean, known = summary["mean_max_removed"], summary["max_removed_known"]
    if mean is None:
        return "—"
    return f"{mean:.2f}" if known == summary["resolved"] else f"{mean:.2f} ({known:,})"


def _percent(value: float) -> str:
    return f"{100 * value:.2f} %"


def compare(summary: dict[str, Any]) -> list[str]:
    """Lines comparing ``summary`` with the published figures for its rule set."""
    lines = []
    low, high = summary["ci95"]
    for figure in PUBLISHED.get(summary["profile"], []):
        if "deals" in figure:
            theirs = figure["wins"] / figure["deals"]
            their_low, their_high = wilson_interval(figure["wins"], figure["deals"])
            overlap = low <= their_high and their_low <= high
            verdict = (
                f"{_percent(theirs)} ({figure['wins']:,} of {figure['deals']:,}; 95 % interval "
                f"{_percent(their_low)} .. {_percent(their_high)}). Their rate is "
                + ("inside" if low <= theirs <= high else "outside")
                + " our interval, and the two intervals "
                + ("overlap" if overlap else "do not overlap")
            )
        else:
            theirs = figure["rate"]
            verdict = f"{_percent(theirs)} (no sample size given): " + (
                "inside our interval" if low <= theirs <= high else "outside our interval"
            )
        lines.append(
            f"- [{figure['source']}]({figure['url']}) — {figure['rules']}: {verdict}."
            + (f" {figure['note']}" if figure.get("note") else "")
        )
    return lines


def _not_solved(summaries: Sequence[dict[str, Any]]) -> list[str]:
    """A line naming the profiles with no deal in the cache yet, so the page never claims them."""
    shown = {summary["profile"] for summary in summaries}
    missing = [name for name in PROFILES if name not in shown]
    if not missing:
        return []
    return [
        f"Not on this page yet (no deal solved in the cache): {', '.join(missing)}. "
        "`pyramide stats --profile P` gives any profile's figures for fewer deals.",
        "",
    ]


def page(summaries: Sequence[dict[str, Any]], args: argparse.Namespace, kept: str = "") -> str:
    """The page; ``kept`` is the page as it was, whose agreement lines stay for the pairs not
    both in the cache (``--keep-published``)."""
    load = os.getloadavg()
    out = [
        "# Win rates of every profile",
        "",
        "<!-- Generated by scripts/build_statistics.py; do not edit by hand. -->",
        "",
        "Every deal below is solved exactly, by the reference solver (`pyramide.solver`) or, "
        "where the column *solved by* says so, by its optional compiled core "
        "(`pyramide.solver.fast_verdict` and `pyramide.solver.fast_shortest`, `--fast`), "
        "which gives the same verdicts and shortest lines "
        "([checked against the reference](solver.md#the-compiled-core-optional)): "
        "whether the pyramid (or, under the strict win, all 52 cards) can be cleared with the "
        "cards in full view, and how many pyramid cards can be removed at best. Deal `seed` of "
        "a profile is `pyramide.dealcode.deal(seed, profile)`, the deal code "
        "`PY1-<letter>-<seed in base 32>`; seeds start at 0. Intervals are 95 % Wilson score "
        "intervals. Regenerate with:",
        "",
        "```sh",
        f"python scripts/build_statistics.py --deals {args.deals} "
        f"--limited-deals {args.limited_deals} --shortest-deals {args.shortest_deals} "
        f"--time-limit {args.time_limit:g} --jobs {args.jobs}" + (" --fast" if args.fast else ""),
        "```",
        "",
        "Profiles with limited recycling can be given fewer deals (`--limited-deals`): the "
        "reference solver is much slower on them, the compiled core is not (see "
        "[the solver's speed](solver.md)). Solving is resumable: "
        "results are kept in `build/statistics/`, and a re-run only solves what is missing. "
        f"Page written with {os.cpu_count()} cores, load average {load[0]:.1f}. The same "
        "command gives the same figures on any machine, except that a deal over the time limit "
        "(in wall-clock seconds) on a slower or busier one is counted unresolved.",
        "",
        "Face-down deals (aisleriot-thirteen) are solved with every card known: the rate is "
        "the share of deals a player who could see every card would win, an upper bound on "
        "what a player can do.",
        "",
        *_not_solved(summaries),
        "| profile | deals | winnable | win rate | 95 % interval | unresolved "
        "| mean most removable | shortest win, median (deals) | solved by |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for summary in summaries:
        low, high = summary["ci95"]
        rate = summary["win_rate"]
        shortest = (
            f"{summary['shortest_win_median']:g} ({summary['shortest_win_known']})"
            if summary["shortest_win_known"]
            else "—"
        )
        out.append(
            f"| {summary['profile']} ({summary['letter']}) | {summary['deals']:,} | "
            f"{summary['wins']:,} | {_percent(rate) if rate is not None else '—'} | "
            f"{_percent(low)} .. {_percent(high)} | {summary['unresolved']} | "
            f"{_mean_most(summary)} | {shortest} | "
            + ", ".join(f"{core} {count:,}" for core, count in summary["solved_by"].items())
            + " |"
        )
    out += [
        "",
        "A deal is *unresolved* when the solver did not settle its win within the time limit; "
        "the interval then holds whichever way those deals go (its low end counts them lost, "
        "its high end won). A deal proven to have no win is lost even if its most removable "
        "was not proven in time; the mean most removable is then over the deals where it was "
        "(their number in brackets).",
        "",
        "The shortest win's length is proven by A* on the first `--shortest-deals` deals of a "
        "profile (the compiled core's A* takes milliseconds to a few seconds a deal, the "
        "reference's seconds to minutes: see [the solver's speed](solver.md#speed)); here for "
        + (", ".join(s["profile"] for s in summaries if s["shortest_win_known"]) or "no profile")
        + ". A win whose shortest line was not proven within the time limit has no length. "
        "`pyramide stats` gives the distribution for any number of deals.",
        "",
        "## Rule sets that must agree",
        "",
        "Some profiles differ in rules that cannot change how far a deal goes; the solver "
        "meets them through different code, so they check it deal by deal (same seed, same "
        "cards, same verdict: most pyramid cards removable and winnable):",
        "",
    ]
    out += _agreements(EQUIVALENT, args.cache, kept)
    if OBSERVED:
        out += [
            "",
            "## Rule sets that agree where no rule says they must",
            "",
            "Checked the same way; a difference here would be no fault:",
            "",
            *_agreements(OBSERVED, args.cache, kept),
        ]
    out += [
        "",
        "## Published win rates for the same rule sets",
        "",
    ]
    any_published = False
    for summary in summaries:
        lines = compare(summary)
        if lines:
            any_published = True
            out += [f"**{summary['profile']}**", "", *lines, ""]
    if not any_published:
        out += ["No published figure was found for these rule sets.", ""]
    out += ["## Distributions", ""]
    for summary in summaries:
        out += [f"### {summary['profile']}", ""]
        histogram = summary["max_removed"]
        out.append(
            "Most pyramid cards removable (deals): "
            + ", ".join(f"{value}: {count}" for value, count in histogram.items())
            + "."
        )
        if summary["shortest_win"]:
            out.append("")
            out.append(
                f"Moves in a shortest win, first {args.shortest_deals:,} deals "
                f"({summary['shortest_win_known']} wins proven shortest): "
                + ", ".join(f"{v}: {c}" for v, c in summary["shortest_win"].items())
                + "."
            )
        for path in summary.get("plots", []):
            if path.endswith(".svg"):
                relative = Path(path).relative_to(PAGE.parent)
                out += ["", f"![{Path(path).stem}]({relative.as_posix()})"]
        out.append("")
    return "\n".join(out)


CHARTS = {
    "max-removed": ("max_removed", "most pyramid cards removable"),
    "shortest-win": ("shortest_win", "moves in a shortest win"),
}
"""Each chart of a profile: the summary's histogram it draws and its x axis."""


def draw_plots(summary: dict[str, Any], directory: Path) -> list[Path]:
    """A profile's bar charts as SVG, with axes a reader can take at their word: ticks on whole
    numbers of cards and moves only, and under the strict win a title saying that a cleared
    pyramid is not yet a win (its bar at 28 stands beside a low win rate)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise SystemExit(f"plots need matplotlib: {install_hint('stats')}") from None
    # text stays text in SVG (smaller files), and ids are stable from one run to the next
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "pyramide"})
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for stem, (field, label) in CHARTS.items():
        histogram: dict[str, int] = summary[field]
        if not histogram:
            continue
        figure, axes = plt.subplots(figsize=(6.4, 3.2), layout="constrained")
        axes.bar([int(v) for v in histogram], list(histogram.values()), width=0.8, color="#3b6ea5")
        if field == "max_removed":  # every fourth card, and the 28 (55) of a cleared pyramid
            switches = summary["switches"]
            places = geometry_of(switches.get("layout", "pyramid"), switches.get("rows", 7)).size
            axes.set_xticks(sorted({*range(0, places + 1, 4), places}))
        else:
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_xlabel(label)
        axes.set_ylabel("deals")
        counted = f"{sum(histogram.values())} deals"
        title = f"{summary['profile']}: {label} ({counted})"
        if field == "max_removed" and summary["switches"].get("strict_win"):
            title = (
                f"{summary['profile']}: {label} ({counted}, {_percent(summary['win_rate'])} won)"
                "\nthe strict win needs the stock and waste emptied too, not just the 28"
            )
        axes.set_title(title, fontsize=10)
        path = directory / f"{summary['profile']}-{stem}.svg"
        figure.savefig(path, metadata={"Date": None})
        written.append(path)
        plt.close(figure)
    return written


def redraw_plots(directory: Path) -> int:
    """Draw the charts again from the summaries the page was written with (``<profile>.json``),
    solving nothing: for a change of the charts alone."""
    for summary_file in sorted(directory.glob("*.json")):
        summary = json.loads(summary_file.read_text(encoding="utf-8"))
        for path in draw_plots(summary, directory):
            print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals per profile")
    parser.add_argument(
        "--limited-deals",
        type=int,
        help="deals per profile with limited recycling (default: --deals); they take far longer",
    )
    parser.add_argument(
        "--shortest-deals",
        type=int,
        default=0,
        help="prove the shortest win on the first K deals of each profile (default 0)",
    )
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per deal")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "statistics")
    parser.add_argument("--batch", type=int, default=500, help="deals solved between saves")
    parser.add_argument(
        "--page-only", action="store_true", help="rebuild the page from the cache, solve nothing"
    )
    parser.add_argument(
        "--fast",
        action="store_true",
        help="settle the profiles the compiled core plays with it (extra: fast), its A* for "
        "the first --shortest-deals, unresolved cached deals included",
    )
    parser.add_argument(
        "--retry-unresolved",
        action="store_true",
        help="solve again the cached deals not fully solved (the win or the most removable not "
        "proven in time), e.g. with a longer --time-limit",
    )
    parser.add_argument(
        "--keep-published",
        action="store_true",
        help="rebuild the page keeping a profile as docs/statistics/ has it (its JSON summary, "
        "charts and agreement lines) where the cache holds fewer of its deals and its rules "
        "are unchanged, e.g. after solving one profile on a machine without the others' cache",
    )
    parser.add_argument(
        "--plots-only",
        action="store_true",
        help="draw the charts again from docs/statistics/*.json, solve nothing",
    )
    args = parser.parse_args(argv)
    if args.plots_only:
        return redraw_plots(PLOTS)
    if args.limited_deals is None:
        args.limited_deals = args.deals
    if min(args.deals, args.limited_deals, args.jobs) < 1:
        parser.error("--deals, --limited-deals and --jobs must be at least 1")
    if args.shortest_deals < 0 or args.time_limit <= 0:
        parser.error("--shortest-deals must be at least 0 and --time-limit positive")
    if args.fast and importlib.util.find_spec("numba") is None:
        parser.error(f"--fast needs numba: {install_hint('fast')}")
    started = time.perf_counter()
    profiles = args.profile or list(PROFILES)
    page_too = not args.profile or args.page_only
    """The page and its figures are written from every profile's results, so not by a run
    that solves some: the command the page shows must give them all."""
    summaries = []
    for profile, rules in PROFILES.items():
        deals = args.deals if rules.max_recycles is None else args.limited_deals
        if profile in profiles and not args.page_only:
            results = solve_profile(
                profile,
                deals,
                args.shortest_deals,
                args.jobs,
                args.time_limit,
                args.cache,
                args.batch,
                args.fast and _fast_plays(rules),
                args.retry_unresolved,
            )
        elif page_too:
            cached = _load(args.cache, profile)
            results = [cached[seed] for seed in range(deals) if seed in cached]
            published = _published(rules) if args.keep_published else None
            if published is not None and published["deals"] > len(results):
                summaries.append(published)
                continue
            if len(results) < deals:
                print(f"{profile}: {len(results)} of {deals} deals in the cache", file=sys.stderr)
        else:
            continue
        if not results or not page_too:
            continue
        summary = summarize(profile, results)
        summary["plots"] = [str(path) for path in draw_plots(summary, PLOTS)]
        summaries.append(summary)
        (PLOTS / f"{profile}.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    if not page_too:
        print("solved into the cache; rebuild the page with --page-only", file=sys.stderr)
        return 0
    kept = PAGE.read_text() if args.keep_published and PAGE.exists() else ""
    PAGE.write_text(page(summaries, args, kept) + "\n")
    print(f"wrote {PAGE.relative_to(ROOT)} and {PLOTS.relative_to(ROOT)}/", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
