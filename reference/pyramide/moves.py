"""The four kinds of move, named by the cards they touch.

Every card of the deck is unique, so a move is fully described by its cards: ``K♦`` removes the
King of diamonds, ``10♣ + 3♠`` removes that pair, ``draw`` turns the stock's top card onto the
waste and ``recycle`` turns the waste back into the stock. Where the player names the waste pile
a draw goes onto (the classic page's Apophis), ``draw:2`` draws onto pile 2; ``draw`` is
``draw:1``. The ASCII forms (``KD``, ``TC+3S``, ``draw:2``) are what files and ``--json`` output
use.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, CardError


class MoveError(ValueError):
    """Text that does not name a move."""


WASTE_PILES_NAMED = 3
"""The most waste piles a draw may name (Apophis's three)."""


@dataclass(frozen=True)
class Draw:
    """Turn the stock's top card face up onto the waste: onto waste pile ``pile`` (1 is the
    waste) where the player names the pile, or where the rules deal the cards when ``pile``
    is 1 (one card onto each of several piles, or ``draw_count`` cards onto the one)."""

    pile: int = 1

    def __str__(self) -> str:
        return self.ascii

    @property
    def ascii(self) -> str:
        return "draw" if self.pile == 1 else f"draw:{self.pile}"


@dataclass(frozen=True)
class Recycle:
    """Turn the whole waste back into the stock, keeping its order."""

    def __str__(self) -> str:
        return "recycle"

    @property
    def ascii(self) -> str:
        return "recycle"


@dataclass(frozen=True)
class RemoveKing:
    """Remove a free King on its own."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)

    @property
    def ascii(self) -> str:
        return self.card.ascii


@dataclass(frozen=True)
class RemovePair:
    """Remove two cards worth 13 together; the cards are kept in deck order so that
    ``RemovePair(a, b) == RemovePair(b, a)``."""

    first: Card
    second: Card

    def __post_init__(self) -> None:
        if self.second.index < self.first.index:
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)

    def __str__(self) -> str:
        return f"{self.first} + {self.second}"

    @property
    def ascii(self) -> str:
        return f"{self.first.ascii}+{self.second.ascii}"


Move = Draw | Recycle | RemoveKing | RemovePair


def parse_move(text: str) -> Move:
    """Read ``draw`` (``draw:2`` onto waste pile 2), ``recycle``, a King (``KD``, ``K♦``) or a
    pair (``TC+3S``, ``10♣ + 3♠``)."""
    cleaned = text.strip()
    word, colon, pile = cleaned.lower().partition(":")
    if word == "draw":
        if not colon:
            return Draw()
        if not pile.isdigit() or not 1 <= int(pile) <= WASTE_PILES_NAMED:
            raise MoveError(
                f"not a move: {text!r} (a draw names waste pile 1 to {WASTE_PILES_NAMED})"
            )
        return Draw(int(pile))
    if cleaned.lower() == "recycle":
        return Recycle()
    try:
        if "+" in cleaned:
            first, _, second = cleaned.partition("+")
            return RemovePair(Card.parse(first), Card.parse(second))
        card = Card.parse(cleaned)
    except CardError as error:
        raise MoveError(f"not a move: {text!r} ({error})") from None
    if not card.goes_alone:
        raise MoveError(f"not a move: {text!r} (only a King, or a rey, is removed alone)")
    return RemoveKing(card)
