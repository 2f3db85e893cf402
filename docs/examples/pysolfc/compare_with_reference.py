"""Move by move, PySolFC against the reference engine under the rule set the adapter declares.

For each of the reference's own deals under the rule set, the two engines start from the same
table and play the same random moves, with an undo now and then; at every step the legal moves
and the tables (pyramid, wastes, reserves, stock, status, move counter) must agree. It stops a
game at the first difference and counts the differences by kind::

    PYSOLFC_DIR=~/src/PySolFC PYTHONPATH=docs/examples/pysolfc \\
        python docs/examples/pysolfc/compare_with_reference.py pysolfc-apophis --games 300

``--follow-redeal`` (Apophis) plays a draw on the reference's side after each recycle, as
PySolFC's redeal also deals (``known-deviations-apophis.yaml``), to compare what comes after.
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
from pyramide.profiles import get_profile, profile_from_switches

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


def compare(
    name: str, games: int, steps: int, against: str | None = None, follow_redeal: bool = False
) -> tuple[int, Counter[str], dict[str, str]]:
    """Steps compared, differences by kind, and the first example of each kind."""
    rules = get_profile(against) if against else profile_from_switches(name, RULE_SETS[name])
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
        pushes: list[int] = []  # reference moves per action (2 for a followed redeal)
        for _ in range(steps):
            mine, theirs = reference_state(ref), engine.state()
            if any(mine[key] != theirs[key] for key in COMPARED):
                keys = [key for key in COMPARED if mine[key] != theirs[key]]
                differ(f"table: {', '.join(keys)}", seed, played, f"{mine} / {dict(theirs)}")
                break
            if theirs["moves"] != len(pushes):
                differ("move counter", seed, played, f"{theirs['moves']} for {len(pushes)}")
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
                for _ in range(pushes.pop()):
                    ref.pop()
                engine.undo()
                played.append("undo")
                continue
            move = rnd.choice(sorted(legal))
            ref.push(parse_move(move))
            engine.play(move)
            played.append(move)
            pushes.append(1)
            if follow_redeal and move == "recycle" and ref.stock:
                found["redeals followed by a draw"] += 1
                ref.push(parse_move("draw"))
                pushes[-1] = 2
    return compared, found, examples


RULE_SETS = pysolfc_adapter.RULE_SETS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rule_set", choices=sorted(RULE_SETS))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--against", metavar="PROFILE", help="a named profile of the suite")
    parser.add_argument("--follow-redeal", action="store_true")
    args = parser.parse_args()
    compared, found, examples = compare(
        args.rule_set, args.games, args.steps, args.against, args.follow_redeal
    )
    print(f"{args.rule_set}: {args.games} deals, {compared} steps compared")
    for kind, count in found.most_common():
        print(f"  {count:5d}  {kind}")
        if kind in examples:
            print(f"         e.g. {examples[kind][:500]}")


if __name__ == "__main__":
    main()
