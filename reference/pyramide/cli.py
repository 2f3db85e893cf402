"""The ``pyramide`` command: deal a code, solve it (and, with the harness, check an engine).

Errors in what the user typed (a malformed code, an unknown profile) are reported in one line
naming the problem, with exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .conformance.reference_adapter import layout_data
from .dealcode import DealCode, DealCodeError, parse_code
from .game import Game
from .notation import draw_layout
from .solver import Solution, solve

USAGE_ERROR = 2


class UsageError(Exception):
    """Something the user typed cannot be used; the message says what."""


def _code(args: argparse.Namespace) -> DealCode:
    try:
        return parse_code(args.code)
    except DealCodeError as error:
        raise UsageError(str(error)) from None


def _deal(args: argparse.Namespace) -> int:
    code = _code(args)
    layout = code.layout()
    if args.json:
        print(json.dumps(layout_data(layout)))
    else:
        print(f"{code}  ({code.profile.name} rules)")
        print(draw_layout(layout, ascii_only=args.ascii))
    return 0


def _solve(args: argparse.Namespace) -> int:
    code = _code(args)
    game = Game(code.layout(), code.profile, str(code))
    solution = _fast_solution(game) if args.fast else solve(game, shortest=not args.any)
    if args.json:
        report = {
            "max_removed": solution.max_removed,
            "winnable": solution.winnable,
            "moves": [move.ascii for move in solution.moves],
        }
        print(json.dumps(report))
        return 0
    print(f"{code}  ({code.profile.name} rules)")
    print(f"most pyramid cards removable: {solution.max_removed} of 28")
    if not solution.winnable:
        print("cannot be won")
        return 0
    kind = "shortest winning line" if solution.shortest else "a winning line"
    print(f"{kind}: {len(solution.moves)} moves")
    for number, move in enumerate(solution.moves, start=1):
        print(f"{number:4}. {move}")
    return 0


def _fast_solution(game: Game) -> Solution:
    """``solve(game)`` by the compiled core (the ``fast`` extra), or the reference when a
    line is beyond the core's ceiling."""
    from .solver import stats

    try:
        stats.check_fast(game.profile)
    except stats.StatsError as error:
        raise UsageError(str(error)) from None
    from .solver.fast_shortest import fast_solve

    return fast_solve(game) or solve(game)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pyramide", description="Pyramid solitaire: reference engine and conformance suite."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    deal = commands.add_parser("deal", help="print the layout a deal code deals")
    deal.add_argument("code", help="a deal code such as PY1-N-AAAAAAS")
    deal.add_argument("--json", action="store_true", help="machine-readable output")
    deal.add_argument("--ascii", action="store_true", help="7D instead of 7♦")
    deal.set_defaults(handler=_deal)
    solver = commands.add_parser("solve", help="the most cards removable and a shortest win")
    solver.add_argument("code", help="a deal code such as PY1-N-AAAAAAJ")
    solver.add_argument("--json", action="store_true", help="machine-readable output")
    solver.add_argument(
        "--any", action="store_true", help="any winning line, without proving it shortest"
    )
    solver.add_argument(
        "--fast",
        action="store_true",
        help="solve with the compiled core (extra: fast; a proven shortest line, in "
        "milliseconds; not for several waste piles)",
    )
    solver.set_defaults(handler=_solve)
    _add_check(commands)
    _add_stats(commands)
    return parser


def _add_stats(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    stats = commands.add_parser(
        "stats",
        help="solve many deals of a profile: win rate with its 95 %% interval, distributions",
        description="Solve deals PY1-<letter>-<seed> for seeds FIRST..FIRST+N-1 exactly and "
        "print the win rate with a 95 % Wilson interval, the distribution of the most pyramid "
        "cards removable and of the shortest win's length. Progress goes to standard error.",
    )
    stats.add_argument("--profile", required=True, metavar="NAME", help="a named profile")
    stats.add_argument("--deals", required=True, type=int, metavar="N", help="how many deals")
    stats.add_argument("--first", type=int, default=0, metavar="SEED", help="first seed (0)")
    stats.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (1)")
    stats.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a Dask scheduler (tcp://host:8786) to solve on instead (extra: cluster)",
    )
    stats.add_argument(
        "--no-shortest",
        action="store_true",
        help="skip the proven-shortest wins (much faster; no length distribution)",
    )
    stats.add_argument(
        "--fast",
        action="store_true",
        help="solve with the compiled core (extra: fast; not for several waste piles; it has "
        "no time limit, its slowest deals take seconds)",
    )
    stats.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="per deal; a deal whose win is not settled in time is reported unresolved",
    )
    stats.add_argument(
        "--json", type=Path, metavar="FILE", help="the summary as JSON (- for stdout)"
    )
    stats.add_argument("--results", type=Path, metavar="FILE", help="every deal's result as JSON")
    stats.add_argument("--plots", type=Path, metavar="DIR", help="bar charts (extra: stats)")
    stats.add_argument(
        "--format",
        default="png",
        metavar="png,svg",
        help="plot file formats, comma-separated (default png)",
    )
    stats.add_argument("--no-progress", action="store_true", help="no progress bar")
    stats.set_defaults(handler=_stats)


def _stats(args: argparse.Namespace) -> int:
    from .solver import stats

    formats = [name.strip() for name in args.format.split(",") if name.strip()]
    bad = [name for name in formats if name not in ("png", "svg")]
    if bad or not formats:
        raise UsageError(f"--format must list png and/or svg, not {args.format!r}")
    if args.time_limit is not None and not args.time_limit > 0:
        raise UsageError(
            f"--time-limit must be a positive number of seconds, not {args.time_limit}"
        )
    try:
        shortest = not args.no_shortest
        stats.check_request(args.profile, args.deals, args.first, args.jobs, args.fast)
        results = stats.run(
            args.profile,
            args.deals,
            first=args.first,
            jobs=args.jobs,
            shortest=shortest,
            time_limit=args.time_limit,
            scheduler=args.scheduler,
            progress=not args.no_progress,
            fast=args.fast,
        )
        summary = stats.summarize(args.profile, results)
        if args.plots is not None:
            summary["plots"] = [str(path) for path in stats.plot(summary, args.plots, formats)]
    except stats.StatsError as error:
        raise UsageError(str(error)) from None
    if args.results is not None:
        args.results.write_text(json.dumps(stats.results_json(results), indent=1) + "\n")
    if args.json is not None and str(args.json) == "-":
        print(json.dumps(summary, indent=2))
        return 0
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2) + "\n")
    print(stats.report(summary))
    return 0


def _add_engine_options(command: argparse.ArgumentParser) -> None:
    """Which engine a command plays: a Python adapter, a JSON-lines program, or the reference."""
    engine = command.add_mutually_exclusive_group()
    engine.add_argument("--impl", metavar="MODULE:FACTORY", help="a Python adapter factory")
    engine.add_argument("--cmd", metavar="COMMAND", help="an engine speaking JSON lines")
    engine.add_argument(
        "--moves-cmd",
        metavar="COMMAND",
        help="a move-level engine speaking JSON lines (docs/moves-protocol.md)",
    )
    command.add_argument(
        "--timeout", type=float, default=5.0, help="seconds an engine may take per request"
    )


def _add_check(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "check",
        help="run the whole rulebook against an engine (the reference engine by default)",
        description="Run every scenario against an engine, under one rule set, and report rule "
        "by rule. Exit status: 0 all applicable scenarios passed and enough of the rulebook ran, "
        "1 failures or too little coverage, 2 usage or harness error.",
    )
    _add_engine_options(check)
    check.add_argument(
        "--profile",
        metavar="NAME|FILE.yaml",
        help="the rule set to check: a named profile, one the engine declares under a name of "
        "its own, or a YAML file of switch values (default: the first rule set the engine "
        "declares)",
    )
    check.add_argument(
        "--min-coverage",
        type=float,
        default=50.0,
        metavar="PERCENT",
        help="fail when less than this share of the rule set's scenarios ran (default 50)",
    )
    check.add_argument("--junitxml", type=Path, metavar="FILE", help="JUnit XML report")
    check.add_argument("--report", type=Path, metavar="FILE", help="JSON-lines report")
    check.add_argument("--markdown", type=Path, metavar="FILE", help="Markdown summary")
    check.add_argument(
        "--html",
        type=Path,
        metavar="FILE",
        help="one self-contained HTML page: rule by rule, each failure with its tables drawn",
    )
    check.add_argument(
        "--site-url",
        default="",
        metavar="URL",
        help="the documentation site's address: the reports link each rule's page there "
        "(default: none, the page's path from the site's root is given)",
    )
    check.add_argument(
        "--trace",
        type=Path,
        metavar="FILE",
        help="every scenario's exchange with the engine, as JSON lines (a failure's is always "
        "in the report)",
    )
    check.add_argument(
        "--expected-failures",
        type=Path,
        metavar="FILE",
        help="YAML list of {scenario, reason} the engine is known to fail",
    )
    check.add_argument(
        "--scenario",
        action="append",
        default=[],
        metavar="ID",
        help="run only this scenario: its ID as a failure prints it (feature file: name "
        "[example]), or its name; may be repeated",
    )
    check.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="ID",
        help="run only the scenarios tagged with this rule (e.g. PAIR-THIRTEEN); may be repeated",
    )
    check.add_argument(
        "-x", "--exitfirst", action="store_true", help="stop at the first failed scenario"
    )
    check.add_argument(
        "-q", "--quiet", action="store_true", help="no progress line per scenario (for CI logs)"
    )
    check.add_argument(
        "--invariant-games",
        type=int,
        default=12,
        metavar="N",
        help="random games played to check the invariants (0 to skip; default 12)",
    )
    check.set_defaults(handler=_check)
    detect = commands.add_parser(
        "detect",
        help="play probe positions on an engine and say which rule set it plays",
        description="Play purpose-built positions through the adapter and print the switch "
        "values the engine follows, with the evidence, and the named profile that fits (or the "
        "nearest one and how it differs). Exit status: 0 a named profile fits, 1 none does, 2 "
        "usage or harness error.",
    )
    _add_engine_options(detect)
    detect.add_argument(
        "--profile",
        metavar="NAME",
        help="which of the engine's declared rule sets to play, a named profile or one of its "
        "own (default: its first)",
    )
    detect.add_argument("--json", action="store_true", help="the findings as JSON")
    detect.set_defaults(handler=_detect)
    differential = commands.add_parser(
        "differential",
        help="play random games on an engine and the reference side by side, every kind of "
        "difference reported by the rule it breaks (--help for its options; exit status 0 no "
        "difference fails the run, 1 one does, 2 usage or harness error)",
        add_help=False,
    )
    differential.set_defaults(handler=_differential)


def _check(args: argparse.Namespace) -> int:
    from .conformance.runner import CheckOptions, run_check

    options = CheckOptions(
        impl=args.impl,
        cmd=args.cmd,
        moves_cmd=args.moves_cmd,
        profile=args.profile,
        junitxml=args.junitxml,
        report=args.report,
        markdown=args.markdown,
        html=args.html,
        site_url=args.site_url,
        expected_failures=args.expected_failures,
        timeout=args.timeout,
        invariant_games=args.invariant_games,
        min_coverage=args.min_coverage,
        scenarios=args.scenario,
        rules=args.rule,
        exitfirst=args.exitfirst,
        quiet=args.quiet,
        trace=args.trace,
    )
    return run_check(options)


def _detect(args: argparse.Namespace) -> int:
    from .conformance.detect import detect
    from .conformance.jsonlines import one_line
    from .conformance.loading import AdapterLoadError, load_factory
    from .conformance.rulesets import RuleSetError

    try:
        factory = load_factory(args.impl, args.cmd, args.timeout, args.moves_cmd)
        found = detect(factory, args.profile)
    except (AdapterLoadError, RuleSetError) as error:
        raise UsageError(str(error)) from None
    except Exception as error:  # the engine crashed: what broke, in one line, no traceback
        raise UsageError(
            f"the engine failed during the probes: {type(error).__name__}: {one_line(str(error))}"
        ) from None
    print(
        json.dumps(found.to_json(), indent=2, ensure_ascii=False) if args.json else found.report()
    )
    return 0 if found.profile is not None else 1


def _differential(args: argparse.Namespace) -> int:
    from .conformance.differential import main as differential_main

    return differential_main(args.rest, prog="pyramide differential")


def main(argv: Sequence[str] | None = None) -> int:
    args, rest = build_parser().parse_known_args(argv)
    if rest and args.command != "differential":
        build_parser().parse_args(argv)  # reports the unknown arguments and exits 2
    args.rest = rest
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except UsageError as error:
        print(f"pyramide {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
