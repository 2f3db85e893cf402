"""One scenario's game (:class:`Play`): the rule set and the engine's conventions, the table the
scenario drew, and every snapshot seen after a tap.

A tap or an undo that breaks a rule whatever the scenario says next fails right there, on that
rule (:mod:`.checks`); an engine that recycles and draws with one tap (:mod:`.recycling`) or
pairs with one tap (:mod:`.pairing`) is read as the scenario's own taps would have played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from ..cards import DECKS
from ..layout import Geometry, decks_for, geometry_of
from . import pairing
from .adapter import FACE_DOWN, MORE_PILES, PLACE, Adapter, Snapshot, parse_target, target_name
from .checks import UNDO_DEPTH, CheckFailed, holding, require, tap_problems
from .drawings import card_name
from .exchange import pyramid_lines, shown
from .plugin import NOT_APPLICABLE
from .recycling import RECYCLE_WITH_DRAW, combined, recycled_and_drew, undrawn
from .rulesets import UnderTest
from .tabletop import PILE_NAMED, cards_and_score, face_up_piles


@dataclass
class Play:
    """One scenario's game: the rule set and conventions, and every snapshot seen after a tap."""

    adapter: Adapter
    under: UnderTest
    error_help: bool = True
    taps: list[Snapshot] = field(default_factory=list)
    """``taps[0]`` is the table at the start, ``taps[n]`` the table after the n-th tap."""
    first_deal: Snapshot | None = None
    own_deal: bool = False
    """The game started from a deal the engine shuffled itself, whose cards are the deal
    rules' business alone (a code's deal may settle an open point, OPEN-CODE-LETTER)."""
    table: list[list[str | None]] = field(default_factory=list)
    """The pyramid the scenario drew, face up: where each card lies even when it is face down."""
    undone: int = 0
    """Undos that took an action back (they lower a counter that restores on undo)."""
    undoable: int = 0
    """Actions of the scenario that moved cards or points and are not taken back yet."""
    undo_run: int = 0
    """Undos in a row since the last such action that took one back."""
    as_it_is: bool = False
    """The scenario is about how the engine recycles (RECYCLE-WITH-DRAW) and sees it as it is."""
    pending_draw: bool = False
    """An engine that recycles and draws with one tap has drawn what the scenario has not asked
    for yet: :attr:`now` shows the table without that draw (:mod:`.recycling`)."""
    phantom_moves: int = 0
    """Draws such an engine made and counted that the scenario never made, taken back by undos
    that keep the counter: :attr:`now` shows the counter without them."""

    @property
    def now(self) -> Snapshot:
        self.require_game()
        return self.seen(self.adapter.snapshot())

    def seen(self, snapshot: Snapshot) -> Snapshot:
        """The engine's table as the scenario's actions made it (:attr:`pending_draw`)."""
        if self.pending_draw:
            snapshot = undrawn(snapshot)
        return replace(snapshot, moves=snapshot.moves - self.phantom_moves)

    @property
    def convention(self) -> Mapping[str, str]:
        return self.under.conventions

    @property
    def face_down(self) -> bool:
        return bool(self.under.rule_set.switches["face_down"])

    @property
    def geometry(self) -> Geometry:
        switches = self.under.rule_set.switches
        return geometry_of(switches["layout"], switches["rows"])

    @property
    def deck_size(self) -> int:
        """How many cards the game is played with: the rule set's deck (52, or 48 with the
        Spanish deck), twice under rows 10 (:func:`pyramide.layout.decks_for`)."""
        deck = len(DECKS[self.under.rule_set.switches["deck"]].cards)
        return deck * decks_for(self.geometry, deck)

    def require_game(self) -> None:
        if not self.taps:
            pytest.fail("the scenario plays before setting up a table (Given a table / the deal)")

    def start(self, **how: Any) -> Snapshot:
        how.update(self.under.start_arguments())
        snapshot = self.adapter.start(error_help=self.error_help, **how)
        self.taps = [snapshot]
        self.own_deal = how.get("deal") is not None
        self.undone = self.phantom_moves = self.undoable = self.undo_run = 0
        self.pending_draw = False
        return snapshot

    def tap(self, target: str) -> None:
        """Tap ``target``; a tap that breaks a rule whatever the scenario says next (a draw
        that turns the wrong number of cards, a card out of play taken) fails here, on that
        rule (:func:`~pyramide.conformance.checks.tap_problems`)."""
        self.require_game()
        if self.pending_draw and target == "stock":  # the draw the engine made already
            self.pending_draw = False
            self.taps.append(self.now)
            self.undoable, self.undo_run = self.undoable + 1, 0
            return
        if self.pending_draw:
            self.take_back_draw()
        before = self.now
        after = self.adapter.tap(target)
        if target == "stock" and not self.as_it_is and combined(self.convention):
            made = self.seen(after)  # no draw pending yet: the table the tap made
            self.pending_draw = recycled_and_drew(before, made)
            counted = self.convention["move_counter"] == "counted"
            moves = made.moves - before.moves
            if self.pending_draw and counted and moves != 2:
                raise CheckFailed(
                    f"one tap recycled and drew, counted as {moves} moves, not 2",
                    holding(self.under.states, (RECYCLE_WITH_DRAW,)),
                )
        after = self.seen(after)
        self.taps.append(after)
        if cards_and_score(after) != cards_and_score(before):
            self.undoable, self.undo_run = self.undoable + 1, 0
        for message, rules in tap_problems(
            target, before, after, self.under.rule_set.switches, self.under.states
        ):
            raise CheckFailed(message, rules)

    def undo(self) -> None:
        """Undo; an undo that takes nothing back while the scenario made an action within the
        engine's undo depth fails on the rule of that depth (UNDO-LAST-100)."""
        shown = self.now
        before = cards_and_score(shown)
        if self.pending_draw:
            self.take_back_draw()
        self.adapter.undo()
        took_back = cards_and_score(self.now) != before
        self.undone += took_back
        self.undoable -= took_back
        reach = self.undo_run + 1
        self.undo_run += took_back
        depth = None if self.convention["undo_depth"] == "unlimited" else UNDO_DEPTH
        due = self.undoable > 0 and (depth is None or reach <= depth) and reach > 1
        if due and not took_back and shown.status == "playing" and not pairing.one_tap(self):
            raise CheckFailed(
                f"undo number {reach} in a row took nothing back, within the last {depth} actions",
                holding(self.under.states, ("UNDO-LAST-100",)),
            )

    def take_back_draw(self) -> None:
        """Undo the draw an engine made with its recycle before the scenario goes on with
        something else than that draw; the counter keeps it if undo keeps the counter."""
        if not self.under.capabilities.undo:
            not_applicable(
                "the scenario acts right after a recycle, and the engine draws with its recycle "
                "(RECYCLE-WITH-DRAW) but cannot take the draw back"
            )
        recycled = cards_and_score(self.now)
        self.adapter.undo()
        self.pending_draw = False
        self.phantom_moves += self.convention["undo_counter"] == "keeps"
        require(
            cards_and_score(self.now) == recycled,
            "an undo right after one tap recycled and drew took back more than the draw",
            holding(self.under.states, (RECYCLE_WITH_DRAW,)),
        )

    def place_of(self, card: str) -> str | None:
        """The pyramid place ``card`` was drawn at, if the scenario drew it there."""
        for row, cards in enumerate(self.table, start=1):
            if card in cards:
                return target_name(row, cards.index(card) + 1)
        return None

    def shows(self, place: str) -> str | None:
        """What the pyramid place ``r<row>c<card>`` shows now: a card, ``??`` or None."""
        target = parse_target(place)
        assert isinstance(target, tuple), f"{place} is not a pyramid place"
        row, col = target
        return self.now.pyramid[row - 1][col - 1]

    def locate(self, card: str) -> str:
        """The tap target holding ``card``: its pyramid place, or ``waste`` for the waste top.
        A card the table holds twice (two decks) does not say which copy to tap: the scenario
        must name its place (``I tap r10c3``), and is told so."""
        snapshot = self.now
        copies = [c for row in snapshot.pyramid for c in row] + face_up_piles(snapshot)
        if copies.count(card) > 1:
            pytest.fail(
                f"cannot tap {shown(card)}: the table holds {copies.count(card)} of it (two "
                "decks), so the card's name does not say which; tap it by its place, as in "
                "'I tap r10c3'"
            )
        for row, cards in enumerate(snapshot.pyramid, start=1):
            if card in cards:
                return target_name(row, cards.index(card) + 1)
        drawn_at = self.place_of(card)
        if drawn_at is not None and self.shows(drawn_at) == FACE_DOWN:
            return drawn_at
        if snapshot.waste and snapshot.waste[-1] == card:
            return "waste"
        for target in MORE_PILES:
            pile = snapshot.pile(target)
            if pile and pile[-1] == card:
                return target
        where = "under the waste top" if card in snapshot.waste else "not on the table"
        if snapshot.stock is not None and card in snapshot.stock:
            where = "in the stock"
        pytest.fail(
            f"cannot tap {shown(card)}: it is {where}, neither in the pyramid nor on top of the "
            "waste\npyramid:\n"
            + "\n".join(pyramid_lines(snapshot.pyramid))
            + f"\nwaste: {list(snapshot.waste)}"
        )

    def target(self, words: str) -> str:
        """``the stock``, ``the waste`` (also ``waste pile 1``), ``waste pile 2``, ``reserve 3``,
        ``the card beneath the waste top``, a pyramid place (``r10c3``) or a card's name."""
        words = words.strip()
        if PLACE.match(words):
            return words
        return PILE_NAMED.get(words) or self.locate(card_name(words))

    # --- one-tap pairing (issue 24 A1) ---------------------------------------------------------

    def __post_init__(self) -> None:
        """An engine with one-tap pairing may pick a partner the player did not want; the
        steps take it back by playing the game again, so its adapter remembers the game."""
        if pairing.one_tap(self):
            self.adapter = pairing.Replayable(self.adapter)


def not_applicable(why: str) -> None:
    """End the scenario as not applicable: the engine cannot show what it needs."""
    pytest.skip(f"{NOT_APPLICABLE}{why}")
