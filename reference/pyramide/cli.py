"""The ``pyramide`` command: deal a code, solve it (and, with the harness, check an engine).

Errors in what the user typed (a malformed code, an unknown profile) are reported in one line
naming the problem, with exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from .cards import Card
from .dealcode import DealCode, DealCodeError, parse_code
from .game import Game
from .layout import Layout
from .solver import solve

USAGE_ERROR = 2


def layout_json(layout: Layout) -> dict[str, object]:
    """``{"pyramid": [[row 1], ...], "waste": [...], "stock": [top first]}`` in ASCII."""

    def names(cards: Sequence[Card | None]) -> list[str | None]:
        return [card.ascii if card else None for card in cards]

    return {
        "pyramid": [names(row) for row in layout.rows()],
        "waste": names(layout.waste),
        "stock": names(layout.stock),
    }


def _deal(args: argparse.Namespace, code: DealCode) -> int:
    layout = code.layout()
    if args.json:
        print(json.dumps(layout_json(layout)))
    else:
        print(f"{code}  ({code.profile.name} rules)")
        print(layout.to_text(ascii_only=args.ascii))
    return 0


def _solve(args: argparse.Namespace, code: DealCode) -> int:
    solution = solve(Game(code.layout(), code.profile, str(code)), shortest=not args.any)
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
    solver.set_defaults(handler=_solve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace, DealCode], int] = args.handler
    try:
        code = parse_code(args.code)
    except DealCodeError as error:
        print(f"pyramide {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
    return handler(args, code)


if __name__ == "__main__":
    sys.exit(main())
