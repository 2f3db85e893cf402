"""Invariants that must hold for *any* engine, checked through its adapter over random play.

Scenarios show rules on chosen tables; these checks walk many random deals with random taps
and undos and look, after every action, at what no correct engine can ever show:

- ``score``: the score is what the engine's scoring convention says (10 × the pyramid cards
  removed, or one point per card off the table; nothing to check without a score);
- ``cards``: the deck's cards stay accounted for — no card twice (more often than the decks
  hold it, with two decks), none from nowhere, and an
  action takes away nothing, a King, or two cards worth 13 (the Spanish deck: a rey, or 12),
  and a draw the card it puts out of play where the waste keeps only the last card drawn (the
  winning move aside: where the cards left go once the game is won is no rule's business);
- ``covered``: no pyramid card is taken away while a card lies on it (but its last covering
  card, taken with it, under the covering-pair switch);
- ``move-counter``: the move counter never goes down (but on an undo that restores it), and a
  tap that moves no card changes neither the counter nor the score;
- ``undo``: undo brings back the table as it was before the last move (the move counter, the
  selection and the message aside), as far back as the engine's undo depth;
- ``won-score``: a won game shows 10 points a place: 280 (under the app's scoring), 550 on
  the 10-row pyramid;
- ``won``: a game said won has an empty pyramid, and under the strict win an empty stock and
  waste too;
- ``moves``: a move the rules forbid, tried (two cards not worth 13, a covered card, the card
  beneath the waste top, the stock's top card out of play), changes nothing, a tap on a stock
  holding cards never turns the waste over, and a move-level engine lists the rules' moves
  (:mod:`pyramide.conformance.legal_moves`, through the shim);
- ``status``: "no more moves" only where the rules allow no removal and no draw at the table
  shown, and a move-level engine's status agrees with the moves it lists.

Each violation names the rules its failed check is about (a card count wrong after a King's
removal is KING-ALONE's, after a draw the draw's, after an undo UNDO-RESTORES'), which its
invariant's row blames.

Games are dealt and played under the rule set being checked; the deck and the shape of the
table are read from the snapshots themselves (a Spanish card's suit, the Triangle's 7-card first
row), and the waste and reserve piles of the named variants count like the waste. A game goes
on after a violation,
so that every invariant it breaks is reported (the first time each breaks).

Random play is biased towards removals (a pure random tapper rarely pairs two cards), so many
games end won and every invariant is exercised. Each game is reproducible from its seed, and a
violation carries the start and the actions that led to it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import FRENCH, Card, Deck
from ..dealcode import ALPHABET, SUFFIX_LENGTH, deal_order
from ..layout import PYRAMID, Geometry, by_row_lengths, decks_for
from ..moves import Move, RemoveKing, RemovePair
from ..profiles import WASTE_TOP, Profile, profile_from_switches
from .adapter import FACE_DOWN, MORE_PILES, STOCK_TAPS, Adapter, Snapshot, target_name
from .checks import (
    DECK_RULES,
    DRAW_RULES,
    KING_RULES,
    PAIR_RULES,
    PAIRS,
    UNDO_DEPTH,
    WIN_RULES,
    WON_SCORE,
    CheckFailed,
)
from .legal_moves import (
    COVERED,
    RECYCLE_RULES,
    by_spelling,
    dealt_pyramid,
    deciding_rules,
    first_holding,
    referee,
    spelling,
    status_at_table,
)
from .recycling import combined, piles_cards, recycled_and_drew, undrawn
from .reference_adapter import layout_data
from .rulesets import Binding, UnderTest
from .specdata import load_profiles

POINTS = 10
TABLE_FIELDS = (
    "pyramid",
    "waste",
    "more_wastes",
    "reserves",
    "stock_size",
    "stock",
    "score",
    "status",
)
"""What undo must restore (not the move counter, the selection or the message)."""
Problem = tuple[str, str, tuple[str, ...]]
"""An invariant broken: its name, what was seen, and the rules the failed check is about."""


@dataclass(frozen=True)
class Violation:
    """An invariant broken, with what it takes to see it again."""

    invariant: str
    detail: str
    start: Mapping[str, Any]
    actions: tuple[str, ...]
    rules: tuple[str, ...] = ()
    """The rules the failed check is about (those that hold are the ones its row blames)."""

    def __str__(self) -> str:
        return (
            f"{self.invariant}: {self.detail}\n  start: {dict(self.start)}\n"
            f"  actions: {' '.join(self.actions) or '(none)'}"
        )


@dataclass(frozen=True)
class GameRecord:
    """How one random game went (for progress and statistics)."""

    seed: int
    actions: int
    status: str
    score: int


# --- random deals and sensible taps, shared with the differential machine ---------------------


def random_layout(rng: random.Random, switches: Mapping[str, Any]) -> dict[str, Any]:
    """A full deal in protocol notation, shuffled by ``rng`` and laid out as a deal code lays
    it out under ``switches`` (the rule set's)."""
    profile = profile_from_switches("random", switches)
    deck = list(profile.cards)
    rng.shuffle(deck)
    return layout_data(deal_order(deck, profile))


def geometry_of(snapshot: Snapshot) -> Geometry:
    """The shape the snapshot's rows have (the pyramid when they fit none)."""
    return by_row_lengths([len(row) for row in snapshot.pyramid]) or PYRAMID


def deck_of(snapshot: Snapshot) -> Deck:
    """The deck the snapshot's cards come from (French when it shows none)."""
    for card in cards_of(snapshot):
        return Card.parse(card).deck
    return FRENCH


def game_size(snapshot: Snapshot) -> int:
    """How many cards the game is played with: the deck's, once or twice as the snapshot's
    shape needs (:func:`pyramide.layout.decks_for`)."""
    deck = len(deck_of(snapshot).cards)
    return deck * decks_for(geometry_of(snapshot), deck)


def lying_on(rows: Sequence[Sequence[str | None]], r: int, c: int) -> list[tuple[int, int]]:
    """The places of the row below that lie on place (r, c), all counted from 1, in rows of
    either shape (the Triangle's row 1 holds 7 places)."""
    geometry = by_row_lengths([len(row) for row in rows]) or PYRAMID
    return [geometry.positions[i] for i in geometry.covered_by[geometry.index_of(r, c)]]


def is_covered(rows: Sequence[Sequence[str | None]], r: int, c: int) -> bool:
    """Whether a card still lies on place (r, c)."""
    return any(rows[below - 1][col - 1] is not None for below, col in lying_on(rows, r, c))


def random_code(rng: random.Random, profile: str = "app") -> str:
    suffix = "".join(rng.choice(ALPHABET) for _ in range(SUFFIX_LENGTH))
    return f"PY1-{load_profiles().profiles[profile].letter}-{suffix}"


def random_start(rng: random.Random, under: UnderTest) -> dict[str, Any]:
    """How a random game starts: half the time a random deal code, when the engine plays the
    rule set as a named profile and deals codes (a rule set of the engine's own has no code
    letter); else a random full table; else, for an engine that starts from no table of
    ours, a deal of its own."""
    how = under.start_arguments()
    capabilities = under.capabilities
    named = "switches" not in how and how["profile"] in load_profiles().profiles
    if named and capabilities.deal_codes and rng.random() < 0.5:
        return {"code": random_code(rng, how["profile"])}
    if capabilities.tables or not capabilities.own_deals:
        return {"layout": random_layout(rng, under.rule_set.switches), **how}
    return {"deal": rng.randrange(1, 1_000_000), **how}


def touchable(snapshot: Snapshot, stock_top: bool = False) -> dict[str, Card]:
    """Free pyramid cards and the waste top, by tap target, as the app's rules see them; and
    the stock's top card when ``stock_top`` puts it in play (and the stock's order is shown)."""
    rows = snapshot.pyramid
    found = {}
    for r, row in enumerate(rows, start=1):
        for c, card in enumerate(row, start=1):
            if card in (None, FACE_DOWN):
                continue
            if not is_covered(rows, r, c):
                found[target_name(r, c)] = Card.parse(card)
    if snapshot.waste:
        found["waste"] = Card.parse(snapshot.waste[-1])
    for target in MORE_PILES:
        pile = snapshot.pile(target)
        if pile:
            found[target] = Card.parse(pile[-1])
    if stock_top and snapshot.stock:
        found["stock-top"] = Card.parse(snapshot.stock[0])
    return found


def removals(snapshot: Snapshot, stock_top: bool = False) -> list[tuple[str, ...]]:
    """The taps of every King and pair removable under the app's rules (with the stock's top
    card in play when ``stock_top`` says so)."""
    cards = touchable(snapshot, stock_top)
    targets = sorted(cards)
    total = deck_of(snapshot).target
    found: list[tuple[str, ...]] = [(t,) for t in targets if cards[t].goes_alone]
    found.extend(
        (a, b)
        for n, a in enumerate(targets)
        for b in targets[n + 1 :]
        if cards[a].rank + cards[b].rank == total
    )
    return found


def all_targets(snapshot: Snapshot) -> tuple[str, ...]:
    """Every place of the snapshot's table, the waste and the stock, and the variants' piles
    it shows."""
    places = (target_name(r, c) for r, c in geometry_of(snapshot).positions)
    piles = (t for t in MORE_PILES if snapshot.pile(t))
    return (*places, "waste", "stock", *piles)


# --- the checks ------------------------------------------------------------------------------


def table_of(snapshot: Snapshot) -> tuple[Any, ...]:
    return tuple(getattr(snapshot, name) for name in TABLE_FIELDS)


def cards_of(snapshot: Snapshot) -> list[str]:
    """Every card the snapshot shows face up: pyramid, waste piles, reserves and (when
    exposed) stock."""
    shown = [c for row in snapshot.pyramid for c in row if c not in (None, FACE_DOWN)]
    return shown + face_up_piles(snapshot) + list(snapshot.stock or ())


def face_up_piles(snapshot: Snapshot) -> list[str]:
    """The cards of every waste and reserve pile."""
    piles = (snapshot.waste, *snapshot.more_wastes, *snapshot.reserves)
    return [card for pile in piles for card in pile]


def total(snapshot: Snapshot) -> int:
    return sum(c is not None for row in snapshot.pyramid for c in row) + (
        len(face_up_piles(snapshot)) + snapshot.stock_size
    )


def pyramid_removed(before: Snapshot, after: Snapshot) -> int:
    """How many pyramid places one action emptied."""
    places = zip(cards_at(before), cards_at(after), strict=True)
    return sum(old is not None and new is None for old, new in places)


def cards_at(snapshot: Snapshot) -> list[str | None]:
    """The pyramid's places, row by row."""
    return [card for row in snapshot.pyramid for card in row]


def seen_before(before: Snapshot, after: Snapshot) -> Counter[str]:
    """The cards ``after`` shows, less those that lay face down in ``before`` and turned up:
    those are seen for the first time, neither brought nor kept (with two decks, a card
    turning up may be the twin of one the same action took away)."""
    places = zip(cards_at(before), cards_at(after), strict=True)
    turned_up = [new for old, new in places if old == FACE_DOWN and new not in (None, FACE_DOWN)]
    return Counter(cards_of(after)) - Counter(turned_up)


def action_rules(before: Snapshot | None, after: Snapshot, action: str | None) -> tuple[str, ...]:
    """The rules of what ``action`` does (None: the deal), which the checks of the table it
    leaves are about: the deck's, undo's, a draw's or a recycle's, a King's or a pair's."""
    if before is None or action is None:
        return DECK_RULES
    if action == "undo":
        return ("UNDO-RESTORES",)
    if action in STOCK_TAPS:
        drew = before.stock_size and not turned_over(before, after)
        return DRAW_RULES if drew else RECYCLE_RULES
    gone = Counter(cards_of(before)) - Counter(cards_of(after))
    return KING_RULES if any(Card.parse(card).goes_alone for card in gone) else PAIR_RULES


def score_rules(
    before: Snapshot | None, after: Snapshot, action: str | None, scoring: str
) -> tuple[str, ...]:
    """The scoring rule a wrong score after ``action`` breaks: the deal's 0, undo taking the
    points back, a point per card, 10 per pyramid card, or nothing for anything else (a score
    that moved without a pyramid card, or by more than its pyramid cards with other cards)."""
    if action == "undo":
        return ("UNDO-RESTORES",)
    if scoring == "one-per-card":
        return ("SCORE-ONE-PER-CARD",)
    if before is None:
        return ("SCORE-PYRAMID-CARD",)
    pyramid = pyramid_removed(before, after)
    others = total(before) - total(after) - pyramid
    gained = after.score - before.score
    if not pyramid or (others and gained > POINTS * pyramid):
        return ("SCORE-NOTHING-ELSE",)
    return ("SCORE-PYRAMID-CARD",)


def state_problems(
    snapshot: Snapshot,
    scoring: str = "ten-per-pyramid-card",
    strict_win: bool = False,
    before: Snapshot | None = None,
    action: str | None = None,
) -> list[Problem]:
    """What is wrong with one snapshot on its own (a full deal's, scored by ``scoring``), each
    with the rules it breaks, reached from ``before`` by ``action`` (none: the deal)."""
    problems: list[Problem] = []
    left = sum(c is not None for row in snapshot.pyramid for c in row)
    if snapshot.status == "won" and left:
        problems.append(("won", f"won with {left} pyramid cards left", WIN_RULES))
    if snapshot.status == "won" and strict_win and (face_up_piles(snapshot) or snapshot.stock_size):
        detail = "won with cards left in the stock or the waste (strict win)"
        problems.append(("won", detail, ("VAR-STRICT-WIN",)))
    removed = sum(c is None for row in snapshot.pyramid for c in row)
    if scoring == "ten-per-pyramid-card" and snapshot.score != POINTS * removed:
        detail = f"score {snapshot.score} with {removed} pyramid cards removed"
        problems.append(("score", detail, score_rules(before, snapshot, action, scoring)))
    whole = game_size(snapshot)
    off = whole - total(snapshot)
    if scoring == "one-per-card" and snapshot.score != off:
        detail = f"score {snapshot.score} with {off} cards off the table"
        problems.append(("score", detail, score_rules(before, snapshot, action, scoring)))
    copies = whole // len(deck_of(snapshot).cards)
    doubles = sorted(card for card, n in Counter(cards_of(snapshot)).items() if n > copies)
    if doubles:
        held = "twice" if copies == 1 else f"more than {copies} times"
        shown = f"shown {held}: {' '.join(doubles)}"
        problems.append(("cards", shown, action_rules(before, snapshot, action)))
    if snapshot.stock is not None and len(snapshot.stock) != snapshot.stock_size:
        listed = f"stock_size {snapshot.stock_size} but {len(snapshot.stock)} cards listed"
        problems.append(("cards", listed, action_rules(before, snapshot, action)))
    if (
        scoring == "ten-per-pyramid-card"
        and snapshot.status == "won"
        and snapshot.score != POINTS * geometry_of(snapshot).size
    ):
        detail = f"won with score {snapshot.score}"
        scored = score_rules(before, snapshot, action, scoring)  # 280 is 28 cards at 10 each
        problems.append(("won-score", detail, (*scored, *WON_SCORE)))
    return problems


def covered_removals(before: Snapshot, after: Snapshot, covering_pair: bool) -> list[str]:
    """Pyramid places emptied by one action while a card still lay on them (a card taken with
    the last one covering it is allowed under the covering-pair switch)."""
    rows_before, rows_after = before.pyramid, after.pyramid
    emptied = {
        (r, c)
        for r, row in enumerate(rows_before)
        for c, card in enumerate(row)
        if card is not None and rows_after[r][c] is None
    }
    found = []
    for r, c in sorted(emptied):
        below = lying_on(rows_before, r + 1, c + 1)
        covers = {(br - 1, bc - 1) for br, bc in below if rows_before[br - 1][bc - 1] is not None}
        allowed = covering_pair and len(covers) == 1 and covers <= emptied
        if covers and not allowed:
            found.append(target_name(r + 1, c + 1))
    return found


def taken_with_a_cover(before: Snapshot, after: Snapshot, place: str) -> bool:
    """Whether the card at ``place`` went with a card lying on it (a pair with its cover)."""
    r, c = (int(n) for n in place[1:].split("c"))
    return any(
        before.pyramid[br - 1][bc - 1] is not None and after.pyramid[br - 1][bc - 1] is None
        for br, bc in lying_on(before.pyramid, r, c)
    )


def lost_problems(
    before: Snapshot, after: Snapshot, discards: bool, action: str | None
) -> list[Problem]:
    """The cards one action took off the table that the rules do not take: more than two, two
    not worth 13 (12, Spanish), a King with another card (a draw may put the waste's card out
    of play, ``discards``). Only while play goes on: where the cards left go once the game is
    won is no rule's business."""
    if after.status == "won":
        return []
    problems: list[Problem] = []
    if total(before) - total(after) > 2:
        fewer = f"{total(before)} cards on the table became {total(after)}"
        problems.append(("cards", fewer, action_rules(before, after, action)))
    if before.stock is None or after.stock is None:
        return problems
    old, new = Counter(cards_of(before)), seen_before(before, after)
    if discards and action in STOCK_TAPS and after.stock_size < before.stock_size and before.waste:
        old[before.waste[-1]] -= 1
    lost = [Card.parse(c) for c in sorted((old - new).elements())]
    ranks = sorted(card.rank for card in lost)
    alone = len(lost) == 1 and lost[0].goes_alone
    if lost and not alone and (len(ranks) != 2 or sum(ranks) != lost[0].deck.target):
        kings = any(card.goes_alone for card in lost)
        rules: tuple[str, ...] = (*KING_RULES, *PAIR_RULES) if kings else PAIRS
        if not kings and len(lost) != 2:
            rules = action_rules(before, after, action)
        detail = f"one action took away {' '.join(c.ascii for c in lost)}"
        problems.append(("cards", detail, rules))
    return problems


def step_problems(
    before: Snapshot,
    after: Snapshot,
    covering_pair: bool = False,
    discards: bool = False,
    redealt: bool = False,
    action: str | None = "",
) -> list[Problem]:
    """What is wrong with a move or tap (not an undo), ``action``, going from ``before`` to
    ``after``; ``discards`` lets a draw take the waste's card out of play (VAR-WASTE-LAST-ONLY),
    and ``redealt`` says the tap was a recycle that dealt its row at once, which may lay the one
    card left back where it lay and still count, a pass used (VAR-APOPHIS-RECYCLE-ORDER)."""
    problems: list[Problem] = []
    if after.moves < before.moves:
        went = f"move counter went from {before.moves} to {after.moves}"
        problems.append(("move-counter", went, ("MOVES-COUNT",)))
    still = (before.pyramid, face_up_piles(before), before.stock_size) == (
        after.pyramid,
        face_up_piles(after),
        after.stock_size,
    )
    if still and not redealt and (after.moves, after.score) != (before.moves, before.score):
        counted = ("MOVES-COUNT",) if after.moves != before.moves else ("SCORE-NOTHING-ELSE",)
        problems.append(
            (
                "move-counter",
                f"a tap that moved no card took counter and score from "
                f"{before.moves}/{before.score} to {after.moves}/{after.score}",
                counted,
            )
        )
    for place in covered_removals(before, after, covering_pair):
        rules = ("PAIR-NOT-COVERING",) if taken_with_a_cover(before, after, place) else COVERED
        problems.append(("covered", f"the card at {place} was taken away while covered", rules))
    problems += appeared_problems(before, after, action)
    return problems + lost_problems(before, after, discards, action)


def appeared_problems(before: Snapshot, after: Snapshot, action: str | None) -> list[Problem]:
    """Cards one action brought from nowhere (a face-down card turning up is seen for the
    first time, not brought)."""
    if before.stock is None or after.stock is None:
        grew = f"{total(before)} cards on the table became {total(after)}"
        found = [grew] if total(after) > total(before) else []
    else:
        brought = sorted((seen_before(before, after) - Counter(cards_of(before))).elements())
        found = [f"appeared from nowhere: {' '.join(brought)}"] if brought else []
    return [("cards", detail, action_rules(before, after, action)) for detail in found]


def undo_problems(
    before: Snapshot, after: Snapshot, expected: Snapshot, restores: bool = False
) -> list[Problem]:
    """What is wrong with an undo from ``before``; ``expected`` is the table it should bring
    back, and ``restores`` says the engine's undo puts the counter back to that table's."""
    problems: list[Problem] = []
    if restores and after.moves != expected.moves:
        set_to = f"undo set the counter to {after.moves}, not {expected.moves}"
        problems.append(("move-counter", set_to, ("UNDO-COUNTER-RESTORES",)))
    if not restores and after.moves < before.moves:
        took = f"undo took the counter from {before.moves} to {after.moves}"
        problems.append(("move-counter", took, ("UNDO-COUNTER-KEEPS",)))
    differing = [
        f"{name} {getattr(after, name)!r}, expected {getattr(expected, name)!r}"
        for name in TABLE_FIELDS
        if getattr(after, name) != getattr(expected, name)
    ]
    if differing:
        problems.append(("undo", "after undo: " + "; ".join(differing), ("UNDO-RESTORES",)))
    return problems


def kept(before: Snapshot, after: Snapshot) -> bool:
    """Whether the cards, the score and the counter are as they were."""
    fields = (*TABLE_FIELDS, "moves")
    return all(getattr(before, name) == getattr(after, name) for name in fields)


def turned_over(before: Snapshot, after: Snapshot) -> bool:
    """Whether a tap on a stock holding cards left every waste pile empty: it drew nothing,
    and the waste's cards went back (a draw always lays a card on a pile)."""
    return bool(piles_cards(before)) and not piles_cards(after)


def forbidden_tries(
    snapshot: Snapshot, rules: Profile, one_tap: bool
) -> list[tuple[tuple[str, ...], Move]]:
    """Taps of moves the rules forbid, each with its move: two cards in play not worth 13 (12,
    Spanish), a card still covered with a card worth 13 with it, the card beneath the waste
    top or the stock's top card out of play with a partner or alone (a King). With one-tap
    pairing a tap on a card in play may pair it with a partner of the engine's choice, so only
    a King out of play is tried."""
    free = touchable(snapshot, rules.stock_top_playable)
    total_value = deck_of(snapshot).target
    out = out_of_play(snapshot, rules)
    tries: list[tuple[tuple[str, ...], Move]] = [
        ((target,), RemoveKing(card)) for target, card in out.items() if card.goes_alone
    ]
    if one_tap:
        return tries
    for target, card in out.items():
        tries.extend(
            ((target, other), RemovePair(card, partner))
            for other, partner in free.items()
            if not card.goes_alone and card.rank + partner.rank == total_value
        )
    plain = sorted((t, c) for t, c in free.items() if not c.goes_alone)
    tries.extend(
        ((a, b), RemovePair(first, second))
        for n, (a, first) in enumerate(plain)
        for b, second in plain[n + 1 :]
        if first.rank + second.rank != total_value and first != second
    )
    return tries


def out_of_play(snapshot: Snapshot, rules: Profile) -> dict[str, Card]:
    """Cards a tap reaches that the rules keep out of play, by tap target: covered pyramid
    cards shown face up, the card beneath the waste top (where it pairs with nothing), and
    the stock's top card (where it is not in play)."""
    rows = snapshot.pyramid
    found = {
        target_name(r, c): Card.parse(card)
        for r, row in enumerate(rows, start=1)
        for c, card in enumerate(row, start=1)
        if card not in (None, FACE_DOWN) and is_covered(rows, r, c)
    }
    if len(snapshot.waste) > 1 and rules.waste_play == WASTE_TOP:
        found["waste-below"] = Card.parse(snapshot.waste[-2])
    if snapshot.stock and not rules.stock_top_playable:
        found["stock-top"] = Card.parse(snapshot.stock[0])
    return found


# --- random games ----------------------------------------------------------------------------


class _RandomGame:
    """One game: a biased random player, the undo history it expects, and the checks."""

    def __init__(self, adapter: Adapter, rng: random.Random, under: UnderTest) -> None:
        self.adapter = adapter
        self.rng = rng
        self.under = under
        capabilities = under.capabilities
        self.can_undo = capabilities.undo
        self.undo_depth = None if under.conventions["undo_depth"] == "unlimited" else UNDO_DEPTH
        self.start = random_start(rng, under)
        self.rules = profile_from_switches(under.rule_set.name, under.rule_set.switches)
        self.states = under.states
        self.one_tap = under.conventions.get("pairing") == "one-tap"
        self.dealt = dealt_pyramid(self.start.get("layout"), self.start.get("code"))
        """The pyramid the game started with, to know the cards an engine shows face down."""
        self.actions: list[str] = []
        self.history: list[Snapshot] = []
        self.violations: list[Violation] = []

    def violated(self, problems: list[Problem]) -> None:
        """Keep the first violation of each invariant; play goes on to find the others."""
        seen = {v.invariant for v in self.violations}
        for invariant, detail, rules in problems:
            if invariant not in seen:
                seen.add(invariant)
                self.violations.append(
                    Violation(invariant, detail, self.start, tuple(self.actions), rules)
                )

    def next_taps(self, snapshot: Snapshot) -> tuple[list[str], Move | None]:
        """Mostly removals, else draws; now and then an undo, a tap anywhere, or a move the
        rules forbid (which a correct engine refuses, changing nothing), with that move: only
        with nothing selected, which a first tap would pair with."""
        roll = self.rng.random()
        if self.can_undo and roll < 0.08:
            return ["undo"], None
        if roll > 0.92:
            return [self.rng.choice(all_targets(snapshot))], None
        tries = [] if roll <= 0.82 or snapshot.selected else self.forbidden(snapshot)
        if tries:
            taps, move = self.rng.choice(tries)
            return list(taps), move
        options = removals(snapshot, self.rules.stock_top_playable)
        return (list(self.rng.choice(options)) if options else ["stock"]), None

    def forbidden(self, snapshot: Snapshot) -> list[tuple[tuple[str, ...], Move]]:
        return forbidden_tries(snapshot, self.rules, self.one_tap)

    def checked(self, call: Callable[[], Snapshot]) -> tuple[Snapshot, list[Problem]]:
        """Deal, tap or undo by ``call``; a check the adapter makes itself (the shim's
        comparison of moves) is a problem of its own, and the table is read again."""
        try:
            return call(), []
        except CheckFailed as failure:
            found = (getattr(failure, "invariant", "moves"), str(failure), failure.rules)
            return self.adapter.snapshot(), [found]

    def act(self, action: str) -> tuple[Snapshot, list[Problem]]:
        if action == "undo":
            return self.checked(self.adapter.undo)
        return self.checked(lambda: self.adapter.tap(action))

    def table_problems(self, before: Snapshot, after: Snapshot, action: str) -> list[Problem]:
        """What a tap did that no engine playing the rules does: a stock tap with cards in
        the stock that turned the waste over, and a status the table contradicts."""
        problems: list[Problem] = []
        if action in STOCK_TAPS and before.stock_size and turned_over(before, after):
            turned = f"a tap on a stock of {before.stock_size} cards turned the waste over"
            recycle = first_holding(self.states, RECYCLE_RULES, ("VAR-LIMITED-PASSES",))
            problems.append(("moves", turned, recycle))
        if after.status == "no-more-moves":
            wrong = status_at_table(after, self.rules, self.dealt, self.states)
            if wrong is not None:
                problems.append(("status", str(wrong), wrong.rules))
        return problems

    def tried(self, before: Snapshot, after: Snapshot, move: Move) -> list[Problem]:
        """What a forbidden try changed (cards, score or counter) where the rules, at the
        table it started from, forbid the move tried."""
        if kept(before, after):
            return []
        judge = referee(before, self.rules, self.dealt)
        if judge is None or spelling(move) in by_spelling(judge.legal_moves()):
            return []  # with two decks, the move of either copy of a card
        rules = deciding_rules(judge, move, self.states)
        return [("moves", f"{move} went, which the rules forbid there", rules)]

    def play(self, max_actions: int) -> Snapshot:
        scoring = self.under.conventions["score"]
        restores = self.under.conventions["undo_counter"] == "restores"
        strict = self.rules.strict_win
        covering = self.rules.pairs_with_covering_card
        discards = self.rules.waste_keeps == "last"
        redeals = self.rules.waste_piles > 1 and self.rules.waste_choice == "deal"
        combining = combined(self.under.conventions)

        def recycles_and_draws(before: Snapshot, after: Snapshot) -> bool:
            return combining and recycled_and_drew(before, after)

        snapshot, problems = self.checked(lambda: self.adapter.start(**self.start))
        problems += state_problems(snapshot, scoring, strict)
        whole = game_size(snapshot)
        if total(snapshot) != whole:
            dealt = f"a full deal shows {total(snapshot)} cards, not {whole}"
            problems.append(("cards", dealt, DECK_RULES))
        self.violated(problems)
        while len(self.actions) < max_actions and snapshot.status == "playing":
            taps, move = self.next_taps(snapshot)
            first = snapshot
            for action in taps:
                self.actions.append(action)
                after, problems = self.act(action)
                problems += state_problems(after, scoring, strict, snapshot, action)
                if action == "undo":
                    expected = self.history.pop() if self.history else snapshot
                    problems += undo_problems(snapshot, after, expected, restores)
                else:
                    redealt = redeals and action == "stock" and not snapshot.stock_size
                    redealt = redealt and after.moves == snapshot.moves + 1
                    problems += step_problems(snapshot, after, covering, discards, redealt, action)
                    problems += self.table_problems(snapshot, after, action)
                    if table_of(after) != table_of(snapshot) or redealt:
                        self.history = [*self.history, snapshot]
                        if action == "stock" and recycles_and_draws(snapshot, after):
                            self.history.append(undrawn(after))  # two undo steps
                        if self.undo_depth is not None:
                            self.history = self.history[-self.undo_depth :]
                snapshot = after
                self.violated(problems)
            if move is not None:
                self.violated(self.tried(first, snapshot, move))
        return snapshot


def run_invariants(
    factory: Callable[[], Adapter],
    games: int = 12,
    max_actions: int = 250,
    seed: int = 0,
    profile: str = "app",
    on_game: Callable[[GameRecord], None] | None = None,
    under: UnderTest | None = None,
) -> list[Violation]:
    """Play ``games`` random games under ``under`` (by default the named ``profile`` with the
    engine's own conventions) and return every violation (the first of each invariant in
    each game). An engine that fails outright (crash, timeout, garbage) is an ``engine``
    violation for that game, and the next game starts afresh."""
    violations: list[Violation] = []
    if under is None:
        capabilities = factory().capabilities()
        under = UnderTest.of(capabilities, profile)
        if under.binding is None:  # not declared: ask for the profile by name all the same
            under = replace(under, binding=Binding(profile, None))
    for number in range(games):
        game_seed = seed * 100_003 + number
        game = _RandomGame(factory(), random.Random(game_seed), under)
        try:
            final = game.play(max_actions)
        except Exception as error:  # any failure of the engine under test is a finding
            game.violated([("engine", f"{type(error).__name__}: {error}", ())])
            final = None
        violations.extend(game.violations)
        if on_game is not None:
            on_game(
                GameRecord(
                    game_seed,
                    len(game.actions),
                    "errored" if final is None else final.status,
                    -1 if final is None else final.score,
                )
            )
    return violations
