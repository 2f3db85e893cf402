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

Cards are tapped by name: the step finds the card in the pyramid or on top of the waste. A card
that is nowhere a player could touch it fails the scenario with a message naming where it is.

Every scenario plays under the rule set being checked (``Given the rules under test``), and the
steps read the engine as its conventions say: a score is checked the way the engine scores, a
move counter only if it shows one, counted as its undo counts; under the face-down switch a
covered card shows as ``??`` and is found by the place the table gave it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from ..cards import Card, CardError
from .adapter import FACE_DOWN, PILE_WORDS, Adapter, Shown, Snapshot, face_down_view, target_name
from .plugin import NOT_APPLICABLE
from .rulesets import UnderTest
from .specdata import load_messages, render_message

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


def shown(card: str) -> str:
    """A snapshot's ASCII card as the rulebook writes it (``TD`` → ``10♦``; ``??`` stays)."""
    return card if card == FACE_DOWN else str(Card.parse(card))


def parse_table(text: str) -> dict[str, Any]:
    """A drawn table (see the module docstring) in the adapter's layout notation."""
    rows: list[list[str | None]] = []
    piles: dict[str, list[str]] = {"waste": [], "stock": []}
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words:
            continue
        label = words[0].rstrip(":").lower()
        if words[0].endswith(":") and label in piles:
            cards = [w for w in words[1:] if w != EMPTY]
            marked = [n for n, w in enumerate(cards) if w.startswith(TOP[0]) and w.endswith(TOP[1])]
            if marked not in ([], [len(cards) - 1]) or (marked and label != "waste"):
                pytest.fail(
                    f"table line {number} ({line.strip()!r}): only the waste's top card, its "
                    f"last, is written in brackets"
                )
            piles[label] = [card_name(w.strip("".join(TOP))) for w in cards]
            continue
        if len(rows) == ROWS or len(words) != len(rows) + 1:
            pytest.fail(
                f"table line {number} ({line.strip()!r}): row {len(rows) + 1} of the pyramid "
                f"must hold {len(rows) + 1} places, written as cards or {EMPTY}"
            )
        rows.append([None if w == EMPTY else w if w == FACE_DOWN else card_name(w) for w in words])
    while len(rows) < ROWS:
        rows.append([None] * (len(rows) + 1))
    return {"pyramid": rows, "waste": piles["waste"], "stock": piles["stock"]}


def draw_pyramid(rows: Sequence[Sequence[str | None]]) -> str:
    """A pyramid as the rulebook draws it, for failure messages."""
    return "\n".join(" ".join(EMPTY if c is None else shown(c) for c in row) for row in rows)


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

    @property
    def now(self) -> Snapshot:
        self.require_game()
        return self.adapter.snapshot()

    @property
    def convention(self) -> Mapping[str, str]:
        return self.under.conventions

    @property
    def face_down(self) -> bool:
        return bool(self.under.rule_set.switches["face_down"])

    def require_game(self) -> None:
        if not self.taps:
            pytest.fail("the scenario plays before setting up a table (Given a table / the deal)")

    def start(self, **how: Any) -> Snapshot:
        how.update(self.under.start_arguments())
        snapshot = self.adapter.start(error_help=self.error_help, **how)
        self.taps = [snapshot]
        self.undone = 0
        return snapshot

    def tap(self, target: str) -> None:
        self.require_game()
        self.taps.append(self.adapter.tap(target))

    def undo(self) -> None:
        before = cards_and_score(self.now)
        self.adapter.undo()
        self.undone += cards_and_score(self.now) != before

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
        where = "under the waste top" if card in snapshot.waste else "not on the table"
        if snapshot.stock is not None and card in snapshot.stock:
            where = "in the stock"
        pytest.fail(
            f"cannot tap {shown(card)}: it is {where}, neither in the pyramid nor on top of the "
            f"waste\npyramid:\n{draw_pyramid(snapshot.pyramid)}\nwaste: {list(snapshot.waste)}"
        )

    def target(self, words: str) -> str:
        """``the stock``, ``the waste``, ``the card beneath the waste top`` or a card's name."""
        named = {sentence: target for target, sentence in PILE_WORDS.items()}
        return named.get(words.strip()) or self.locate(card_name(words))


def on_table(snapshot: Snapshot) -> set[str]:
    """Every card a snapshot shows (the stock's only if the engine reports its order)."""
    cards = {c for row in snapshot.pyramid for c in row if c is not None}
    return cards | set(snapshot.waste) | set(snapshot.stock or ())


def cards_on_table(snapshot: Snapshot) -> int:
    """How many cards lie on the table, face up or down, the stock's counted by its size."""
    pyramid = sum(card is not None for row in snapshot.pyramid for card in row)
    return pyramid + len(snapshot.waste) + snapshot.stock_size


def cards_and_score(snapshot: Snapshot) -> tuple[object, ...]:
    """What undo must restore: every card's place and the score (the counter is not restored)."""
    return (snapshot.pyramid, snapshot.waste, snapshot.stock_size, snapshot.stock, snapshot.score)


@pytest.fixture
def play(adapter: Adapter, rules_under_test: UnderTest) -> Play:
    return Play(adapter, rules_under_test)


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
    if not play.under.capabilities.tables:
        not_applicable("the engine cannot start from a table of our choosing")
    layout = parse_table(docstring)
    play.table = layout["pyramid"]
    play.start(layout=layout)


@given(parsers.re(r"the deal (?P<code>\S+)"))
def a_deal(play: Play, code: str) -> None:
    play.first_deal = play.start(code=code)


@given("a new deal shuffled by the game")
def own_deal(play: Play) -> None:
    if not play.under.capabilities.own_deals:
        not_applicable("the engine cannot start a deal of its own")
    play.first_deal = play.start(deal=1)


# --- When -----------------------------------------------------------------------------------


@when(parsers.re(r"I tap (?P<targets>(?!.* times$).+)"))
def tap(play: Play, targets: str) -> None:
    """``I tap 7♣``, ``I tap 7♣ then 6♦``, ``I tap K♠, A♠ then Q♠``, ``I tap the stock``."""
    for words in re.split(r",\s*|\s+then\s+", targets):
        play.tap(play.target(words))


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
        for _ in range(play.now.stock_size):
            play.tap("stock")
        if recycle == limit:
            return
        waste = play.now.waste
        play.tap("stock")
        after = play.now
        assert not after.waste and after.stock_size == len(waste), (
            f"turn {recycle + 1} of the {limit} allowed did not bring the waste back: "
            f"waste {list(after.waste)}, stock {after.stock_size} cards"
        )


@when(parsers.re(r"I undo(?: (?P<times>\d+) times)?"))
def undo(play: Play, times: str | None) -> None:
    for _ in range(int(times or 1)):
        play.undo()


@when(parsers.re(r"I deal (?P<code>\S+) again"))
def deal_again(play: Play, code: str) -> None:
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
    expected = parse_table(docstring)["pyramid"]
    if play.face_down:
        expected = face_down_view(expected)
    actual = [list(row) for row in play.now.pyramid]
    assert actual == expected, (
        f"the pyramid is\n{draw_pyramid(actual)}\nbut should be\n{draw_pyramid(expected)}"
    )


@then(parsers.re(r"the pyramid has 7 rows of 1 to 7 cards, every place filled"))
def full_pyramid(play: Play) -> None:
    rows = play.now.pyramid
    assert [len(row) for row in rows] == list(range(1, ROWS + 1)), f"rows: {rows}"
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


@then(parsers.re(r"the (?P<pile>waste|stock) holds (?P<count>\d+) cards?"))
def pile_holds(play: Play, pile: str, count: str) -> None:
    snapshot = play.now
    size = len(snapshot.waste) if pile == "waste" else snapshot.stock_size
    assert size == int(count), f"the {pile} holds {size} cards, not {count}"


@then("all 52 cards of one deck are on the table, each once")
def whole_deck(play: Play) -> None:
    """Every card seen once; under the face-down switch, the hidden ones make up the 52."""
    snapshot = play.now
    assert snapshot.stock is not None, "the adapter does not report the stock's cards"
    places = [c for row in snapshot.pyramid for c in row if c is not None]
    listed = [c for c in places if c != FACE_DOWN] + [*snapshot.waste, *snapshot.stock]
    assert len(places) + len(snapshot.waste) + len(snapshot.stock) == 52, (
        f"{len(places) + len(snapshot.waste) + len(snapshot.stock)} cards on the table"
    )
    assert len(set(listed)) == len(listed), f"a card appears twice: {sorted(listed)}"
    odd = [c for c in listed if Card.parse(c).ascii != c]
    assert not odd, f"cards not in the protocol's ASCII notation: {odd}"


@then(parsers.re(r"the cards and the score are as they were (?P<when>at the start|after tap \d+)"))
def as_they_were(play: Play, when: str) -> None:
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
    point per card shows the cards gone from the table instead, and one with no score shows
    nothing to check."""
    convention = play.convention["score"]
    now = play.now
    if convention == "none":
        return
    expected = int(score)
    if convention == "one-per-card":
        expected = 52 - cards_on_table(now)
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
    status = play.now.status
    assert status == STATUS_WORDS[words], f"the game's status is {status!r}"


@then("the game is not won")
def not_won(play: Play) -> None:
    assert play.now.status != "won", "the game is won"


# --- Then: messages and codes ---------------------------------------------------------------


def expect_message(play: Play, key: str | None, params: dict[str, int]) -> None:
    """Compare keys, or texts in the adapter's language, as its capabilities declare."""
    form = play.adapter.capabilities().messages
    message = play.now.message or Shown()
    if form == "key":
        actual: object = (message.key, dict(message.params)) if message.key else None
        wanted: object = (key, params) if key else None
    else:
        assert form is not None, "the adapter shows no messages"
        actual = message.text
        wanted = render_message(key, form, params) if key else None
    assert actual == wanted, f"the message shown is {actual!r}, expected {wanted!r}"


LANGUAGE_NAMES = {"French": "fr", "Hungarian": "hu", "English": "en"}
"""The languages a scenario may name (``in French``), or write as their code (``in fr``)."""


def message_meaning(text: str, language: str | None = None) -> tuple[str, dict[str, int], str]:
    """The key, parameters and language of the message that reads ``text`` (in ``language``
    if given), found in spec/messages.yaml: ``La somme doit être égale à 13`` is
    ``sum-must-equal`` with target 13, in French."""
    for message in load_messages().values():
        for code, template in message.texts.items():
            if language not in (None, code):
                continue
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(template))
            found = re.fullmatch(pattern, text)
            if found is not None:
                return message.key, {k: int(v) for k, v in found.groupdict().items()}, code
    where = f" in {language}" if language else ""
    pytest.fail(f"no message of spec/messages.yaml reads {text!r}{where}")


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
        assert message.key is not None, f"no message is shown, expected {text!r}"
        actual = render_message(message.key, found_in, dict(message.params))
    elif form == found_in:
        actual = message.text
    else:
        pytest.skip(f"{NOT_APPLICABLE}the adapter shows its messages in {form}, not {found_in}")
    assert actual == text, f"the message reads {actual!r}, expected {text!r}"


@then(parsers.re(r"the player does not read « (?P<text>[^»]+) »"))
def player_does_not_read(play: Play, text: str) -> None:
    """Whatever else is shown, not this message (its meaning, in any language)."""
    key, params, _ = message_meaning(text)
    message = play.now.message or Shown()
    shown: tuple[str | None, dict[str, int]] = (message.key, dict(message.params))
    if message.key is None and message.text is not None:
        shown = message_meaning(message.text)[:2]
    assert shown != (key, params), f"the player reads {text!r}"


@then("no message is shown")
def no_message(play: Play) -> None:
    expect_message(play, None, {})


@then(parsers.re(r"the code shown is (?P<code>\S+)"))
def code_is(play: Play, code: str) -> None:
    assert play.now.code == code, f"the code shown is {play.now.code!r}"


@then("the code shown is a deal code")
def code_form(play: Play) -> None:
    code = play.now.code
    assert code is not None and _CODE.match(code), f"{code!r} is not PY1-<letter>-<7 characters>"


@then("the table is the same as the first deal")
def same_deal(play: Play) -> None:
    assert play.first_deal is not None, "the scenario dealt no code first"
    assert play.now == play.first_deal, "the same code dealt different cards"
