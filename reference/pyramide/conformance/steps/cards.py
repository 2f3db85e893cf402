"""Where the cards are: removed or still in the pyramid, the pyramid drawn, its rows, the waste,
the stock, Apophis's waste piles and Giza's reserves, the whole deck, and the table as it was."""

from __future__ import annotations

from collections.abc import Sequence

from pytest_bdd import parsers, then

from ...cards import Card
from ..adapter import FACE_DOWN, face_down_view, target_name
from ..checks import DEALT_PILES, DEALT_ROWS, DECK_RULES, CheckFailed, holding
from ..drawings import card_name, cards_in, parse_table
from ..exchange import shown
from ..expectations import cards_drawn, difference, expect_equal, pyramids_differ
from ..play import Play, not_applicable
from ..tabletop import PILE_NAMED, cards_and_score, face_up_piles, on_table


@then(parsers.re(r"(?P<cards>.+) (?:is|are) removed"))
def removed(play: Play, cards: str) -> None:
    present = on_table(play.now)
    wanted = cards_in(cards)
    for card in wanted:
        place = play.place_of(card)
        there = card in present or (place is not None and play.shows(place) is not None)
        if there:
            what = f"{cards} should be removed"
            if place is None:
                raise CheckFailed(difference(what, f"{shown(card)} gone", "still on the table"))
            raise pyramids_differ(what, emptied(play, wanted), play.now.pyramid)


def emptied(play: Play, cards: Sequence[str]) -> list[list[str | None]]:
    """The pyramid shown now with the places of ``cards`` empty: what it should look like."""
    places = {play.place_of(card) for card in cards}
    return [
        [None if c in cards or target_name(r, n) in places else c for n, c in enumerate(row, 1)]
        for r, row in enumerate(play.now.pyramid, start=1)
    ]


@then(parsers.re(r"(?P<cards>.+) (?:is|are) still in the pyramid"))
def still_in_pyramid(play: Play, cards: str) -> None:
    pyramid = {c for row in play.now.pyramid for c in row}
    for card in cards_in(cards):
        place = play.place_of(card)
        hidden = place is not None and play.face_down and play.shows(place) == FACE_DOWN
        if card not in pyramid and not hidden:
            what = f"{shown(card)} should still be in the pyramid"
            expected = f"{shown(card)} at {place}" if place else f"{shown(card)} in the pyramid"
            raise CheckFailed(difference(what, expected, "gone from it"))


@then("the pyramid is:")
def pyramid_is(play: Play, docstring: str) -> None:
    expected = parse_table(docstring, play.geometry)["pyramid"]
    if play.face_down:
        expected = face_down_view(expected)
    actual = [list(row) for row in play.now.pyramid]
    if actual != expected:
        raise pyramids_differ("the pyramid", expected, actual, faces_only(play, expected, actual))


def faces_only(
    play: Play, expected: Sequence[Sequence[str | None]], actual: Sequence[Sequence[str | None]]
) -> tuple[str, ...]:
    """The rule of faces, when two pyramids differ only in which of their cards lie face down
    (a card turned face up too soon, or left face down): VAR-FACE-DOWN."""
    places = [
        (want, shown)
        for wanted, showing in zip(expected, actual, strict=True)
        for want, shown in zip(wanted, showing, strict=True)
        if want != shown
    ]
    faces = all(FACE_DOWN in place and None not in place for place in places)
    return holding(play.under.states, ("VAR-FACE-DOWN",)) if faces else ()


@then(
    parsers.re(
        r"the (?P<shape>pyramid|triangle) has (?P<count>\d+) rows of (?P<first>\d+) to "
        r"(?P<last>\d+) cards, every place filled"
    )
)
def full_pyramid(play: Play, shape: str, count: str, first: str, last: str) -> None:
    """``the pyramid has 7 rows of 1 to 7 cards``, ``the triangle has 7 rows of 7 to 1`` or
    ``the pyramid has 10 rows of 1 to 10 cards``."""
    rows = play.now.pyramid
    step = 1 if int(first) < int(last) else -1
    wanted = list(range(int(first), int(last) + step, step))
    assert len(wanted) == int(count), f"the step's rows of {first} to {last} are not {count}"
    rules = dealt(play, DEALT_ROWS)
    expect_equal(f"the cards in each row of the {shape}", wanted, [len(row) for row in rows], rules)
    holes = [
        target_name(r, c)
        for r, row in enumerate(rows, start=1)
        for c, card in enumerate(row, start=1)
        if card is None
    ]
    expect_equal(f"the empty places of the {shape}", [], holes, rules)


def dealt(play: Play, rules: Sequence[str]) -> tuple[str, ...]:
    """The ``rules`` of a deal that hold, when the table is a deal the engine shuffled itself
    and no tap has changed yet: what it shows is the deal's doing. None for a table the
    scenario drew, whose cards are the scenario's, or a code's deal, which may settle an open
    point (what a code's letter deals)."""
    if not play.own_deal or len(play.taps) > 1:
        return ()
    return holding(play.under.states, rules)


@then(parsers.re(r"(?P<face>only the bottom row|every card) of the pyramid lies face up"))
def face_up(play: Play, face: str) -> None:
    rows = play.now.pyramid
    down = [r for r, row in enumerate(rows, start=1) if FACE_DOWN in row]
    wanted = list(range(1, len(rows))) if face.startswith("only") else []
    expect_equal("the rows with face-down cards", wanted, down, dealt(play, DEALT_ROWS))


@then(parsers.re(r"the cards left in row (?P<row>\d+) are (?P<cards>.+)"))
def cards_left_in_row(play: Play, row: str, cards: str) -> None:
    left = [c for c in play.now.pyramid[int(row) - 1] if c is not None]
    expect_equal(f"the cards left in row {row}", cards_in(cards), left)


@then(parsers.re(r"the waste top is (?P<card>\S+)"))
def waste_top(play: Play, card: str) -> None:
    waste = play.now.waste
    expect_equal("the waste top", card_name(card), waste[-1] if waste else None)


@then(parsers.re(r"the (?P<pile>waste|stock) is empty"))
def pile_empty(play: Play, pile: str) -> None:
    snapshot = play.now
    size = len(snapshot.waste) if pile == "waste" else snapshot.stock_size
    expect_equal(f"the cards in the {pile}", 0, size, dealt(play, DEALT_PILES[pile]))


@then(parsers.re(r"the waste is (?P<cards>(?!empty$).+)"))
def waste_is(play: Play, cards: str) -> None:
    waste = list(play.now.waste)
    expect_equal("the waste, bottom to top", cards_in(cards), waste)


PILE_NAME = r"(?P<pile>waste pile [1-3]|reserve [1-8])"
"""A waste pile of Apophis (pile 1 is the waste) or a reserve pile of Giza, by number."""


@then(parsers.re(PILE_NAME + r" is empty"))
def numbered_pile_empty(play: Play, pile: str) -> None:
    cards = play.now.pile(PILE_NAMED[pile])
    expect_equal(pile, [], list(cards))


@then(parsers.re(PILE_NAME + r" is (?P<cards>(?!empty$).+)"))
def numbered_pile_is(play: Play, pile: str, cards: str) -> None:
    """The pile's cards from its bottom card to its top card."""
    held = list(play.now.pile(PILE_NAMED[pile]))
    expect_equal(f"{pile}, bottom to top", cards_in(cards), held)


@then(parsers.re(r"the top of " + PILE_NAME + r" is (?P<card>\S+)"))
def numbered_pile_top(play: Play, pile: str, card: str) -> None:
    """A pile's top card alone, as ``the waste top is`` says the waste's."""
    held = play.now.pile(PILE_NAMED[pile])
    expect_equal(f"the top of {pile}", card_name(card), held[-1] if held else None)


@then(parsers.re(PILE_NAME + r" holds (?P<count>\d+) cards?"))
def numbered_pile_holds(play: Play, pile: str, count: str) -> None:
    expect_equal(f"the cards in {pile}", int(count), len(play.now.pile(PILE_NAMED[pile])))


@then(
    parsers.re(r"the (?P<count>\d) (?P<kind>reserves|waste piles) hold (?P<each>\d+) cards? each")
)
def piles_hold_each(play: Play, count: str, kind: str, each: str) -> None:
    snapshot = play.now
    piles = snapshot.reserves if kind == "reserves" else (snapshot.waste, *snapshot.more_wastes)
    sizes = [len(pile) for pile in piles]
    rules = dealt(play, DEALT_PILES["reserves" if kind == "reserves" else "waste"])
    expect_equal(f"the cards in each of the {kind}", [int(each)] * int(count), sizes, rules)


@then(parsers.re(r"the reserves hold (?P<sizes>\d+(?:, \d+)* and \d+) cards"))
def reserves_hold(play: Play, sizes: str) -> None:
    """Every reserve pile's size, pile 1 first: a table lists only the piles it fills, and the
    others are there all the same, empty."""
    expected = [int(size) for size in sizes.replace(" and ", ", ").split(", ")]
    held = [len(pile) for pile in play.now.reserves]
    expect_equal("the cards in each reserve", expected, held, dealt(play, DEALT_PILES["reserves"]))


@then(parsers.re(r"the (?P<pile>waste|stock) holds (?P<count>\d+) cards?"))
def pile_holds(play: Play, pile: str, count: str) -> None:
    snapshot = play.now
    size = len(snapshot.waste) if pile == "waste" else snapshot.stock_size
    expect_equal(f"the cards in the {pile}", int(count), size, dealt(play, DEALT_PILES[pile]))


@then(
    parsers.re(
        r"all (?P<count>52|48|104) cards of (?P<deck>one deck|the Spanish deck|two decks) are on "
        r"the table, each (?P<times>once|twice)"
    )
)
def whole_deck(play: Play, count: str, deck: str, times: str) -> None:
    """Every card seen once (twice with two decks), in every pile; under the face-down switch,
    the hidden ones make up the count. ``the Spanish deck``: every card is one of its 48. (The
    French forms ask for the stock's order by their words,
    :mod:`~pyramide.conformance.reliance`; the Spanish one finds out here whether the engine
    reports it.)"""
    snapshot = play.now
    if snapshot.stock is None and deck == "the Spanish deck":
        not_applicable("the adapter does not report the stock's cards")
    assert snapshot.stock is not None, "the adapter does not report the stock's cards"
    places = [c for row in snapshot.pyramid for c in row if c is not None]
    piles = [*face_up_piles(snapshot), *snapshot.stock]
    listed = [c for c in places if c != FACE_DOWN] + piles
    rules = dealt(play, DECK_RULES)
    expect_equal("the cards on the table", int(count), len(places) + len(piles), rules)
    copies = 1 if times == "once" else 2
    for card in set(listed):
        held = listed.count(card)
        if held > copies or (held < copies and FACE_DOWN not in places):
            what = f"how often {shown(card)} is on the table"
            raise CheckFailed(difference(what, times, f"{held} times"), rules)
    odd = [c for c in listed if Card.parse(c).ascii != c]
    assert not odd, f"cards not in the protocol's ASCII notation: {odd}"
    if deck == "the Spanish deck":
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
    if cards_and_score(now) != cards_and_score(before):
        what = f"the cards and the score, as they were {when}"
        raise CheckFailed(difference(what, cards_drawn(before), cards_drawn(now)))
