"""Speed figures for the reference engine and the solver.

Run ``.venv/bin/python benchmarks/bench.py`` (``--help`` for the options). It prints:

- taps per second through :class:`pyramide.table.Table`: random taps (any pyramid place, the
  waste, the card beneath it, the stock) on random deals of the app's profile, a new deal
  every ``TAPS_PER_DEAL`` taps or when the game is over;
- random games played to the end per second: random legal moves until the game is won or no
  move is left, or ``MOVE_CAP`` moves have been made (with unlimited recycling a game can
  otherwise go round the talon for ever);
- the solver's median and worst time per deal over deals ``PY1-N-`` seeds ``0..N-1``
  (``pyramide.dealcode.deal(seed, APP)``), for ``solve(shortest=False)`` (the most cards
  removable and some winning line) and for the full ``solve()`` (a proven shortest win),
  which takes much longer and so runs on the first ``--full-deals`` deals only (20 by
  default, about a minute; ``--full-deals 200`` took about 18 minutes on a loaded
  2-core machine, with one deal over a minute).

Progress goes to standard error, the figures to standard output.
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable

from pyramide import APP, Game
from pyramide.dealcode import MAX_SEED, deal
from pyramide.layout import POSITIONS
from pyramide.solver import Solution, solve
from pyramide.table import NO_MORE_MOVES, STOCK, WASTE, WASTE_BELOW, Message, Table, Target

TAPS_PER_DEAL = 300
MOVE_CAP = 1000
"""Moves after which a random game counts as played to the end."""
TARGETS: list[Target] = [*POSITIONS, WASTE, WASTE_BELOW, STOCK]


def random_game(rng: random.Random) -> Game:
    return Game(deal(rng.randint(0, MAX_SEED), APP), APP)


def taps_per_second(seconds: float, rng: random.Random) -> tuple[float, int]:
    """Random taps for about ``seconds``; returns (taps per second, taps made)."""
    taps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table = Table(random_game(rng))
        for _ in range(TAPS_PER_DEAL):
            table.tap(rng.choice(TARGETS))
            taps += 1
            if table.game.is_won() or table.message == Message(NO_MORE_MOVES):
                break
    return taps / (time.perf_counter() - start), taps


def play_out(game: Game, rng: random.Random) -> None:
    """Random legal moves until the game is over or ``MOVE_CAP`` moves are made."""
    for _ in range(MOVE_CAP):
        moves = game.legal_moves()
        if not moves:
            return
        game.push(rng.choice(moves))


def games_per_second(seconds: float, rng: random.Random) -> tuple[float, int]:
    """Random games for about ``seconds``; returns (games per second, games played)."""
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_out(random_game(rng), rng)
        games += 1
    return games / (time.perf_counter() - start), games


def time_solver(label: str, deals: int, run: Callable[[Game], Solution]) -> list[float]:
    """Solve deals 0..deals-1 of the app's profile; returns the time of each, in seconds.

    Ctrl-C (or SIGTERM) stops the run early: the deals solved so far are reported.
    """
    times: list[float] = []
    won = 0
    for seed in range(deals):
        game = Game(deal(seed, APP), APP)
        start = time.perf_counter()
        try:
            solution = run(game)
        except KeyboardInterrupt:
            print(f"\n{label}: interrupted during deal {seed}", file=sys.stderr)
            return times
        times.append(time.perf_counter() - start)
        won += solution.winnable
        print(
            f"\r{label}: {seed + 1}/{deals} deals, {won} winnable, "
            f"last {times[-1]:.2f} s, total {sum(times):.1f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    return times


def report(label: str, times: list[float]) -> None:
    if not times:
        print(f"{label}: not run")
        return
    worst = max(range(len(times)), key=times.__getitem__)
    print(
        f"{label}: {len(times)} deals, median {statistics.median(times):.3f} s, "
        f"worst {times[worst]:.3f} s (seed {worst}), total {sum(times):.1f} s"
    )


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--deals", type=int, default=200, help="deals solved with shortest=False (default 200)"
    )
    parser.add_argument(
        "--full-deals",
        type=int,
        default=20,
        help="deals solved with the full solve, a proven shortest win (default 20; slow)",
    )
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="time spent on each throughput figure"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random taps and moves")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    rng = random.Random(args.seed)

    print("random taps...", file=sys.stderr, flush=True)
    rate, taps = taps_per_second(args.seconds, rng)
    print(f"taps through Table: {rate:,.0f} per second ({taps:,} random taps, app profile)")
    print("random games...", file=sys.stderr, flush=True)
    rate, games = games_per_second(args.seconds, rng)
    print(
        f"random games to the end: {rate:,.1f} per second ({games:,} games; a game ends when "
        f"won, when no move is left or after {MOVE_CAP} moves)"
    )
    report(
        "solve(shortest=False)",
        time_solver("solve(shortest=False)", args.deals, lambda g: solve(g, shortest=False)),
    )
    report("solve() (shortest win)", time_solver("solve()", args.full_deals, solve))
    return 0


if __name__ == "__main__":
    sys.exit(main())
