"""Rule profiles: a rule set is a set of switch values; named profiles are named switch sets.

Every switch is at its app value in the app's profile (letter ``N``). The literature's variants
each turn one switch; the traditional and classic pages and real engines (AisleRiot's Thirteen,
PySolFC, Microsoft's) combine several. A named profile's letter is the one its deal codes carry
(``PY1-N-...``); a switch set built from a file (:func:`profile_from_switches`) has no letter and
so no deal codes. ``spec/profiles.yaml`` is the same table as data, checked against this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from .cards import DECKS, Card, Deck
from .layout import Geometry, decks_for, geometry_of

WASTE_TOP = "top"
"""Only the waste top is in play (the app)."""
WASTE_DRAWN_WITH_BELOW = "drawn-with-below"
"""Right after a draw, the drawn card may also pair with the waste card beneath it."""
WASTE_TOP_WITH_BELOW = "top-with-below"
"""At any time, the waste top may also pair with the waste card beneath it (Thirteen)."""
WASTE_KEEPS_ALL = "all"
"""Every card drawn stays on the waste until it is removed or recycled (the app)."""
WASTE_KEEPS_LAST = "last"
"""A draw first takes the waste's card out of play: the waste holds only the last card drawn."""
WASTE_CHOICE_DEAL = "deal"
"""The rules say where drawn cards go: onto the one waste or, with several waste piles, one card
onto each, left to right, a recycle dealing such a row at once (PySolFC's Apophis)."""
WASTE_CHOICE_PLAYER = "player"
"""Each draw turns one card onto the waste pile the player names (the classic page's Apophis)."""


class ProfileError(ValueError):
    """An unknown profile name or letter."""


@dataclass(frozen=True)
class Profile:
    """The rule switches an engine honours; the defaults are the app's rules.

    ``max_recycles`` is how many times the waste may be turned back into the stock: ``None`` for
    no limit (the app), ``0`` for a single pass through the stock. ``strict_win`` asks for the
    stock and the waste to be emptied too, which on any table is the same as every card of the
    game removed (every card is in the pyramid, the stock, the waste, or removed).
    ``face_down`` deals the covered pyramid cards face down; each turns up once uncovered, so a
    face-down card is never in play (which is why it cannot be combined with
    ``pairs_with_covering_card``).

    The named variants of the rules documents add five switches. ``deck`` is ``french`` or
    ``spanish`` (:mod:`pyramide.cards`); ``layout`` is ``pyramid`` or ``triangle``
    (:mod:`pyramide.layout`); ``reserves`` deals every card left after the places face up onto
    that many reserve piles, whose top cards are in play, instead of a stock and a waste
    (Giza); ``waste_piles`` above 1 puts the top of every waste pile in play (Apophis), and
    ``waste_choice`` says where a draw's cards go: ``deal`` one onto each pile, left to right,
    a recycle dealing such a row at once (PySolFC's game), ``player`` one card onto the pile
    the player names (the classic page's); ``draw_count`` above 1 turns that
    many cards at a draw, the last one on top, only the top in play (King Tut).
    ``waste_keeps`` ``last`` makes a draw first take the card on the waste out of play, so the
    waste never holds more than the last card drawn (the rules a real game's README publishes:
    profile ``kp-pyramids``). ``rows`` is how many rows the layout has: 7 (28 places), or 10
    (55 places, the classic page's Pharaoh), which takes more cards than one deck holds, so the
    game is played with as many decks as its places need (:attr:`decks`).

    The values are not checked here. Each switch's kind and bounds, and the values that
    contradict each other, are written once, in ``spec/schemas/profiles.schema.json``; a rule
    set is checked against it where it comes in (a rule-set file, an adapter's ``start``),
    with a message naming the switch, and the named profiles below are checked against it by
    the project's tests.
    """

    name: str
    letter: str | None = None
    strict_win: bool = False
    max_recycles: int | None = None
    waste_play: str = WASTE_TOP
    stock_top_playable: bool = False
    pairs_with_covering_card: bool = False
    stock_24: bool = False
    face_down: bool = False
    deck: str = "french"
    layout: str = "pyramid"
    rows: int = 7
    reserves: int = 0
    waste_piles: int = 1
    draw_count: int = 1
    waste_keeps: str = WASTE_KEEPS_ALL
    waste_choice: str = WASTE_CHOICE_DEAL

    @property
    def chosen_pile(self) -> bool:
        """Whether a draw names its waste pile (``waste_choice: player`` with several piles)."""
        return self.waste_choice == WASTE_CHOICE_PLAYER and self.waste_piles > 1

    @property
    def dealt_rows(self) -> bool:
        """Whether a draw deals one card onto each of several waste piles (PySolFC's Apophis)."""
        return self.waste_choice == WASTE_CHOICE_DEAL and self.waste_piles > 1

    @property
    def deck_cards(self) -> Deck:
        return DECKS[self.deck]

    @property
    def geometry(self) -> Geometry:
        return geometry_of(self.layout, self.rows)

    @property
    def decks(self) -> int:
        """How many decks are shuffled together: one, or two for a 10-row pyramid."""
        return decks_for(self.geometry, len(self.deck_cards.cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the game, deck after deck: what a deal shuffles and lays out."""
        return self.deck_cards.shoe(self.decks)

    @property
    def switches(self) -> dict[str, Any]:
        """The switch values alone (no name, no letter), as ``spec/profiles.yaml`` writes them."""
        values = asdict(self)
        del values["name"], values["letter"]
        return values


SWITCHES: tuple[str, ...] = tuple(
    f.name for f in fields(Profile) if f.name not in ("name", "letter")
)
"""The switch names, in the order the spec and reports list them."""

APP = Profile(name="app", letter="N")

PROFILES: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        APP,
        Profile(name="strict-win", letter="W", strict_win=True),
        Profile(name="single-pass", letter="P", max_recycles=0),
        Profile(name="three-passes", letter="R", max_recycles=2),
        Profile(name="drawn-with-waste", letter="D", waste_play=WASTE_DRAWN_WITH_BELOW),
        Profile(name="covering-pair", letter="C", pairs_with_covering_card=True),
        Profile(name="stock-24", letter="F", stock_24=True),
        Profile(name="traditional", letter="T", stock_24=True, max_recycles=2),
        Profile(
            name="classic-strict",
            letter="S",
            strict_win=True,
            max_recycles=0,
            waste_play=WASTE_DRAWN_WITH_BELOW,
            stock_24=True,
        ),
        Profile(
            name="aisleriot-thirteen",
            letter="A",
            strict_win=True,
            max_recycles=0,
            waste_play=WASTE_TOP_WITH_BELOW,
            stock_24=True,
            face_down=True,
        ),
        Profile(
            name="pysolfc-pyramid",
            letter="Y",
            strict_win=True,
            max_recycles=2,
            stock_top_playable=True,
        ),
        Profile(name="pysolfc-relaxed", letter="X", max_recycles=2, stock_top_playable=True),
        Profile(
            name="microsoft",
            letter="M",
            max_recycles=2,
            stock_top_playable=True,
            stock_24=True,
        ),
        Profile(name="giza", letter="G", reserves=8),
        Profile(name="apophis", letter="O", waste_piles=3, waste_choice=WASTE_CHOICE_PLAYER),
        Profile(name="pysolfc-apophis", letter="B", waste_piles=3, max_recycles=2, strict_win=True),
        Profile(name="king-tut", letter="K", draw_count=3),
        Profile(name="triangle", letter="V", layout="triangle"),
        Profile(name="pharaoh", letter="H", rows=10),
        Profile(name="spanish", letter="E", deck="spanish"),
        Profile(
            name="kp-pyramids",
            letter="L",
            max_recycles=0,
            face_down=True,
            waste_keeps=WASTE_KEEPS_LAST,
        ),
    )
}
"""Named rule sets; ``spec/profiles.yaml`` says where each comes from."""

PROFILES_BY_LETTER: dict[str, Profile] = {
    p.letter: p for p in PROFILES.values() if p.letter is not None
}


def get_profile(name_or_letter: str) -> Profile:
    """Find a profile by name (``app``) or deal-code letter (``N``)."""
    profile = PROFILES.get(name_or_letter) or PROFILES_BY_LETTER.get(name_or_letter)
    if profile is None:
        known = ", ".join(f"{p.name} ({p.letter})" for p in PROFILES.values())
        raise ProfileError(f"unknown profile {name_or_letter!r}; known profiles: {known}")
    return profile


def profile_from_switches(name: str, switches: Mapping[str, Any]) -> Profile:
    """A rule set from switch values; a switch left out keeps its app value. The values must
    have been checked first (``pyramide.conformance.spec_files.switch_values_problem``)."""
    return Profile(name=name, letter=None, **{**APP.switches, **switches})
