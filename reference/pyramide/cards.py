"""Playing cards, their decks and their two notations.

A card is written the way a player reads it (``7♦``, ``10♦``, ``K♠``) or in ASCII for files and
terminals (``7D``, ``TD`` or ``10D``, ``KS``). Both notations parse; the Unicode one is what
:func:`str` gives and the two-character ASCII one is what :attr:`Card.ascii` gives. Only the rank
matters to the rules; the suit makes every card of the deck distinct.

Two decks exist, and a card's suit letter says which one it belongs to, so one parser reads
both and no table can mix them:

- the French deck of 52 cards (suits C, D, H, S; ranks A, 2-10, J, Q, K worth 1 to 13): pairs
  make 13 and the King, worth 13 alone, goes alone;
- the Spanish deck of 48 cards of the Spanish pyramid (suits O oros, P copas, E espadas,
  B bastos; ranks A, 2-9, S sota, C caballo, R rey worth 1 to 12; no card is called ten): pairs
  make 12 and the rey, worth 12 alone, goes alone. No Unicode glyphs exist for these suits, so
  both notations of a Spanish card are its two letters (``CP``, the caballo de copas). The copas
  take the letter P because C is the French clubs.

A game whose places need more cards than one deck holds (the 55 places of a 10-row pyramid) is
played with two decks shuffled together, so each card is there twice. The two copies are the
same card to the rules and to the player, written the same way; :attr:`Card.copy` (which deck
the card came from, as the colour of its back would say) keeps them apart for the engine, so that
a move still names the very card it takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


class CardError(ValueError):
    """A card written in neither notation; the message quotes the offending text."""


@dataclass(frozen=True)
class Deck:
    """A deck: its suits, its ranks and how they are written, and the total pairs make."""

    name: str
    suits: str
    """Suit letters in the deck's canonical order."""
    rank_letters: str
    """ASCII rank letters, rank 1 first."""
    rank_names: tuple[str, ...]
    """Rank names as players read them, rank 1 first."""
    suit_symbols: tuple[str, ...]
    """Suit glyphs, in the order of ``suits``."""

    @property
    def top_rank(self) -> int:
        """The highest rank: worth the pair total on its own, so it goes alone."""
        return len(self.rank_letters)

    @property
    def target(self) -> int:
        """What two cards removed together are worth."""
        return self.top_rank

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck in canonical order (suit by suit, rank 1 first); made once,
        since every layout checks its copies against the deck's size."""
        return tuple(Card(rank, suit) for suit in self.suits for rank in self.ranks)

    @property
    def ranks(self) -> range:
        return range(1, self.top_rank + 1)

    def shoe(self, decks: int) -> tuple[Card, ...]:
        """The cards of ``decks`` decks, deck after deck, each in canonical order: the cards of
        deck ``n`` (from 0) carry ``copy=n``."""
        return tuple(Card(c.rank, c.suit, n) for n in range(decks) for c in self.cards)


FRENCH = Deck(
    "french",
    suits="CDHS",
    rank_letters="A23456789TJQK",
    rank_names=("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    suit_symbols=("♣", "♦", "♥", "♠"),
)
SPANISH = Deck(
    "spanish",
    suits="OPEB",
    rank_letters="A23456789SCR",
    rank_names=("A", "2", "3", "4", "5", "6", "7", "8", "9", "S", "C", "R"),
    suit_symbols=("O", "P", "E", "B"),
)
DECKS = {deck.name: deck for deck in (FRENCH, SPANISH)}
_DECK_OF_SUIT = {suit: deck for deck in (FRENCH, SPANISH) for suit in deck.suits}

SUITS = FRENCH.suits
"""Clubs, diamonds, hearts, spades: the French deck's canonical suit order."""
SUIT_SYMBOLS = dict(zip(FRENCH.suits, FRENCH.suit_symbols, strict=True))
_SYMBOL_SUITS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
_SYMBOL_SUITS.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})

KING = FRENCH.top_rank
PAIR_TOTAL = FRENCH.target
"""Two French cards pair when their values add up to this; a King is worth it alone."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank from 1 to its deck's top rank, a suit letter naming the deck, and which
    of the decks shuffled together it comes from (0 for the first, and the only one of a
    one-deck game)."""

    rank: int
    suit: str
    copy: int = 0

    def __post_init__(self) -> None:
        deck = _DECK_OF_SUIT.get(self.suit)
        if deck is None or not 1 <= self.rank <= deck.top_rank or self.copy < 0:
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @property
    def deck(self) -> Deck:
        return _DECK_OF_SUIT[self.suit]

    @property
    def goes_alone(self) -> bool:
        """Worth the pair total on its own: the King (French) or the rey (Spanish)."""
        return self.rank == self.deck.top_rank

    @property
    def ascii(self) -> str:
        """Two-character ASCII notation, ``TD`` for the ten of diamonds."""
        return self.deck.rank_letters[self.rank - 1] + self.suit

    @property
    def index(self) -> int:
        """Position in the canonical order of its decks (deck by deck, then suit by suit, rank 1
        first): 0 to 51 for a card of the first French deck."""
        deck = self.deck
        within = deck.suits.index(self.suit) * deck.top_rank + self.rank - 1
        return self.copy * len(deck.suits) * deck.top_rank + within

    def __str__(self) -> str:
        deck = self.deck
        return deck.rank_names[self.rank - 1] + deck.suit_symbols[deck.suits.index(self.suit)]

    def __repr__(self) -> str:
        return f"Card({self.ascii})" if not self.copy else f"Card({self.ascii}, copy={self.copy})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7♦``, ``10♦``, ``7D``, ``TD``, ``10D`` (case-insensitive for ASCII) or a
        Spanish card (``CP``, ``AO``)."""
        cleaned = text.strip()
        if len(cleaned) < 2:
            raise CardError(f"not a card: {text!r} (expected e.g. 7♦, 10♦, 7D, TD)")
        rank_text, suit_text = cleaned[:-1].upper(), cleaned[-1]
        suit = _SYMBOL_SUITS.get(suit_text, suit_text.upper())
        deck = _DECK_OF_SUIT.get(suit)
        if deck is FRENCH and rank_text == "10":
            rank_text = "T"
        if deck is None or len(rank_text) != 1 or rank_text not in deck.rank_letters:
            raise CardError(f"not a card: {text!r} (expected e.g. 7♦, 10♦, 7D, TD)")
        rank = deck.rank_letters.index(rank_text) + 1
        return _CARDS[deck.name][deck.suits.index(suit) * deck.top_rank + rank - 1]


_CARDS = {name: deck.cards for name, deck in DECKS.items()}
DECK: tuple[Card, ...] = _CARDS["french"]
"""The 52 French cards in canonical order; :meth:`Card.parse` returns these very objects."""
