"""The step library: the sentences of ``features/*.feature``, spoken to an adapter.

Every step talks only to the ``adapter`` fixture (:class:`~pyramide.conformance.adapter.Adapter`)
and reads only its snapshots, so the same scenarios check the reference engine and any other
engine. The only thing borrowed from the reference package is the card notation
(:meth:`pyramide.cards.Card.parse`), which turns ``10♦``, ``TD`` or ``10D`` into the snapshot's
``TD``.

How a table is drawn in a scenario (a docstring)::

          J♦
         6♣ 7♥
        -- -- --        <- ``--`` is an empty place; rows not drawn at the bottom are empty
    waste: 6♦ [7♣]      <- bottom to top, the top card in brackets; omitted or ``--`` when empty
    stock: 2♣ 9♥        <- top card first; omitted or ``--`` when empty
    waste 2: 5♣ [9♦]    <- Apophis's waste piles 2 and 3, and Giza's ``reserve 1:`` ..
                           ``reserve 8:``, bottom to top like the waste

Under the Triangle the rows hold 7 places down to 1 (row 1 is always drawn), and a Spanish
table is drawn with Spanish cards (``CP``). A table that cannot lie on the table under the
rules under test (another shape, another deck's cards, a stock under Giza) makes the scenario
outside the rule set (:func:`drawn_outside`).

Cards are tapped by name: the step finds the card in the pyramid or on top of a waste or reserve
pile. A card that is nowhere a player could touch it fails the scenario with a message naming
where it is.

Every scenario plays under the rule set being checked (``Given the rules under test``), and the
steps read the engine as its conventions say: a score is checked the way the engine scores, a
move counter only if it shows one, counted as its undo counts; under the face-down switch a
covered card shows as ``??`` and is found by the place the table gave it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from ..cards import DECKS, Card, CardError
from ..layout import GEOMETRIES, PYRAMID, Geometry, by_first_row
from . import pairing
from .adapter import (
    FACE_DOWN,
    MORE_PILES,
    PILE_WORDS,
    REVISION_2_SWITCHES,
    Adapter,
    Shown,
    Snapshot,
    face_down_view,
    piles_json,
    target_name,
)
from .checks import UNDO_DEPTH, CheckFailed, holding, require, status_rules, tap_problems
from .exchange import shown
from .plugin import NOT_APPLICABLE, OUTSIDE
from .recycling import RECYCLE_WITH_DRAW, combined, recycled_and_drew, undrawn
from .rulesets import UnderTest
from .specdata import load_messages, load_profiles, load_rules, render_message

ROWS = 7
EMPTY = "--"
TOP = "[]"
"""The brackets a table may put around the waste's top card: ``waste: 9♦ [7♦]``."""
STATUS_WORDS = {
    "goes on": "playing",
    "is won": "won",
    "is over with no more moves": "no-more-moves",
}
_CODE = re.compile(r"^PY1-[A-Z]-[A-Z2-7]{7}$")
_LIST_SPLIT = re.compile(r",\s*|\s+then\s+|\s+and\s+")


# --- notation -------------------------------------------------------------------------------


def card_name(text: str) -> str:
    """The snapshot's ASCII name of a card written either way; a clear failure otherwise."""
    try:
        return Card.parse(text).ascii
    except CardError as error:
        pytest.fail(f"the scenario names a card that does not exist: {error}")


def cards_in(text: str) -> list[str]:
    """Cards listed as ``7♣ 3♥``, ``7♣, 3♥`` or ``7♣ and 3♥``."""
    return [card_name(word) for word in _LIST_SPLIT.sub(" ", text).split()]


PILE_LINE = re.compile(r"^(?P<label>waste|stock|waste [23]|reserve [1-8]):")
"""A pile's line in a drawn table: ``waste:``, ``stock:`` and revision 2's ``waste 2:``,
``waste 3:`` (Apophis) and ``reserve 1:`` .. ``reserve 8:`` (Giza), cards bottom first except
the stock's."""


def drawn_geometry(text: str) -> Geometry | None:
    """The shape a drawn table's first row says it is: one place for the pyramid, seven for
    the Triangle (row 1 is always drawn, since only rows at the bottom may be left out); None
    when the table draws no row, or a first row of neither length."""
    for line in text.splitlines():
        words = line.split()
        if words and PILE_LINE.match(line.strip().lower()) is None:
            return by_first_row(len(words))
    return None


def parse_table(text: str, geometry: Geometry | None = None) -> dict[str, Any]:
    """A drawn table (see the module docstring) in the adapter's layout notation; the rows
    hold as many places as ``geometry``'s (7 down to 1 in the Triangle). Without a geometry,
    the table's first row says which it is (:func:`drawn_geometry`), the pyramid by default."""
    geometry = geometry or drawn_geometry(text) or PYRAMID
    rows: list[list[str | None]] = []
    piles: dict[str, list[str]] = {"waste": [], "stock": []}
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        pile_line = PILE_LINE.match(line.strip().lower())
        if pile_line is not None:
            label = pile_line["label"]
            cards = [w for w in line.split(":", 1)[1].split() if w != EMPTY]
            marked = [n for n, w in enumerate(cards) if w.startswith(TOP[0]) and w.endswith(TOP[1])]
            if marked not in ([], [len(cards) - 1]) or (marked and label == "stock"):
                pytest.fail(
                    f"table line {number} ({line.strip()!r}): only the waste's top card, its "
                    f"last, is written in brackets (and the top of waste 2, waste 3 or a reserve)"
                )
            piles[label] = [card_name(w.strip("".join(TOP))) for w in cards]
            continue
        lengths = geometry.row_lengths
        if len(rows) == len(lengths) or len(words) != lengths[len(rows)]:
            expected = lengths[len(rows)] if len(rows) < len(lengths) else 0
            pytest.fail(
                f"table line {number} ({line.strip()!r}): row {len(rows) + 1} of the "
                f"{geometry.name} must hold {expected} places, written as cards or {EMPTY}"
            )
        rows.append([None if w == EMPTY else w if w == FACE_DOWN else card_name(w) for w in words])
    rows.extend([None] * length for length in geometry.row_lengths[len(rows) :])
    layout: dict[str, Any] = {"pyramid": rows, "waste": piles["waste"], "stock": piles["stock"]}
    more_wastes = [piles.get(f"waste {n}", []) for n in (2, 3)]
    reserves = [piles.get(f"reserve {n}", []) for n in range(1, 9)]
    return {**layout, **piles_json(_trimmed(more_wastes), _trimmed(reserves))}


SHAPE_RULES = {"pyramid": "DEAL-COVERING", "triangle": "VAR-TRIANGLE-COVERING"}
DECK_RULES = {"french": "DEAL-DECK", "spanish": "VAR-SPANISH-DECK"}
"""The rule that lays out a table drawn in each shape, and the rule of each deck's cards."""


def drawn_outside(text: str, layout: Mapping[str, Any], states: Mapping[str, str]) -> str | None:
    """Why a drawn table cannot lie on the table under the switch states given, or None: it is
    drawn in another shape, with the cards of another deck, or with piles those rules do not
    have (a stock and a waste under Giza's reserves, reserves or more waste piles without
    them, a waste of several cards where it keeps only the last one). A drawing is an example
    of the deal's rules as much as the steps are of theirs, so a scenario that starts from one
    of these is outside the rule set, like a scenario whose tags do not hold there; the
    variant's own file shows the same rules on tables of its own (features/README.md)."""
    rules = load_rules().rules

    def conflicts(rule_id: str) -> str:
        return "; ".join(rules[rule_id].conflicts(states))

    shape = drawn_geometry(text)
    if shape is not None and conflicts(SHAPE_RULES[shape.name]):
        return f"the table is drawn as a {shape.name}: {conflicts(SHAPE_RULES[shape.name])}"
    piles = [layout["waste"], layout["stock"], *layout.get("more_wastes", ())]
    cards = [c for row in layout["pyramid"] for c in row if c not in (None, FACE_DOWN)]
    cards += [c for pile in (*piles, *layout.get("reserves", ())) for c in pile]
    for deck in sorted({Card.parse(card).deck.name for card in cards}):
        if conflicts(DECK_RULES[deck]):
            return f"the table is drawn with {deck} cards: {conflicts(DECK_RULES[deck])}"
    if any(piles) and states.get("reserves") != "0":
        return (
            f"the table draws a stock or a waste: reserves is {states.get('reserves')}, and "
            "VAR-GIZA-RESERVES has neither"
        )
    for pile, rule_id in (("reserves", "VAR-GIZA-RESERVES"), ("more_wastes", "VAR-APOPHIS-WASTES")):
        if layout.get(pile) and conflicts(rule_id):
            return f"the table draws {pile.replace('_', ' ')}: {conflicts(rule_id)}"
    if len(layout["waste"]) > 1 and states.get("waste_keeps") == "last":
        return (
            f"the table draws {len(layout['waste'])} cards on the waste: waste_keeps is last, "
            "and under VAR-WASTE-LAST-ONLY the waste holds only the last card drawn"
        )
    return None


def dealt_outside(code: str, states: Mapping[str, str]) -> str | None:
    """Why the deal a code names cannot lie on the table under the switch states given, or
    None. The letter names the profile the code deals for (``spec/profiles.yaml``); a deal
    dealt with another layout, deck, reserves, waste piles or draw (the switches protocol
    revision 2 added, which shape the deal itself) is another game's table, as a table drawn
    for it would be (:func:`drawn_outside`). A code with an unknown letter is the engine's to
    refuse."""
    spec = load_profiles()
    letter = code.split("-")[1] if code.count("-") == 2 else None
    named = next((p for p in spec.profiles.values() if p.letter == letter), None)
    if named is None:
        return None
    theirs = spec.states(named.switches)
    differ = [
        f"{switch} is {states.get(switch)}, the deal's is {theirs[switch]}"
        for switch in REVISION_2_SWITCHES
        if theirs[switch] != states.get(switch)
    ]
    if not differ:
        return None
    return f"the deal {code} is dealt for the {named.name} rules: {'; '.join(differ)}"


def start_outside(table: str | None, code: str | None, states: Mapping[str, str]) -> str | None:
    """Why the table or the deal a scenario starts from is another game's (so the scenario is
    outside the rule set), or None. The plugin asks this before it weighs the engine's
    capabilities: a scenario outside the rule set is never counted as not applicable."""
    if table is not None:
        return drawn_outside(table, parse_table(table, drawn_geometry(table) or PYRAMID), states)
    return None if code is None else dealt_outside(code, states)


def _trimmed(piles: list[list[str]]) -> list[list[str]]:
    """The piles up to the last one drawn: none at all when the table draws none."""
    while piles and not piles[-1]:
        piles.pop()
    return piles


def draw_pyramid(rows: Sequence[Sequence[str | None]]) -> str:
    """A pyramid as the rulebook draws it, for failure messages."""
    return "\n".join(" ".join(shown(c) for c in row) for row in rows)


# --- the game being played ------------------------------------------------------------------


@dataclass
class Play:
    """One scenario's game: the rule set and conventions, and every snapshot seen after a tap."""

    adapter: Adapter
    under: UnderTest
    error_help: bool = True
    taps: list[Snapshot] = field(default_factory=list)
    """``taps[0]`` is the table at the start, ``taps[n]`` the table after the n-th tap."""
    first_deal: Snapshot | None = None
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
        return GEOMETRIES[self.under.rule_set.switches["layout"]]

    @property
    def deck_size(self) -> int:
        """How many cards the rule set's deck holds (52, or 48 with the Spanish deck)."""
        return len(DECKS[self.under.rule_set.switches["deck"]].cards)

    def require_game(self) -> None:
        if not self.taps:
            pytest.fail("the scenario plays before setting up a table (Given a table / the deal)")

    def start(self, **how: Any) -> Snapshot:
        how.update(self.under.start_arguments())
        snapshot = self.adapter.start(error_help=self.error_help, **how)
        self.taps = [snapshot]
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
        row, col = int(place[1]), int(place[3])
        return self.now.pyramid[row - 1][col - 1]

    def locate(self, card: str) -> str:
        """The tap target holding ``card``: its pyramid place, or ``waste`` for the waste top."""
        snapshot = self.now
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
            f"waste\npyramid:\n{draw_pyramid(snapshot.pyramid)}\nwaste: {list(snapshot.waste)}"
        )

    def target(self, words: str) -> str:
        """``the stock``, ``the waste`` (also ``waste pile 1``), ``waste pile 2``, ``reserve 3``,
        ``the card beneath the waste top`` or a card's name."""
        return PILE_NAMED.get(words.strip()) or self.locate(card_name(words))

    # --- one-tap pairing (issue 24 A1) ---------------------------------------------------------

    def __post_init__(self) -> None:
        """An engine with one-tap pairing may pick a partner the player did not want; the
        steps take it back by playing the game again, so its adapter remembers the game."""
        if pairing.one_tap(self):
            self.adapter = pairing.Replayable(self.adapter)


PILE_NAMED = {sentence: target for target, sentence in PILE_WORDS.items()}
PILE_NAMED["waste pile 1"] = "waste"
"""Tap targets by the words the rulebook names them with; waste pile 1 is the waste."""


def face_up_piles(snapshot: Snapshot) -> list[str]:
    """The cards of every waste and reserve pile."""
    piles = (snapshot.waste, *snapshot.more_wastes, *snapshot.reserves)
    return [card for pile in piles for card in pile]


def on_table(snapshot: Snapshot) -> set[str]:
    """Every card a snapshot shows (the stock's only if the engine reports its order)."""
    cards = {c for row in snapshot.pyramid for c in row if c is not None}
    return cards | set(face_up_piles(snapshot)) | set(snapshot.stock or ())


def cards_on_table(snapshot: Snapshot) -> int:
    """How many cards lie on the table, face up or down, the stock's counted by its size."""
    pyramid = sum(card is not None for row in snapshot.pyramid for card in row)
    return pyramid + len(face_up_piles(snapshot)) + snapshot.stock_size


def cards_and_score(snapshot: Snapshot) -> tuple[object, ...]:
    """What undo must restore: every card's place and the score (the counter is not restored)."""
    return (
        snapshot.pyramid,
        snapshot.waste,
        snapshot.more_wastes,
        snapshot.reserves,
        snapshot.stock_size,
        snapshot.stock,
        snapshot.score,
    )


@pytest.fixture
def play(adapter: Adapter, rules_under_test: UnderTest, request: pytest.FixtureRequest) -> Play:
    about_recycling = request.node.get_closest_marker(RECYCLE_WITH_DRAW) is not None
    return Play(adapter, rules_under_test, as_it_is=about_recycling)


def not_applicable(why: str) -> None:
    """End the scenario as not applicable: the engine cannot show what it needs."""
    pytest.skip(f"{NOT_APPLICABLE}{why}")


# --- Given ----------------------------------------------------------------------------------


@given("the rules under test")
def rules_under_test_step(play: Play) -> None:
    """Says in the text what the plugin does: the scenario plays under the rule set checked."""


@given("error help is off")
def error_help_off(play: Play) -> None:
    play.error_help = False


@given("a table:")
def a_table(play: Play, docstring: str) -> None:
    layout = parse_table(docstring, drawn_geometry(docstring) or play.geometry)
    outside = drawn_outside(docstring, layout, play.under.states)
    if outside is not None:
        pytest.skip(f"{OUTSIDE}{outside}")
    if not play.under.capabilities.tables:
        not_applicable("the engine cannot start from a table of our choosing")
    play.table = layout["pyramid"]
    play.start(layout=layout)


@given(parsers.re(r"the deal (?P<code>\S+)"))
def a_deal(play: Play, code: str) -> None:
    outside = dealt_outside(code, play.under.states)
    if outside is not None:
        pytest.skip(f"{OUTSIDE}{outside}")
    play.first_deal = play.start(code=code)


@given("a new deal shuffled by the game")
def own_deal(play: Play) -> None:
    if not play.under.capabilities.own_deals:
        not_applicable("the engine cannot start a deal of its own")
    play.first_deal = play.start(deal=1)


# --- When -----------------------------------------------------------------------------------


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
        assert not face_up_piles(after) and after.stock_size == len(waste), (
            f"turn {recycle + 1} of the {limit} allowed did not bring the waste back: "
            f"waste {face_up_piles(after)}, stock {after.stock_size} cards"
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


# --- Then: cards ----------------------------------------------------------------------------


@then(parsers.re(r"(?P<cards>.+) (?:is|are) removed"))
def removed(play: Play, cards: str) -> None:
    present = on_table(play.now)
    for card in cards_in(cards):
        assert card not in present, f"{shown(card)} should be gone but is still on the table"
        place = play.place_of(card)
        if place is not None:
            assert play.shows(place) is None, f"{shown(card)} should be gone from {place}"


@then(parsers.re(r"(?P<cards>.+) (?:is|are) still in the pyramid"))
def still_in_pyramid(play: Play, cards: str) -> None:
    pyramid = {c for row in play.now.pyramid for c in row}
    for card in cards_in(cards):
        place = play.place_of(card)
        hidden = place is not None and play.face_down and play.shows(place) == FACE_DOWN
        assert card in pyramid or hidden, f"{shown(card)} should still be in the pyramid"


@then("the pyramid is:")
def pyramid_is(play: Play, docstring: str) -> None:
    expected = parse_table(docstring, play.geometry)["pyramid"]
    if play.face_down:
        expected = face_down_view(expected)
    actual = [list(row) for row in play.now.pyramid]
    assert actual == expected, (
        f"the pyramid is\n{draw_pyramid(actual)}\nbut should be\n{draw_pyramid(expected)}"
    )


@then(
    parsers.re(
        r"the (?P<shape>pyramid|triangle) has 7 rows of (?P<first>[17]) to (?P<last>[17]) "
        r"cards, every place filled"
    )
)
def full_pyramid(play: Play, shape: str, first: str, last: str) -> None:
    """``the pyramid has 7 rows of 1 to 7 cards`` or ``the triangle has 7 rows of 7 to 1``."""
    rows = play.now.pyramid
    step = 1 if int(first) < int(last) else -1
    wanted = list(range(int(first), int(last) + step, step))
    assert [len(row) for row in rows] == wanted, f"the {shape}'s rows: {rows}"
    assert all(card is not None for row in rows for card in row), draw_pyramid(rows)


@then(parsers.re(r"(?P<face>only the bottom row|every card) of the pyramid lies face up"))
def face_up(play: Play, face: str) -> None:
    rows = play.now.pyramid
    down = [r for r, row in enumerate(rows, start=1) if FACE_DOWN in row]
    wanted = list(range(1, ROWS)) if face.startswith("only") else []
    assert down == wanted, f"rows with face-down cards: {down}, expected {wanted}\n" + (
        draw_pyramid(rows)
    )


@then(parsers.re(r"the cards left in row (?P<row>\d) are (?P<cards>.+)"))
def cards_left_in_row(play: Play, row: str, cards: str) -> None:
    left = [c for c in play.now.pyramid[int(row) - 1] if c is not None]
    assert left == cards_in(cards), f"row {row} holds {[shown(c) for c in left]}"


@then(parsers.re(r"the waste top is (?P<card>\S+)"))
def waste_top(play: Play, card: str) -> None:
    waste = play.now.waste
    assert waste, "the waste is empty"
    assert waste[-1] == card_name(card), f"the waste top is {shown(waste[-1])}"


@then(parsers.re(r"the (?P<pile>waste|stock) is empty"))
def pile_empty(play: Play, pile: str) -> None:
    snapshot = play.now
    size = len(snapshot.waste) if pile == "waste" else snapshot.stock_size
    assert size == 0, f"the {pile} holds {size} cards"


@then(parsers.re(r"the waste is (?P<cards>(?!empty$).+)"))
def waste_is(play: Play, cards: str) -> None:
    waste = list(play.now.waste)
    assert waste == cards_in(cards), f"the waste (bottom to top) is {[shown(c) for c in waste]}"


PILE_NAME = r"(?P<pile>waste pile [1-3]|reserve [1-8])"
"""A waste pile of Apophis (pile 1 is the waste) or a reserve pile of Giza, by number."""


@then(parsers.re(PILE_NAME + r" is empty"))
def numbered_pile_empty(play: Play, pile: str) -> None:
    cards = play.now.pile(PILE_NAMED[pile])
    assert not cards, f"{pile} holds {[shown(c) for c in cards]}"


@then(parsers.re(PILE_NAME + r" is (?P<cards>(?!empty$).+)"))
def numbered_pile_is(play: Play, pile: str, cards: str) -> None:
    """The pile's cards from its bottom card to its top card."""
    held = list(play.now.pile(PILE_NAMED[pile]))
    assert held == cards_in(cards), f"{pile} (bottom to top) is {[shown(c) for c in held]}"


@then(
    parsers.re(r"the (?P<count>\d) (?P<kind>reserves|waste piles) hold (?P<each>\d+) cards? each")
)
def piles_hold_each(play: Play, count: str, kind: str, each: str) -> None:
    snapshot = play.now
    piles = snapshot.reserves if kind == "reserves" else (snapshot.waste, *snapshot.more_wastes)
    sizes = [len(pile) for pile in piles]
    assert sizes == [int(each)] * int(count), f"the {kind} hold {sizes} cards"


@then(parsers.re(r"the reserves hold (?P<sizes>\d+(?:, \d+)* and \d+) cards"))
def reserves_hold(play: Play, sizes: str) -> None:
    """Every reserve pile's size, pile 1 first: a table lists only the piles it fills, and the
    others are there all the same, empty."""
    expected = [int(size) for size in sizes.replace(" and ", ", ").split(", ")]
    held = [len(pile) for pile in play.now.reserves]
    assert held == expected, f"the reserves hold {held} cards"


@then(parsers.re(r"the (?P<pile>waste|stock) holds (?P<count>\d+) cards?"))
def pile_holds(play: Play, pile: str, count: str) -> None:
    snapshot = play.now
    size = len(snapshot.waste) if pile == "waste" else snapshot.stock_size
    assert size == int(count), f"the {pile} holds {size} cards, not {count}"


@then(
    parsers.re(
        r"all (?P<count>52|48) cards of (?P<deck>one deck|the Spanish deck) are on the table, "
        r"each once"
    )
)
def whole_deck(play: Play, count: str, deck: str) -> None:
    """Every card seen once, in every pile; under the face-down switch, the hidden ones make up
    the count. ``the Spanish deck``: every card is one of its 48. (The French form asks for the
    stock's order by its words, :mod:`~pyramide.conformance.reliance`; the Spanish one finds
    out here whether the engine reports it.)"""
    snapshot = play.now
    if snapshot.stock is None and deck != "one deck":
        not_applicable("the adapter does not report the stock's cards")
    assert snapshot.stock is not None, "the adapter does not report the stock's cards"
    places = [c for row in snapshot.pyramid for c in row if c is not None]
    piles = [*face_up_piles(snapshot), *snapshot.stock]
    listed = [c for c in places if c != FACE_DOWN] + piles
    assert len(places) + len(piles) == int(count), f"{len(places) + len(piles)} cards on the table"
    assert len(set(listed)) == len(listed), f"a card appears twice: {sorted(listed)}"
    odd = [c for c in listed if Card.parse(c).ascii != c]
    assert not odd, f"cards not in the protocol's ASCII notation: {odd}"
    if deck != "one deck":
        foreign = [shown(c) for c in listed if Card.parse(c).deck.name != "spanish"]
        assert not foreign, f"cards not of the Spanish deck: {foreign}"


@then(
    parsers.re(
        r"the cards and the score are as they were "
        r"(?P<when>at the start|after tap \d+|before the last tap)"
    )
)
def as_they_were(play: Play, when: str) -> None:
    if when == "before the last tap":
        index = len(play.taps) - 2
        assert index >= 0, "the scenario has not tapped yet"
    else:
        index = 0 if when == "at the start" else int(when.split()[-1])
    before, now = play.taps[index], play.now
    assert cards_and_score(now) == cards_and_score(before), (
        f"expected the table {when}:\n{draw_pyramid(before.pyramid)}\nwaste {before.waste}, "
        f"stock {before.stock_size} cards, score {before.score}\nbut got:\n"
        f"{draw_pyramid(now.pyramid)}\nwaste {now.waste}, stock {now.stock_size} cards, "
        f"score {now.score}"
    )


# --- Then: selection, score, counter, status ------------------------------------------------


@then(parsers.re(r"(?P<card>(?!nothing )\S+) is selected"))
def is_selected(play: Play, card: str) -> None:
    expected = play.locate(card_name(card))
    assert play.now.selected == expected, (
        f"{card} (at {expected}) should be selected; selected: {play.now.selected}"
    )


@then("nothing is selected")
def nothing_selected(play: Play) -> None:
    assert play.now.selected is None, f"{play.now.selected} is selected"


@then(parsers.re(r"the score is (?P<score>\d+)"))
def score_is(play: Play, score: str) -> None:
    """The score as the app counts it (10 per pyramid card removed); an engine that scores one
    point per card shows the cards of the rule set's deck gone from the table instead, and one
    with no score shows nothing to check."""
    convention = play.convention["score"]
    now = play.now
    if convention == "none":
        return
    expected = int(score)
    if convention == "one-per-card":
        expected = play.deck_size - cards_on_table(now)
    assert now.score == expected, f"the score is {now.score}, not {expected} ({convention})"


@then(parsers.re(r"the score shows (?P<score>\d+)"))
def score_shows(play: Play, score: str) -> None:
    """Exactly the number on screen (scenarios about a scoring convention itself)."""
    assert play.now.score == int(score), f"the score shows {play.now.score}, not {score}"


@then(parsers.re(r"the move counter shows (?P<moves>\d+)"))
def moves_show(play: Play, moves: str) -> None:
    """Exactly the number on screen (scenarios about a counting convention itself)."""
    assert play.now.moves == int(moves), f"the move counter shows {play.now.moves}, not {moves}"


@then(parsers.re(r"the move counter is (?P<at_least>at least )?(?P<moves>\d+)"))
def moves_is(play: Play, moves: str, at_least: str | None) -> None:
    """The counter as the app counts it; an engine whose undo restores the counter shows one
    less per action undone, and one with no counter shows nothing to check. "At least" leaves
    room for undos counted as moves (OPEN-UNDO-NOT-A-MOVE)."""
    if play.convention["move_counter"] == "none":
        return
    expected = int(moves)
    if play.convention["undo_counter"] == "restores":
        expected -= play.undone
    actual = play.now.moves
    if at_least:
        assert actual >= expected, f"the move counter is {actual}, below {expected}"
    else:
        assert actual == expected, f"the move counter is {actual}, not {expected}"


@then(parsers.re(f"the game (?P<words>{'|'.join(STATUS_WORDS)})"))
def status_is(play: Play, words: str) -> None:
    """The status; a wrong one on the table the scenario expects fails on the rule of ends."""
    now, expected = play.now, STATUS_WORDS[words]
    rules = status_rules(expected, now, play.under.states)
    require(now.status == expected, f"the game's status is {now.status!r}", rules)


@then("the game is not won")
def not_won(play: Play) -> None:
    now = play.now
    rules = status_rules("playing", now, play.under.states)
    require(now.status != "won", "the game is won", rules)


# --- Then: messages and codes ---------------------------------------------------------------


def expect_message(play: Play, key: str, params: dict[str, int]) -> None:
    """Compare keys, or texts in the adapter's language, as its capabilities declare."""
    form = play.adapter.capabilities().messages
    message = play.now.message or Shown()
    if form == "key":
        actual: object = (message.key, dict(message.params)) if message.key else None
        wanted: object = (key, params)
    else:
        assert form is not None, "the adapter shows no messages"
        actual = message.text
        wanted = render_message(key, form, params)
    wrong = f"the message shown is {actual!r}, expected {wanted!r}"
    require(actual == wanted, wrong, *message_blame(key, params, message))


WORDS = ("MSG-TEXTS",)
"""The rule of the messages' words."""


def message_blame(key: str, params: dict[str, int], shown: Shown) -> tuple[tuple[str, ...], ...]:
    """(rules checked, rules cleared) for a message other than the one expected: its words
    alone when the engine shows that message in other words; else not its words, for the
    message is missing or another one."""
    if app_message_shown(shown) == (key, params):
        return WORDS, ()
    return (), WORDS


LANGUAGE_NAMES = {"French": "fr", "Hungarian": "hu", "English": "en"}
"""The languages a scenario may name (``in French``), or write as their code (``in fr``)."""


def read_message(text: str, language: str | None = None) -> tuple[str, dict[str, int], str] | None:
    """The key, parameters and language of the message of spec/messages.yaml that reads
    ``text`` (in ``language`` if given), or None: ``La somme doit être égale à 13`` is
    ``sum-must-equal`` with target 13, in French."""
    for message in load_messages().values():
        for code, template in message.texts.items():
            if language not in (None, code):
                continue
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(template))
            found = re.fullmatch(pattern, text)
            if found is not None:
                return message.key, {k: int(v) for k, v in found.groupdict().items()}, code
    return None


def message_meaning(text: str, language: str | None = None) -> tuple[str, dict[str, int], str]:
    """:func:`read_message` for a text the scenario writes: one the spec lacks is a mistake in
    the scenario."""
    meaning = read_message(text, language)
    if meaning is None:
        where = f" in {language}" if language else ""
        pytest.fail(f"no message of spec/messages.yaml reads {text!r}{where}")
    return meaning


@then(
    parsers.re(
        r"the player reads « (?P<text>[^»]+) »"
        rf"(?: in (?P<language>{'|'.join([*LANGUAGE_NAMES, *LANGUAGE_NAMES.values()])}))?"
    )
)
def player_reads(play: Play, text: str, language: str | None) -> None:
    """The message shown, written as the player reads it. With no language named, it checks
    what the message means, however the engine shows it (a key, or its text in the engine's
    language); with one named (``in Hungarian``), the text word for word in that language,
    which an engine showing texts in another language cannot show."""
    code = LANGUAGE_NAMES.get(language or "", language)
    key, params, found_in = message_meaning(text, code)
    if code is None:
        expect_message(play, key, params)
        return
    form = play.adapter.capabilities().messages
    message = play.now.message or Shown()
    actual: str | None
    if form == "key":
        actual = (
            None
            if message.key is None
            else render_message(message.key, found_in, dict(message.params))
        )
    elif form == found_in:
        actual = message.text
    else:
        pytest.skip(f"{NOT_APPLICABLE}the adapter shows its messages in {form}, not {found_in}")
    wrong = f"the message reads {actual!r}, expected {text!r}"
    require(actual == text, wrong, *message_blame(key, params, message))


@then(parsers.re(r"the player does not read « (?P<text>[^»]+) »"))
def player_does_not_read(play: Play, text: str) -> None:
    """Whatever else is shown, not this message (its meaning, in any language)."""
    key, params, _ = message_meaning(text)
    assert app_message_shown(play.now.message) != (key, params), f"the player reads {text!r}"


def app_message_shown(message: Shown | None) -> tuple[str, dict[str, int]] | None:
    """The app's message (key and parameters) that ``message`` is, or None for no message or a
    message of the engine's own: a key, or a text in any language, that spec/messages.yaml
    does not hold."""
    if message is None:
        return None
    if message.key is not None:
        return (message.key, dict(message.params)) if message.key in load_messages() else None
    meaning = None if message.text is None else read_message(message.text)
    return None if meaning is None else meaning[:2]


@then("none of the app's messages is shown")
def no_app_message(play: Play) -> None:
    """None of the messages the rules name (blocked card, wrong sum, no more moves). The rules
    say when each is shown and forbid no other, so a message of the engine's own passes."""
    shown = app_message_shown(play.now.message)
    assert shown is None, f"the message {shown[0]} {shown[1] or ''} is shown".replace(" ''", "")


@then(parsers.re(r"the code shown is (?P<code>\S+)"))
def code_is(play: Play, code: str) -> None:
    assert play.now.code == code, f"the code shown is {play.now.code!r}"


@then("the code shown is a deal code")
def code_form(play: Play) -> None:
    require_a_letter(play)
    code = play.now.code
    assert code is not None and _CODE.match(code), f"{code!r} is not PY1-<letter>-<7 characters>"


@then("the table is the same as the first deal")
def same_deal(play: Play) -> None:
    assert play.first_deal is not None, "the scenario dealt no code first"
    assert play.now == play.first_deal, "the same code dealt different cards"


# --- steps for issue 24 C ---


@when(parsers.re(r"the empty place (?P<place>r[1-7]c[1-7]) is tapped"))
def tap_empty_place(play: Play, place: str) -> None:
    """A tap on a pyramid place the table leaves empty (a tap step names cards, and there is
    none to name here)."""
    row, col = int(place[1]), int(place[3])
    assert col <= len(play.now.pyramid[row - 1]), f"the table has no place {place}"
    assert play.shows(place) is None, f"{place} is not empty: it shows {play.shows(place)}"
    play.tap(place)
