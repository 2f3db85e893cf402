"""One-tap pairing: how ``I tap X then Y`` makes the pair X + Y on an engine with no selection.

Many games have no selection: a tap on a free card removes it together with a partner the game
picks (the ``pairing`` convention ``one-tap``, spec/profiles.yaml). The scenarios are written as
the app is played, ``I tap 6♠ then 7♥``: select the 6♠, then pair it with the 7♥. On a one-tap
engine the same words mean what the player wants, the pair 6♠ + 7♥, and the step makes it as a
player would:

1. tap 6♠. If 6♠ and 7♥ are both gone, the pair is made. If 6♠ is still there (it has no
   partner, or the game selected it because it has several), tap 7♥;
2. if 6♠ went with another partner, the game chose for the player: take that back and try the
   other way round, 7♥ first;
3. if both ways the card tapped first went with another partner, the rules' pair is out of the
   player's reach, and the step fails on PAIR-PLAYER-CHOOSES, naming the pairs the game made.

A declaration changes how the steps drive the engine, never what the rules require: the game
must still let the player make every pair the rules allow. Cards the text taps alone (a King, a
covered card) are tapped alone. Two cards whose values make no pair (a wrong sum) are tapped one
after the other, as a player would, and the steps that follow judge what happened; but a pair
the game makes there with a third card is taken back, since the words asked for none (what a
wrong sum does is the business of two-tap games: PAIR-MISMATCH). The step blames the game only
when each card's own tap removed it: both are in play, so the rules let them pair (a card still
covered, which the rules keep from pairing, stays where it is when tapped).

What the game chose is taken back by starting the game again and replaying every action before
the step (:class:`Replayable`), not by undo: undo restores the cards but, under the app's
conventions, not the move counter, so a later step counting moves would see the pair the game
chose. The replayed game must show exactly the table it showed before the step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pytest

from ..cards import Card
from .adapter import FACE_DOWN, PLACE, Adapter, Capabilities, Snapshot
from .checks import CheckFailed
from .drawings import card_name
from .exchange import shown
from .tabletop import PILE_NAMED, cards_and_score, face_up_piles

if TYPE_CHECKING:
    from .play import Play

RULE = "PAIR-PLAYER-CHOOSES"
"""The rule a pair out of the player's reach breaks (spec/rules.yaml)."""
ONE_TAP = "one-tap"
"""The ``pairing`` convention's state for engines with no selection."""


class Replayable:
    """The engine behind an adapter, remembering how its game was started and every action
    since, so that the game can be started again and replayed up to a point."""

    def __init__(self, engine: Adapter) -> None:
        self.engine = engine
        self.started: dict[str, Any] = {}
        self.actions: list[str | None] = []
        """Tap targets in the order played; None for an undo."""

    def capabilities(self) -> Capabilities:
        return self.engine.capabilities()

    def start(self, **how: Any) -> Snapshot:
        self.started, self.actions = dict(how), []
        return self.engine.start(**how)

    def tap(self, target: str) -> Snapshot:
        self.actions.append(target)
        return self.engine.tap(target)

    def undo(self) -> Snapshot:
        self.actions.append(None)
        return self.engine.undo()

    def snapshot(self) -> Snapshot:
        return self.engine.snapshot()

    def back_to(self, count: int) -> Snapshot:
        """The game started again, with its first ``count`` actions played again."""
        actions = self.actions[:count]
        self.start(**self.started)
        for action in actions:
            if action is None:
                self.undo()
            else:
                self.tap(action)
        return self.snapshot()


def one_tap(play: Play) -> bool:
    """Whether the engine declares one-tap pairing."""
    return play.convention.get("pairing") == ONE_TAP


def tap_words(play: Play, words: Sequence[str]) -> None:
    """``I tap ...`` on a one-tap engine: the cards the words name two by two, as the app
    selects and pairs them, are pairs to make (:func:`make_pair`); the stock, a King and a card
    the words leave selected at the end are tapped alone."""
    waiting: str | None = None
    for word in words:
        card = card_named(play, word)
        if card is None or goes_alone(card):
            if waiting is not None:
                play.tap(play.target(waiting))
            play.tap(play.target(word))
            waiting = None
        elif waiting is None:
            waiting = word
        else:
            make_pair(play, waiting, word)
            waiting = None
    if waiting is not None:
        play.tap(play.target(waiting))


def card_named(play: Play, words: str) -> str | None:
    """The card a tap on ``words`` touches now: the card named, the card at the place named
    (``r10c2``: with two decks a card's name does not say which copy), or the top card of the
    pile named (``the waste``, ``reserve 2``); None for the stock or an empty place or pile."""
    if PLACE.match(words.strip()):
        return play.shows(words.strip())
    target = PILE_NAMED.get(words.strip())
    if target is None:
        return card_name(words)
    snapshot = play.now
    if target == "stock":
        return None
    if target == "stock-top":
        return snapshot.stock[0] if snapshot.stock else None
    if target == "waste-below":
        return snapshot.waste[-2] if len(snapshot.waste) > 1 else None
    pile = snapshot.pile(target)
    return pile[-1] if pile else None


def goes_alone(card: str) -> bool:
    """A King (a rey): a tap removes it alone, whatever the pairing."""
    return card != FACE_DOWN and Card.parse(card).goes_alone


def worth_a_pair(first: str, second: str) -> bool:
    """Whether two cards' values make their deck's pair total (13, or 12 in the Spanish deck);
    a face-down card's value is unknown, and a card never pairs with itself."""
    if FACE_DOWN in (first, second) or first == second:
        return False
    a, b = Card.parse(first), Card.parse(second)
    return a.deck == b.deck and a.rank + b.rank == a.deck.target


def still_there(play: Play, card: str, target: str, before: Snapshot) -> bool:
    """Whether ``card``, tapped at ``target`` since the table ``before``, is still there: at its
    pyramid place (face up, or face down as the table drew it), or, on a pile, with as many
    copies on the table as before (two decks hold each card twice)."""
    if PLACE.match(target):
        return play.shows(target) in (card, FACE_DOWN)
    return not removed(before, play.now)[card]


def make_pair(play: Play, first: str, second: str) -> None:
    """Make the pair the words ``first`` and ``second`` name, as the module docstring says.
    Like two taps of the app, it leaves two tables in ``play.taps``, whatever the engine was
    tapped: after a pair made by one tap, the first is the table before it (a selection
    moves no card)."""
    x, y = card_named(play, first), card_named(play, second)
    assert x is not None and y is not None, "the caller names two cards"
    engine = play.adapter
    assert isinstance(engine, Replayable), "a one-tap engine's adapter is replayable (Play)"
    taps, mark, before = len(play.taps), len(engine.actions), play.now
    named = ((x, play.target(first)), (y, play.target(second)))
    chosen: list[str] = []
    tables = [before, before]  # what is left when nothing the words try can be made
    for tapped, partner in (named, named[::-1]) if worth_a_pair(x, y) else (named,):
        alone, tried = attempt(play, tapped, partner[1], before)
        gone = removed(before, play.now)
        if not any(still_there(play, *card, before) for card in named) or not gone:
            tables = tried  # made, or nothing removed: the next steps judge
            break
        if alone and still_there(play, *partner, before):
            chosen.append(" + ".join(shown(card) for card in sorted(gone.elements())))
        take_back(engine, mark, before)  # the game paired a card the words did not name
    del play.taps[taps:]
    play.taps += tables
    if len(chosen) == 2:
        raise CheckFailed(
            f"{shown(x)} and {shown(y)} are worth a pair and both in play, but the "
            f"player cannot pair them: tapping {shown(x)} removed {chosen[0]}, tapping "
            f"{shown(y)} removed {chosen[1]}",
            (RULE,),
        )


def attempt(
    play: Play, tapped: tuple[str, str], partner: str, before: Snapshot
) -> tuple[bool, list[Snapshot]]:
    """Tap the card ``tapped`` names (the card, its target), then the target ``partner`` if
    the card is still there. Whether the first tap alone took the card away, and the two
    tables two taps of the app would have left (the first is the table ``before``, when one
    tap did it all)."""
    play.tap(tapped[1])
    if not still_there(play, *tapped, before):
        return True, [before, play.taps[-1]]
    play.tap(partner)
    return False, play.taps[-2:]


def take_back(engine: Replayable, mark: int, before: Snapshot) -> None:
    """Play the game again up to its first ``mark`` actions, which showed ``before``."""
    again = engine.back_to(mark)
    if (cards_and_score(again), again.moves) != (cards_and_score(before), before.moves):
        pytest.fail(
            "cannot take back a pair the game chose for the player: started again and given "
            "the same taps, the game showed another table than before"
        )


def removed(before: Snapshot, after: Snapshot) -> Counter[str]:
    """The cards shown before and no longer on the table after, each as many times as it went
    (two decks hold each card twice)."""
    return shown_cards(before) - shown_cards(after)


def shown_cards(snapshot: Snapshot) -> Counter[str]:
    """Every card a snapshot shows, counted (the stock's only if the engine reports its order)."""
    pyramid = [card for row in snapshot.pyramid for card in row if card not in (None, FACE_DOWN)]
    return Counter([*pyramid, *face_up_piles(snapshot), *(snapshot.stock or ())])
