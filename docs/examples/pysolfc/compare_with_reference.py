"""Move by move, PySolFC against the reference engine under the rule set the adapter declares.

For each of the reference's own deals under the rule set, the two engines start from the same
table and play the same random moves, with an undo now and then; at every step the legal moves
and the tables (pyramid, wastes, reserves, stock, status, move counter) must agree. It stops a
game at the first difference and counts the differences by kind::

    PYSOLFC_DIR=~/src/PySolFC PYTHONPATH=docs/examples/pysolfc \\
        python docs/examples/pysolfc/compare_with_reference.py pysolfc-apophis --games 300

``--against NAME`` compares with the suite's named profile NAME instead of the declared rule set.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pysolfc_adapter
from pyramide.dealcode import deal
from pyramide.game import Game
from pyramide.moves import parse_move
from pyramide.profiles import Profile, get_profile, profile_from_switches

COMPARED = ("pyramid", "waste", "more_wastes", "reserves", "stock", "status")


def reference_state(game: Game) -> dict[str, Any]:
    layout = game.layout()
    return {
        "pyramid": [[None if c is None else c.ascii for c in row] for row in layout.rows()],
        "waste": [c.ascii for c in layout.waste],
        "more_wastes": [[c.ascii for c in pile] for pile in layout.more_wastes],
        "reserves": [[c.ascii for c in pile] for pile in layout.reserves],
        "stock": [c.ascii for c in layout.stock],
        "status": game.status.value,
    }


def rules_of(name: str) -> Profile:
    """The rule set the adapter declares for a game: a named profile, or one of its own."""
    if name in pysolfc_adapter.NAMED_PROFILES:
        return get_profile(name)
    return profile_from_switches(name, pysolfc_adapter.RULE_SETS[name])


def compare(
    name: str, games: int, steps: int, against: str | None = None
) -> tuple[int, Counter[str], dict[str, str]]:
    """Steps compared, differences by kind, and the first example of each kind."""
    rules = get_profile(against) if against else rules_of(name)
    engine = pysolfc_adapter.PySolFCEngine()
    found: Counter[str] = Counter()
    examples: dict[str, str] = {}
    compared = 0

    def differ(kind: str, seed: int, played: list[str], detail: str) -> None:
        found[kind] += 1
        examples.setdefault(kind, f"deal {seed} after {' '.join(played) or 'nothing'}: {detail}")

    for seed in range(games):
        rnd = random.Random(seed)
        ref = Game(deal(seed + 1000, rules), rules)
        start: Mapping[str, Any] = reference_state(ref)
        engine.new_game(layout=start, code=None, profile=name)
        played: list[str] = []
        pushes = 0  # reference moves not taken back
        for _ in range(steps):
            mine, theirs = reference_state(ref), engine.state()
            if any(mine[key] != theirs[key] for key in COMPARED):
                keys = [key for key in COMPARED if mine[key] != theirs[key]]
                differ(f"table: {', '.join(keys)}", seed, played, f"{mine} / {dict(theirs)}")
                break
            if theirs["moves"] != pushes:
                differ("move counter", seed, played, f"{theirs['moves']} for {pushes}")
                break
            legal = {move.ascii for move in ref.legal_moves()}
            offered = {parse_move(move).ascii for move in engine.legal_moves()}
            if mine["status"] == "won":
                if offered:
                    differ("moves after a win", seed, played, str(sorted(offered)))
                break
            if legal != offered:
                detail = f"only the reference: {sorted(legal - offered)}, only PySolFC: "
                differ("legal moves", seed, played, detail + str(sorted(offered - legal)))
                break
            if not legal:
                break
            compared += 1
            if pushes and rnd.random() < 0.1:
                ref.pop()
                pushes -= 1
                engine.undo()
                played.append("undo")
                continue
            move = rnd.choice(sorted(legal))
            ref.push(parse_move(move))
            engine.play(move)
            played.append(move)
            pushes += 1
    return compared, found, examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rule_set", choices=sorted(pysolfc_adapter.GAMES))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--against", metavar="PROFILE", help="a named profile of the suite")
    args = parser.parse_args()
    compared, found, examples = compare(args.rule_set, args.games, args.steps, args.against)
    print(f"{args.rule_set}: {args.games} deals, {compared} steps compared")
    for kind, count in found.most_common():
        print(f"  {count:5d}  {kind}")
        if kind in examples:
            print(f"         e.g. {examples[kind][:500]}")


if __name__ == "__main__":
    main()
