"""Side by side with mchung94/pyramid-solver on its own 1,500 decks, under Microsoft's rules.

mchung94/pyramid-solver (Common Lisp, https://github.com/mchung94/pyramid-solver) finds the
shortest line that clears the pyramid under Microsoft Solitaire Collection's rules: a 24-card
stock, the stock's top card in play, two recycles, the pyramid cleared wins. That is this
project's ``microsoft`` profile. Its ``resources/`` folder holds

- ``random-decks.txt``: 1,500 decks, one a line, 52 cards: the pyramid in reading order, then
  the stock from the top;
- ``random-deck-solution-lengths.txt``: the shortest solution's length for each (0: none),
  found by their breadth-first search;
- ``run-decks-results.txt``: their solver's solution for each and its wall-clock time in ms.

Their data is not part of this project: give the folder with ``--resources`` (a clone, or the
fetched mirror), or let the script download the three files with ``--download``.

**Move counting.** Their solutions are lists of steps: ``"Draw"``, ``"Recycle"``, or a list of
the one or two cards removed; each step counts one. The app (and :class:`pyramide.Game`) counts
every draw, recycle and removal as one move too, so a length of theirs converts to ours
unchanged (:func:`their_length_in_our_moves`). The script checks this rather than assuming it:
every solution of theirs is replayed move by move in :class:`pyramide.Game` under the
``microsoft`` profile, which must accept each move, end won, and count as many moves as they
count steps.

It prints the number of winnable decks (theirs, ours), deck-by-deck agreement on winnable and
on the shortest length, and the time per deck (ours on this machine; theirs as recorded on
theirs). ``--time-limit`` bounds our time per deck: a deck whose shortest line is not proven in
time is counted apart. ``--core fast`` solves with the optional compiled core instead
(:func:`pyramide.solver.fast_shortest.fast_outcome`; ``pip install .[fast]``), which has no time
limit; it is compiled, or loaded from numba's cache, before the first deck, outside the decks'
times.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import sys
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from pyramide import PROFILES, Card, Draw, Game, Layout, Move, Recycle, RemoveKing, RemovePair
from pyramide.solver import SolverTimeout, can_remove, solve

RAW = "https://raw.githubusercontent.com/mchung94/pyramid-solver/master/resources/"
FILES = ("random-decks.txt", "random-deck-solution-lengths.txt", "run-decks-results.txt")
MICROSOFT = PROFILES["microsoft"]


@dataclass(frozen=True)
class Row:
    """One deck, theirs and ours."""

    deck: int
    """1-based, as the line number in their files."""
    their_length: int | None
    their_ms: int
    our_winnable: bool | None
    """None: not resolved within the time limit."""
    our_length: int | None
    """A proven shortest line's length; None without a win, or not proven in time."""
    our_seconds: float


@dataclass(frozen=True)
class TheirResult:
    deck: tuple[Card, ...]
    length: int | None
    """Shortest solution in steps per random-deck-solution-lengths.txt; None for none."""
    steps: tuple[str | tuple[str, ...], ...] | None
    """Their solver's solution from run-decks-results.txt; None for none."""
    milliseconds: int


def their_length_in_our_moves(steps: int) -> int:
    """Their step count as our move count: both count each draw, recycle and removal (a King
    or a pair) as one, so the number is the same. Kept as a function so that the convention is
    written down in one place, and checked by :func:`replay` on every solution of theirs."""
    return steps


def _read(resources: Path | None, name: str) -> str:
    if resources is not None:
        return (resources / name).read_text()
    with urllib.request.urlopen(RAW + name, timeout=60) as response:
        text: str = response.read().decode()
        return text


_TOKEN = re.compile(r'\(|\)|"[^"]*"|[^\s()"]+')


def _sexp(text: str) -> list[object]:
    """Their results file, a sequence of Lisp lists of strings, symbols and numbers."""
    stack: list[list[object]] = [[]]
    for token in _TOKEN.findall(text):
        if token == "(":
            stack.append([])
        elif token == ")":
            done = stack.pop()
            stack[-1].append(done)
        elif token.startswith('"'):
            stack[-1].append(token[1:-1])
        elif token.isdigit():
            stack[-1].append(int(token))
        else:
            stack[-1].append(None if token.upper() == "NIL" else token)
    return stack[0]


def load(resources: Path | None) -> list[TheirResult]:
    decks_text, lengths_text, results_text = (_read(resources, name) for name in FILES)
    decks = [tuple(Card.parse(card) for card in line.split()) for line in decks_text.splitlines()]
    decks = [deck for deck in decks if deck]
    lengths = [int(line) for line in lengths_text.split()]
    results = _sexp(results_text)
    if not len(decks) == len(lengths) == len(results):
        raise SystemExit(
            f"unexpected files: {len(decks)} decks, {len(lengths)} lengths, {len(results)} results"
        )
    found = []
    for deck, length, result in zip(decks, lengths, results, strict=True):
        assert isinstance(result, list) and len(result) == 4, result
        their_deck, solution, _, milliseconds = result
        assert isinstance(their_deck, list) and tuple(map(Card.parse, their_deck)) == deck
        steps = None
        if solution is not None:
            assert isinstance(solution, list)
            steps = tuple(
                step if isinstance(step, str) else tuple(map(str, step)) for step in solution
            )
        assert isinstance(milliseconds, int)
        found.append(TheirResult(deck, length or None, steps, milliseconds))
    return found


def game_of(deck: Sequence[Card]) -> Game:
    """Their deck as our game: the first 28 cards the pyramid in reading order (their indexes
    0-27 are ours), the other 24 the stock from the top (their card 28 is the top), no waste."""
    return Game(Layout(tuple(deck[:28]), (), tuple(deck[28:])), MICROSOFT)


def _move(step: str | tuple[str, ...]) -> Move:
    if step == "Draw":
        return Draw()
    if step == "Recycle":
        return Recycle()
    cards = [Card.parse(card) for card in step]
    if len(cards) == 1:
        return RemoveKing(cards[0])
    return RemovePair(cards[0], cards[1])


def replay(deck: Sequence[Card], steps: Sequence[str | tuple[str, ...]]) -> str | None:
    """Play their solution in our engine; None if it wins in as many moves as their steps,
    else what went wrong."""
    game = game_of(deck)
    for number, step in enumerate(steps, start=1):
        move = _move(step)
        if not game.is_legal(move):
            return f"step {number} ({step}) is not legal in our engine"
        game.push(move)
    if not game.pyramid_cleared:
        return "their line does not clear the pyramid in our engine"
    if game.move_count != their_length_in_our_moves(len(steps)):
        return f"{game.move_count} moves in our count against their {len(steps)} steps"
    return None


def solve_deck(game: Game, mode: str, core: str, time_limit: float) -> tuple[bool, int | None]:
    """(winnable, a proven shortest line's length or None) for one deck; raises
    :class:`SolverTimeout` when it is not settled (the reference out of time, or a line beyond
    the compiled core's ceiling)."""
    if core == "fast":
        from pyramide.solver.fast_shortest import fast_outcome  # optional: needs numba

        found = fast_outcome(game, shortest=mode == "shortest")
        if found is None:
            raise SolverTimeout
        return found[1], found[2]
    if mode == "winnable":
        # the pyramid cleared is Microsoft's win: can 28 pyramid cards be removed?
        return can_remove(game, 28, time_limit=time_limit), None
    solution = solve(game, time_limit=time_limit)
    proven = solution.winnable and solution.shortest
    return solution.winnable, len(solution.moves) if proven else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--resources", type=Path, metavar="DIR", help="their resources/ folder")
    source.add_argument("--download", action="store_true", help="download the three files")
    parser.add_argument("--decks", type=int, help="only the first N decks (default: all)")
    parser.add_argument("--first", type=int, default=0, help="start at this deck (0-based)")
    parser.add_argument(
        "--mode",
        choices=("shortest", "winnable"),
        default="shortest",
        help="prove shortest lines (default) or only whether each deck is winnable",
    )
    parser.add_argument(
        "--core",
        choices=("python", "fast"),
        default="python",
        help="the reference solver (default) or the optional compiled core",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        help="the reference's seconds per deck (default 60)",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="deck-by-deck results")
    args = parser.parse_args(argv)
    theirs = load(args.resources)
    stop = len(theirs) if args.decks is None else min(len(theirs), args.first + args.decks)
    chosen = list(enumerate(theirs))[args.first : stop]

    bad_replays = [
        (index, problem)
        for index, their in chosen
        if their.steps is not None and (problem := replay(their.deck, their.steps)) is not None
    ]
    if args.core == "fast":
        from pyramide.solver.fast_shortest import warm_up  # optional: needs numba

        warm_up()
    rows = []
    for count, (index, their) in enumerate(chosen, start=1):
        game = game_of(their.deck)
        start = time.perf_counter()
        winnable: bool | None = None
        length = None
        with contextlib.suppress(SolverTimeout):  # then unresolved
            winnable, length = solve_deck(game, args.mode, args.core, args.time_limit)
        seconds = time.perf_counter() - start
        rows.append(Row(index + 1, their.length, their.milliseconds, winnable, length, seconds))
        agree = sum(1 for row in rows if row.our_winnable == (row.their_length is not None))
        print(
            f"\rdeck {count}/{len(chosen)}: winnable agrees on {agree}, last {seconds:.2f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps([asdict(row) for row in rows], indent=1) + "\n")
    print(summary(rows, bad_replays, args.core))
    return 0 if not bad_replays else 1


def summary(rows: list[Row], bad: list[tuple[int, str]], core: str) -> str:
    n = len(rows)
    their_wins = sum(1 for row in rows if row.their_length is not None)
    resolved = [row for row in rows if row.our_winnable is not None]
    our_wins = sum(1 for row in resolved if row.our_winnable)
    disagree = [row.deck for row in resolved if row.our_winnable != (row.their_length is not None)]
    proven = [row for row in resolved if row.our_length is not None]
    longer = [
        (row.deck, row.our_length, row.their_length)
        for row in proven
        if row.their_length is None or row.our_length != their_length_in_our_moves(row.their_length)
    ]
    same = len(proven) - len(longer)
    ours = sorted(row.our_seconds for row in rows)
    theirs_ms = sorted(row.their_ms for row in rows)
    load = os.getloadavg()
    lines = [
        f"decks {rows[0].deck}..{rows[-1].deck} ({n}), Microsoft rules (profile microsoft), "
        f"solved by the {'compiled core' if core == 'fast' else 'reference'}",
        f"their solutions replayed in our engine: {n - len(bad)} of {n} fine"
        + (f"; problems: {bad[:5]}" if bad else ""),
        f"winnable: theirs {their_wins}, ours {our_wins} of {len(resolved)} resolved "
        f"({n - len(resolved)} over the time limit); disagreements: {disagree or 'none'}",
    ]
    if proven:
        lines.append(
            f"shortest length (moves = their steps): equal on {same} of {len(proven)} "
            "decks where ours is proven"
            + (f"; differing (deck, ours, theirs): {longer[:10]}" if longer else "")
        )
    lines.append(
        f"time per deck, ours (this machine, load {load[0]:.1f}): median "
        f"{statistics.median(ours):.3f} s, worst {ours[-1]:.2f} s; theirs (their recorded run, "
        f"their machine): median {statistics.median(theirs_ms) / 1000:.3f} s, worst "
        f"{theirs_ms[-1] / 1000:.2f} s"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
