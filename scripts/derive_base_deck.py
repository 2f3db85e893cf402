"""Derive the deal codec's base deck order from the two deals the rules document.

The rules fix two codes: PY1-N-AAAAAAS (seed 18) deals a documented pyramid and waste card, and
PY1-N-AAAAAAJ (seed 9) deals a pyramid from which at most 14 cards can ever be removed. The
shuffle (SplitMix64 + Fisher-Yates, see ``pyramide.dealcode``) is fixed, so:

1. seed 18 sends 29 base positions to the pyramid and the waste: those positions get the
   documented cards;
2. the other 23 cards fill the remaining positions in the order given by shuffling them
   (canonical deck order) with seed 0, 1, 2, ... until seed 9 deals a pyramid whose solver
   maximum is exactly 14.

Run ``python scripts/derive_base_deck.py`` to print the order; ``--check`` exits 1 unless it
equals ``pyramide.dealcode.BASE_DECK``.
"""

from __future__ import annotations

import argparse
import sys
from itertools import count

from pyramide.cards import DECK, Card
from pyramide.conformance.deal_fixtures import documented_layout
from pyramide.dealcode import BASE_DECK, deal_order, parse_code, shuffle
from pyramide.game import Game
from pyramide.solver import can_remove

DOCUMENTED = documented_layout("py1-n-aaaaaas")
"""PY1-N-AAAAAAS as the rules draw it, read from its fixture (its stock order is not documented)."""

LIMITED_CODE = "PY1-N-AAAAAAJ"
LIMITED_MAX = 14


def derive() -> tuple[Card, ...]:
    documented_code = parse_code("PY1-N-AAAAAAS")
    limited = parse_code(LIMITED_CODE)
    dealt = [*DOCUMENTED.pyramid, *DOCUMENTED.waste]
    sent_by_18 = shuffle(range(52), documented_code.seed)
    base: list[Card | None] = [None] * 52
    for place, card in enumerate(dealt):
        base[sent_by_18[place]] = card
    open_slots = [slot for slot, card in enumerate(base) if card is None]
    others = [card for card in DECK if card not in dealt]
    for attempt in count():
        for slot, card in zip(open_slots, shuffle(others, attempt), strict=True):
            base[slot] = card
        order = tuple(card for card in base if card is not None)
        layout = deal_order(shuffle(order, limited.seed), limited.profile)
        game = Game(layout, limited.profile)
        exact = can_remove(game, LIMITED_MAX) and not can_remove(game, LIMITED_MAX + 1)
        print(
            f"attempt {attempt}: maximum {'is' if exact else 'is not'} {LIMITED_MAX}",
            file=sys.stderr,
        )
        if exact:
            return order
    raise AssertionError("unreachable")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with BASE_DECK")
    args = parser.parse_args()
    order = derive()
    text = " ".join(card.ascii for card in order)
    print(text)
    if args.check and order != BASE_DECK:
        print("differs from pyramide.dealcode.BASE_DECK", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
