"""Invariants that must hold for *any* engine, checked through its adapter over random play.

Scenarios show rules on chosen tables; these checks walk many random deals with random taps
and undos and look, after every action, at what no correct engine can ever show:

- ``score``: the score is what the engine's scoring convention says (10 × the pyramid cards
  removed, or one point per card off the table; nothing to check without a score);
- ``cards``: the deck's cards stay accounted for — no card twice (more often than the decks
  hold it, with two decks), none from nowhere, and an
  action takes away nothing, a King, or two cards worth 13 (the Spanish deck: a rey, or 12),
  and a draw the card it puts out of play where the waste keeps only the last card drawn;
- ``covered``: no pyramid card is taken away while a card lies on it (but its last covering
  card, taken with it, under the covering-pair switch);
- ``move-counter``: the move counter never goes down (but on an undo that restores it), and a
  tap that moves no card changes neither the counter nor the score;
- ``undo``: undo brings back the table as it was before the last move (the move counter, the
  selection and the message aside), as far back as the engine's undo depth;
- ``won-score``: a won game shows 10 points a place: 280 (under the app's scoring), 550 on
  the 10-row pyramid;
- ``won``: a game said won has an empty pyramid, and under the strict win an empty stock and
  waste too.

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
from ..profiles import profile_from_switches
from .adapter import FACE_DOWN, MORE_PILES, Adapter, Snapshot, target_name
from .checks import UNDO_DEPTH
from .recycling import combined, recycled_and_drew, undrawn
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


@dataclass(frozen=True)
class Violation:
    """An invariant broken, with what it takes to see it again."""

    invariant: str
    detail: str
    start: Mapping[str, Any]
    actions: tuple[str, ...]

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


def covered_pairs(snapshot: Snapshot) -> list[tuple[str, str]]:
    """Taps of two pyramid cards worth 13 together, one of them covered (not a legal pair)."""
    free = touchable(snapshot)
    cards = {
        target_name(r, c): Card.parse(card)
        for r, row in enumerate(snapshot.pyramid, start=1)
        for c, card in enumerate(row, start=1)
        if card not in (None, FACE_DOWN)
    }
    total = deck_of(snapshot).target
    return [
        (a, b)
        for a in sorted(cards)
        for b in sorted(cards)
        if a < b and cards[a].rank + cards[b].rank == total and not (a in free and b in free)
    ]


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


def face_down(snapshot: Snapshot) -> int:
    """How many pyramid cards lie face down (they turn up, seen for the first time)."""
    return sum(card == FACE_DOWN for row in snapshot.pyramid for card in row)


def total(snapshot: Snapshot) -> int:
    return sum(c is not None for row in snapshot.pyramid for c in row) + (
        len(face_up_piles(snapshot)) + snapshot.stock_size
    )


def state_problems(
    snapshot: Snapshot, scoring: str = "ten-per-pyramid-card", strict_win: bool = False
) -> list[tuple[str, str]]:
    """What is wrong with one snapshot on its own (a full deal's, scored by ``scoring``)."""
    problems = []
    left = sum(c is not None for row in snapshot.pyramid for c in row)
    if snapshot.status == "won" and left:
        problems.append(("won", f"won with {left} pyramid cards left"))
    if snapshot.status == "won" and strict_win and (face_up_piles(snapshot) or snapshot.stock_size):
        problems.append(("won", "won with cards left in the stock or the waste (strict win)"))
    removed = sum(c is None for row in snapshot.pyramid for c in row)
    if scoring == "ten-per-pyramid-card" and snapshot.score != POINTS * removed:
        problems.append(("score", f"score {snapshot.score} with {removed} pyramid cards removed"))
    whole = game_size(snapshot)
    off = whole - total(snapshot)
    if scoring == "one-per-card" and snapshot.score != off:
        problems.append(("score", f"score {snapshot.score} with {off} cards off the table"))
    copies = whole // len(deck_of(snapshot).cards)
    doubles = sorted(card for card, n in Counter(cards_of(snapshot)).items() if n > copies)
    if doubles:
        held = "twice" if copies == 1 else f"more than {copies} times"
        problems.append(("cards", f"shown {held}: {' '.join(doubles)}"))
    if snapshot.stock is not None and len(snapshot.stock) != snapshot.stock_size:
        problems.append(
            ("cards", f"stock_size {snapshot.stock_size} but {len(snapshot.stock)} cards listed")
        )
    if (
        scoring == "ten-per-pyramid-card"
        and snapshot.status == "won"
        and snapshot.score != POINTS * geometry_of(snapshot).size
    ):
        problems.append(("won-score", f"won with score {snapshot.score}"))
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


def step_problems(
    before: Snapshot,
    after: Snapshot,
    covering_pair: bool = False,
    discards: bool = False,
    redealt: bool = False,
) -> list[tuple[str, str]]:
    """What is wrong with a move or tap (not an undo) going from ``before`` to ``after``;
    ``discards`` lets a draw take the waste's card out of play (VAR-WASTE-LAST-ONLY), and
    ``redealt`` says the tap was a recycle that dealt its row at once, which may lay the one
    card left back where it lay and still count, a pass used (VAR-APOPHIS-RECYCLE-ORDER)."""
    problems = []
    if after.moves < before.moves:
        problems.append(("move-counter", f"move counter went from {before.moves} to {after.moves}"))
    still = (before.pyramid, face_up_piles(before), before.stock_size) == (
        after.pyramid,
        face_up_piles(after),
        after.stock_size,
    )
    if still and not redealt and (after.moves, after.score) != (before.moves, before.score):
        problems.append(
            (
                "move-counter",
                f"a tap that moved no card took counter and score from "
                f"{before.moves}/{before.score} to {after.moves}/{after.score}",
            )
        )
    for place in covered_removals(before, after, covering_pair):
        problems.append(("covered", f"the card at {place} was taken away while covered"))
    lost_count = total(before) - total(after)
    if lost_count not in (0, 1, 2):
        problems.append(("cards", f"{total(before)} cards on the table became {total(after)}"))
    if before.stock is not None and after.stock is not None:
        old, new = Counter(cards_of(before)), Counter(cards_of(after))
        turned_up = max(0, face_down(before) - face_down(after))
        if (new - old).total() > turned_up:
            appeared = " ".join(sorted((new - old).elements()))
            problems.append(("cards", f"appeared from nowhere: {appeared}"))
        if discards and after.stock_size < before.stock_size and before.waste:
            old[before.waste[-1]] -= 1
        lost = [Card.parse(c) for c in sorted((old - new).elements())]
        ranks = sorted(card.rank for card in lost)
        alone = len(lost) == 1 and lost[0].goes_alone
        if lost and not alone and (len(ranks) != 2 or sum(ranks) != lost[0].deck.target):
            problems.append(("cards", f"one action took away {' '.join(c.ascii for c in lost)}"))
    return problems


def undo_problems(
    before: Snapshot, after: Snapshot, expected: Snapshot, restores: bool = False
) -> list[tuple[str, str]]:
    """What is wrong with an undo from ``before``; ``expected`` is the table it should bring
    back, and ``restores`` says the engine's undo puts the counter back to that table's."""
    problems = []
    if restores and after.moves != expected.moves:
        problems.append(
            ("move-counter", f"undo set the counter to {after.moves}, not {expected.moves}")
        )
    if not restores and after.moves < before.moves:
        problems.append(
            ("move-counter", f"undo took the counter from {before.moves} to {after.moves}")
        )
    differing = [
        f"{name} {getattr(after, name)!r}, expected {getattr(expected, name)!r}"
        for name in TABLE_FIELDS
        if getattr(after, name) != getattr(expected, name)
    ]
    if differing:
        problems.append(("undo", "after undo: " + "; ".join(differing)))
    return problems


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
        self.actions: list[str] = []
        self.history: list[Snapshot] = []
        self.violations: list[Violation] = []

    def violated(self, problems: list[tuple[str, str]]) -> None:
        """Keep the first violation of each invariant; play goes on to find the others."""
        seen = {v.invariant for v in self.violations}
        for invariant, detail in problems:
            if invariant not in seen:
                seen.add(invariant)
                self.violations.append(
                    Violation(invariant, detail, self.start, tuple(self.actions))
                )

    def next_taps(self, snapshot: Snapshot) -> list[str]:
        """Mostly removals, else draws; now and then an undo, a tap anywhere, or two cards
        worth 13 of which one is still covered (which a correct engine refuses)."""
        roll = self.rng.random()
        if self.can_undo and roll < 0.08:
            return ["undo"]
        if roll > 0.92:
            return [self.rng.choice(all_targets(snapshot))]
        covered = covered_pairs(snapshot)
        if roll > 0.86 and covered:
            return list(self.rng.choice(covered))
        options = removals(snapshot, bool(self.under.rule_set.switches["stock_top_playable"]))
        return list(self.rng.choice(options)) if options else ["stock"]

    def play(self, max_actions: int) -> Snapshot:
        scoring = self.under.conventions["score"]
        restores = self.under.conventions["undo_counter"] == "restores"
        strict = bool(self.under.rule_set.switches["strict_win"])
        covering = bool(self.under.rule_set.switches["pairs_with_covering_card"])
        discards = self.under.rule_set.switches["waste_keeps"] == "last"
        piles = int(self.under.rule_set.switches["waste_piles"])
        redeals = piles > 1 and self.under.rule_set.switches["waste_choice"] == "deal"
        combining = combined(self.under.conventions)

        def recycles_and_draws(before: Snapshot, after: Snapshot) -> bool:
            return combining and recycled_and_drew(before, after)

        snapshot = self.adapter.start(**self.start)
        problems = state_problems(snapshot, scoring, strict)
        whole = game_size(snapshot)
        if total(snapshot) != whole:
            problems.append(("cards", f"a full deal shows {total(snapshot)} cards, not {whole}"))
        self.violated(problems)
        while len(self.actions) < max_actions and snapshot.status == "playing":
            for action in self.next_taps(snapshot):
                self.actions.append(action)
                after = self.adapter.undo() if action == "undo" else self.adapter.tap(action)
                problems = state_problems(after, scoring, strict)
                if action == "undo":
                    expected = self.history.pop() if self.history else snapshot
                    problems += undo_problems(snapshot, after, expected, restores)
                else:
                    redealt = redeals and action == "stock" and not snapshot.stock_size
                    redealt = redealt and after.moves == snapshot.moves + 1
                    problems += step_problems(snapshot, after, covering, discards, redealt)
                    if table_of(after) != table_of(snapshot) or redealt:
                        self.history = [*self.history, snapshot]
                        if action == "stock" and recycles_and_draws(snapshot, after):
                            self.history.append(undrawn(after))  # two undo steps
                        if self.undo_depth is not None:
                            self.history = self.history[-self.undo_depth :]
                snapshot = after
                self.violated(problems)
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
            game.violated([("engine", f"{type(error).__name__}: {error}")])
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
