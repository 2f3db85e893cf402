"""The player's actions: taps (cards, the stock, every pass the rules allow, an empty place),
undos, and dealing a code again."""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, when

from .. import pairing
from ..adapter import DRAW_REVISION
from ..checks import holding
from ..expectations import expect_equal
from ..play import Play, not_applicable
from ..plugin import OUTSIDE
from ..specdata import load_profiles
from ..tabletop import PILE_NAMED, face_up_piles


@when(parsers.re(r"I tap (?P<targets>(?!.* times$).+)"))
def tap(play: Play, targets: str) -> None:
    """``I tap 7♣``, ``I tap 7♣ then 6♦``, ``I tap K♠, A♠ then Q♠``, ``I tap the stock``.
    On an engine with one-tap pairing, two cards tapped one after the other are a pair to make
    (:mod:`~pyramide.conformance.pairing`)."""
    words = re.split(r",\s*|\s+then\s+", targets)
    if pairing.one_tap(play):
        pairing.tap_words(play, words)
        return
    for word in words:
        play.tap(play.target(word))


@when(parsers.re(r"I tap the stock (?P<times>\d+) times"))
def tap_stock_times(play: Play, times: str) -> None:
    for _ in range(int(times)):
        play.tap("stock")


@when(parsers.re(r"I draw onto (?P<pile>the waste|waste pile [1-3])"))
def draw_onto(play: Play, pile: str) -> None:
    """A draw onto the waste pile the player names (VAR-APOPHIS-CHOICE; ``the waste`` is pile
    1), a tap target of protocol revision 3 that an engine of an earlier revision cannot take."""
    revision = play.under.capabilities.revision
    if revision < DRAW_REVISION:
        not_applicable(
            f"the engine speaks protocol revision {revision}: it cannot name the waste pile a "
            f"draw goes onto (revision {DRAW_REVISION})"
        )
    play.tap(f"stock-to-{PILE_NAMED[pile]}")


@when("I go through the stock as many times as the rules allow")
def every_pass(play: Play) -> None:
    """Draw the whole stock, turn the waste back, and again, for every pass the rules under
    test allow; each turn must bring the whole waste back into the stock."""
    limit = play.under.rule_set.switches["max_recycles"]
    if limit is None:
        pytest.fail("the rules under test set no limit on passes (the scenario needs one)")
    switches = play.under.rule_set.switches
    piles = int(switches["waste_piles"])
    row = piles if piles > 1 and switches["waste_choice"] == "deal" else 0
    for recycle in range(limit + 1):
        for _ in range(play.now.stock_size):  # a draw may turn more than one card
            if play.now.stock_size:
                play.tap("stock")
        if recycle == limit:
            return
        waste = face_up_piles(play.now)
        play.tap("stock")
        after = play.now
        dealt = min(row, len(waste))  # a recycle that deals a row (VAR-APOPHIS-RECYCLE-ORDER)
        expect_equal(
            f"the waste and the stock after turn {recycle + 1} of the {limit} allowed",
            f"{dealt} cards on the waste, stock {len(waste) - dealt} cards",
            f"{len(face_up_piles(after))} cards on the waste, stock {after.stock_size} cards",
            holding(play.under.states, ("VAR-APOPHIS-RECYCLE-ORDER",)) if row else (),
        )


@when(parsers.re(r"I undo(?: (?P<times>\d+) times)?"))
def undo(play: Play, times: str | None) -> None:
    for _ in range(int(times or 1)):
        play.undo()


@when(parsers.re(r"I deal (?P<code>\S+) again"))
def deal_again(play: Play, code: str) -> None:
    play.start(code=code)


def require_a_letter(play: Play) -> None:
    """Deal codes exist for the named profiles only (the letter names one): under a rule set
    no named profile matches, a deal has no code to show, so the scenario is outside it."""
    switches = dict(play.under.rule_set.switches)
    if not any(dict(p.switches) == switches for p in load_profiles().profiles.values()):
        pytest.skip(
            f"{OUTSIDE}no profile letter deals the rule set {play.under.rule_set.name}: "
            "deal codes name the named profiles only (CODE-FORMAT)"
        )


@when("I deal the code shown again")
def deal_shown_again(play: Play) -> None:
    """Start a new game from the code the game shows (a deal of its own has one too)."""
    require_a_letter(play)
    code = play.now.code
    assert code is not None, "the game shows no deal code"
    play.start(code=code)


@when(parsers.re(r"the empty place (?P<place>r(?:[1-9]|10)c(?:[1-9]|10)) is tapped"))
def tap_empty_place(play: Play, place: str) -> None:
    """A tap on a pyramid place the table leaves empty (a tap step names cards, and there is
    none to name here)."""
    row, col = int(place[1]), int(place[3])
    assert col <= len(play.now.pyramid[row - 1]), f"the table has no place {place}"
    assert play.shows(place) is None, f"{place} is not empty: it shows {play.shows(place)}"
    play.tap(place)
