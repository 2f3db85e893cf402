"""The player's actions: taps (cards, the stock, every pass the rules allow, an empty place),
undos, and dealing a code again."""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, when

from .. import pairing
from ..expectations import expect_equal, said
from ..play import Play
from ..plugin import OUTSIDE
from ..specdata import load_profiles
from ..tabletop import face_up_piles


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


@when("I go through the stock as many times as the rules allow")
def every_pass(play: Play) -> None:
    """Draw the whole stock, turn the waste back, and again, for every pass the rules under
    test allow; each turn must bring the whole waste back into the stock."""
    limit = play.under.rule_set.switches["max_recycles"]
    if limit is None:
        pytest.fail("the rules under test set no limit on passes (the scenario needs one)")
    for recycle in range(limit + 1):
        for _ in range(play.now.stock_size):  # a draw may turn more than one card
            if play.now.stock_size:
                play.tap("stock")
        if recycle == limit:
            return
        waste = face_up_piles(play.now)
        play.tap("stock")
        after = play.now
        expect_equal(
            f"the waste and the stock after turn {recycle + 1} of the {limit} allowed",
            f"waste (none), stock {len(waste)} cards",
            f"waste {said(face_up_piles(after))}, stock {after.stock_size} cards",
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
