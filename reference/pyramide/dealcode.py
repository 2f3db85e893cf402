"""Deal codes: ``PY1-<profile letter>-<7 characters>`` names one deal forever.

The codec, specified so that it can be written again in any language (``docs/deal-codes.md``
has it with test vectors):

1. The seven characters are a number written in base 32 with the RFC 4648 alphabet
   (``A``-``Z`` = 0-25, ``2``-``7`` = 26-31), most significant first: a 35-bit seed.
2. SplitMix64 seeded with that number gives 64-bit outputs.
3. Starting from :data:`BASE_DECK`, a Fisher-Yates shuffle runs ``i`` from 51 down to 1 and
   swaps positions ``i`` and ``next() mod (i + 1)``.
4. The shuffled deck is dealt in order: 28 cards to the pyramid in reading order (row 1, then
   row 2 left to right, ...; the Triangle's row 1 holds 7 cards), then — under a profile with
   the app's 23-card stock — one draw's worth face up (one card onto the waste; one onto each
   waste pile, left to right, under Apophis; three onto the waste, the third on top, under King
   Tut), then the rest to the stock, top first. Under a 24-card-stock profile the waste starts
   empty and the 24 remaining cards form the stock. Under Giza the 24 remaining cards go face
   up onto the 8 reserve piles a row at a time: cards 29-36 are the bottom card of piles 1-8,
   cards 37-44 the middle ones, cards 45-52 the tops.

The Spanish pyramid shuffles its 48-card deck the same way from the deck's canonical order
(suits O, P, E, B; ranks A to R), so its pyramid takes 28 cards and its stock 19 (20 with no
waste card). A game played with two decks (the 10-row pyramid's 55 places) shuffles the two
decks together the same way from two copies of the base order, one after the other (104 cards,
``i`` from 103 down to 1), and deals them in the same order: 55 to the places, one to the waste,
the other 48 to the stock. The French base order is the one fixed constant;
``scripts/derive_base_deck.py`` derives it so that the two codes the rules document deal what
the rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from .cards import Card
from .layout import Layout
from .profiles import PROFILES_BY_LETTER, Profile

PREFIX = "PY1"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
SUFFIX_LENGTH = 7
MAX_SEED = len(ALPHABET) ** SUFFIX_LENGTH - 1
_MASK64 = (1 << 64) - 1
T = TypeVar("T")

_BASE_ORDER = (
    "AC 2D 6C 3D 4D AS 4C 6H 5S 7D JC TS TC JD 8S 3S 8D 7C 8H 7H QS 6S AH TH KC KH "
    "9H 5H 2C 9D 5D 5C 9S KS QC KD 4H 8C JS 7S 3H 2H JH QH AD 3C 9C QD TD 4S 2S 6D"
)
BASE_DECK: tuple[Card, ...] = tuple(Card.parse(text) for text in _BASE_ORDER.split())
"""The deck order the shuffle starts from (derived by ``scripts/derive_base_deck.py``)."""


class DealCodeError(ValueError):
    """A code that is not ``PY1-<letter>-<7 base-32 characters>``; the message says why."""


@dataclass(frozen=True)
class DealCode:
    """A parsed code: the profile it deals for and the seed it carries."""

    profile: Profile
    seed: int

    def __str__(self) -> str:
        return f"{PREFIX}-{self.profile.letter}-{encode_seed(self.seed)}"

    def layout(self) -> Layout:
        return deal(self.seed, self.profile)


def encode_seed(seed: int) -> str:
    """The seven base-32 characters of ``seed`` (0 .. 32**7 - 1)."""
    if not 0 <= seed <= MAX_SEED:
        raise DealCodeError(f"seed {seed} is outside 0..{MAX_SEED}")
    chars = []
    for _ in range(SUFFIX_LENGTH):
        seed, digit = divmod(seed, len(ALPHABET))
        chars.append(ALPHABET[digit])
    return "".join(reversed(chars))


def parse_code(text: str) -> DealCode:
    """Read a deal code, naming exactly what is wrong when it is not one."""
    parts = text.strip().split("-")
    if len(parts) != 3:
        raise DealCodeError(f"{text!r} is not a deal code: expected three parts like PY1-N-AAAAAAS")
    prefix, letter, suffix = parts
    if prefix != PREFIX:
        raise DealCodeError(f"{text!r}: the code must start with {PREFIX}-, not {prefix}-")
    profile = PROFILES_BY_LETTER.get(letter)
    if profile is None:
        known = ", ".join(f"{p.letter} ({p.name})" for p in PROFILES_BY_LETTER.values())
        raise DealCodeError(f"{text!r}: unknown profile letter {letter!r}; known: {known}")
    if len(suffix) != SUFFIX_LENGTH:
        raise DealCodeError(
            f"{text!r}: the part after the letter must be {SUFFIX_LENGTH} characters, "
            f"got {len(suffix)}"
        )
    bad = sorted({c for c in suffix if c not in ALPHABET})
    if bad:
        raise DealCodeError(
            f"{text!r}: {', '.join(repr(c) for c in bad)} not in the base-32 alphabet A-Z, 2-7"
        )
    seed = 0
    for char in suffix:
        seed = seed * len(ALPHABET) + ALPHABET.index(char)
    return DealCode(profile, seed)


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64 (as in Java's SplittableRandom): small and standard."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)


def shuffle(items: Sequence[T], seed: int) -> list[T]:
    """Fisher-Yates from the last position down, drawing from SplitMix64(seed)."""
    deck = list(items)
    generator = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = generator.next() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_order(deck: list[Card], profile: Profile) -> Layout:
    """Lay a shuffled deck out: the places in reading order, then the reserves, or the first
    draw's cards face up (unless the stock has 24 cards) and the stock."""
    geometry = profile.geometry
    places, rest = tuple(deck[: geometry.size]), deck[geometry.size :]
    if profile.reserves:
        piles = profile.reserves
        reserves = tuple(tuple(rest[number::piles]) for number in range(piles))
        return Layout(places, reserves=reserves, geometry=geometry)
    if profile.stock_24:
        return Layout(places, stock=tuple(rest), geometry=geometry)
    if profile.dealt_rows:  # where the player chooses, the deal turns one card, as the app's
        piles = profile.waste_piles
        wastes = tuple((card,) for card in rest[:piles])
        return Layout(places, wastes[0], tuple(rest[piles:]), wastes[1:], geometry=geometry)
    drawn = profile.draw_count
    return Layout(places, tuple(rest[:drawn]), tuple(rest[drawn:]), geometry=geometry)


def deal(seed: int, profile: Profile) -> Layout:
    """The layout a seed deals under ``profile``."""
    deck = BASE_DECK if profile.deck == "french" else profile.deck_cards.cards
    base = tuple(Card(c.rank, c.suit, copy) for copy in range(profile.decks) for c in deck)
    return deal_order(shuffle(base, seed), profile)
