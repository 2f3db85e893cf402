"""Playing cards and their two notations.

A card is written the way a player reads it (``7♦``, ``10♦``, ``K♠``) or in ASCII for files and
terminals (``7D``, ``TD`` or ``10D``, ``KS``). Both notations parse; the Unicode one is what
:func:`str` gives and the two-character ASCII one is what :attr:`Card.ascii` gives. Only the rank
matters to the rules; the suit makes every card of the deck distinct.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "CDHS"
"""Clubs, diamonds, hearts, spades: the deck's canonical suit order."""

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_SUITS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
_SYMBOL_SUITS.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})

RANK_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
_ASCII_RANKS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
_RANK_BY_NAME = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_BY_NAME.update({str(n): n for n in range(2, 10)})

KING = 13
PAIR_TOTAL = 13
"""Two cards pair when their values add up to this; a King is worth it alone."""


class CardError(ValueError):
    """A card written in neither notation; the message quotes the offending text."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the 52-card deck: a rank from 1 (Ace) to 13 (King) and a suit letter."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in SUITS:
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @property
    def ascii(self) -> str:
        """Two-character ASCII notation, ``TD`` for the ten of diamonds."""
        return _ASCII_RANKS.get(self.rank, str(self.rank)) + self.suit

    @property
    def index(self) -> int:
        """Position 0..51 in the canonical deck order (suits C, D, H, S; ranks A..K)."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    def __str__(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self.ascii})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7♦``, ``10♦``, ``7D``, ``TD`` or ``10D`` (case-insensitive for ASCII)."""
        cleaned = text.strip()
        if len(cleaned) < 2:
            raise CardError(f"not a card: {text!r} (expected e.g. 7♦, 10♦, 7D, TD)")
        rank_text, suit_text = cleaned[:-1].upper(), cleaned[-1]
        suit = _SYMBOL_SUITS.get(suit_text, suit_text.upper())
        if rank_text not in _RANK_BY_NAME or suit not in SUITS:
            raise CardError(f"not a card: {text!r} (expected e.g. 7♦, 10♦, 7D, TD)")
        return DECK[SUITS.index(suit) * 13 + _RANK_BY_NAME[rank_text] - 1]


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in canonical order; :meth:`Card.parse` returns these very objects."""
