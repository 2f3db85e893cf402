"""Invariants that must hold for *any* engine, checked through its adapter over random play.

Scenarios show rules on chosen tables; these checks walk many random deals with random taps
and undos and look, after every action, at what no correct engine can ever show:

- ``score``: the score is 10 × the pyramid cards removed;
- ``cards``: the 52 cards stay accounted for — no card twice, none from nowhere, and an action
  takes away nothing, a King, or two cards worth 13;
- ``move-counter``: the move counter never goes down;
- ``undo``: undo brings back the table as it was before the last move (the move counter, the
  selection and the message aside);
- ``won-score``: a won game shows 280.

Random play is biased towards removals (a pure random tapper rarely pairs two cards), so many
games end won and every invariant is exercised. Each game is reproducible from its seed, and a
violation carries the start and the actions that led to it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import DECK, KING, PAIR_TOTAL, Card
from ..dealcode import ALPHABET, SUFFIX_LENGTH, deal_order
from ..layout import ROWS
from ..profiles import get_profile
from .adapter import Adapter, Snapshot, target_name

POINTS = 10
WON_SCORE = 28 * POINTS
UNDO_DEPTH = 100
TABLE_FIELDS = ("pyramid", "waste", "stock_size", "stock", "score", "status")
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


def random_layout(rng: random.Random, profile: str = "app") -> dict[str, Any]:
    """A full deal in protocol notation, shuffled by ``rng`` and dealt as ``profile`` deals."""
    deck = list(DECK)
    rng.shuffle(deck)
    layout = deal_order(deck, get_profile(profile))
    rows = [[None if c is None else c.ascii for c in row] for row in layout.rows()]
    return {
        "pyramid": rows,
        "waste": [c.ascii for c in layout.waste],
        "stock": [c.ascii for c in layout.stock],
    }


def random_code(rng: random.Random, profile: str = "app") -> str:
    suffix = "".join(rng.choice(ALPHABET) for _ in range(SUFFIX_LENGTH))
    return f"PY1-{get_profile(profile).letter}-{suffix}"


def touchable(snapshot: Snapshot) -> dict[str, Card]:
    """Free pyramid cards and the waste top, by tap target, as the app's rules see them."""
    rows = snapshot.pyramid
    found = {}
    for r, row in enumerate(rows, start=1):
        for c, card in enumerate(row, start=1):
            if card is not None and (r == ROWS or (rows[r][c - 1] is None and rows[r][c] is None)):
                found[target_name(r, c)] = Card.parse(card)
    if snapshot.waste:
        found["waste"] = Card.parse(snapshot.waste[-1])
    return found


def removals(snapshot: Snapshot) -> list[tuple[str, ...]]:
    """The taps of every King and pair removable under the app's rules."""
    cards = touchable(snapshot)
    targets = sorted(cards)
    found: list[tuple[str, ...]] = [(t,) for t in targets if cards[t].rank == KING]
    found.extend(
        (a, b)
        for n, a in enumerate(targets)
        for b in targets[n + 1 :]
        if cards[a].rank + cards[b].rank == PAIR_TOTAL
    )
    return found


ALL_TARGETS = (
    *(target_name(r, c) for r in range(1, ROWS + 1) for c in range(1, r + 1)),
    "waste",
    "stock",
)


# --- the checks ------------------------------------------------------------------------------


def table_of(snapshot: Snapshot) -> tuple[Any, ...]:
    return tuple(getattr(snapshot, name) for name in TABLE_FIELDS)


def cards_of(snapshot: Snapshot) -> list[str]:
    """Every card the snapshot shows: pyramid, waste and (when exposed) stock."""
    shown = [c for row in snapshot.pyramid for c in row if c is not None]
    return shown + list(snapshot.waste) + list(snapshot.stock or ())


def total(snapshot: Snapshot) -> int:
    return sum(c is not None for row in snapshot.pyramid for c in row) + (
        len(snapshot.waste) + snapshot.stock_size
    )


def state_problems(snapshot: Snapshot) -> list[tuple[str, str]]:
    """What is wrong with one snapshot on its own."""
    problems = []
    removed = sum(c is None for row in snapshot.pyramid for c in row)
    if snapshot.score != POINTS * removed:
        problems.append(("score", f"score {snapshot.score} with {removed} pyramid cards removed"))
    doubles = sorted(card for card, n in Counter(cards_of(snapshot)).items() if n > 1)
    if doubles:
        problems.append(("cards", f"shown twice: {' '.join(doubles)}"))
    if snapshot.stock is not None and len(snapshot.stock) != snapshot.stock_size:
        problems.append(
            ("cards", f"stock_size {snapshot.stock_size} but {len(snapshot.stock)} cards listed")
        )
    if snapshot.status == "won" and snapshot.score != WON_SCORE:
        problems.append(("won-score", f"won with score {snapshot.score}"))
    return problems


def step_problems(before: Snapshot, after: Snapshot) -> list[tuple[str, str]]:
    """What is wrong with a move or tap (not an undo) going from ``before`` to ``after``."""
    problems = []
    if after.moves < before.moves:
        problems.append(("move-counter", f"move counter went from {before.moves} to {after.moves}"))
    lost_count = total(before) - total(after)
    if lost_count not in (0, 1, 2):
        problems.append(("cards", f"{total(before)} cards on the table became {total(after)}"))
    if before.stock is not None and after.stock is not None:
        old, new = set(cards_of(before)), set(cards_of(after))
        if new - old:
            problems.append(("cards", f"appeared from nowhere: {' '.join(sorted(new - old))}"))
        lost = [Card.parse(c) for c in sorted(old - new)]
        ranks = sorted(card.rank for card in lost)
        if lost and ranks != [KING] and (len(ranks) != 2 or sum(ranks) != PAIR_TOTAL):
            problems.append(("cards", f"one action took away {' '.join(c.ascii for c in lost)}"))
    return problems


def undo_problems(before: Snapshot, after: Snapshot, expected: Snapshot) -> list[tuple[str, str]]:
    problems = []
    if after.moves < before.moves:
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

    def __init__(self, adapter: Adapter, rng: random.Random, profile: str) -> None:
        self.adapter = adapter
        self.rng = rng
        capabilities = adapter.capabilities()
        self.can_undo = capabilities.undo
        if capabilities.deal_codes and rng.random() < 0.5:
            self.start: dict[str, Any] = {"code": random_code(rng, profile)}
        else:
            self.start = {"layout": random_layout(rng, profile), "profile": profile}
        self.actions: list[str] = []
        self.history: list[Snapshot] = []
        self.violations: list[Violation] = []

    def violated(self, problems: list[tuple[str, str]]) -> bool:
        for invariant, detail in problems:
            self.violations.append(Violation(invariant, detail, self.start, tuple(self.actions)))
        return bool(problems)

    def next_taps(self, snapshot: Snapshot) -> list[str]:
        """Mostly removals, else draws; now and then an undo or a tap anywhere."""
        roll = self.rng.random()
        if self.can_undo and roll < 0.08:
            return ["undo"]
        if roll > 0.92:
            return [self.rng.choice(ALL_TARGETS)]
        options = removals(snapshot)
        return list(self.rng.choice(options)) if options else ["stock"]

    def play(self, max_actions: int) -> Snapshot:
        snapshot = self.adapter.start(**self.start)
        problems = state_problems(snapshot)
        if total(snapshot) != len(DECK):
            problems.append(("cards", f"a full deal shows {total(snapshot)} cards, not 52"))
        if self.violated(problems):
            return snapshot
        while len(self.actions) < max_actions and snapshot.status == "playing":
            for action in self.next_taps(snapshot):
                self.actions.append(action)
                after = self.adapter.undo() if action == "undo" else self.adapter.tap(action)
                problems = state_problems(after)
                if action == "undo":
                    expected = self.history.pop() if self.history else snapshot
                    problems += undo_problems(snapshot, after, expected)
                else:
                    problems += step_problems(snapshot, after)
                    if table_of(after) != table_of(snapshot):
                        self.history = [*self.history, snapshot][-UNDO_DEPTH:]
                snapshot = after
                if self.violated(problems):
                    return snapshot
        return snapshot


def run_invariants(
    factory: Callable[[], Adapter],
    games: int = 12,
    max_actions: int = 250,
    seed: int = 0,
    profile: str = "app",
    on_game: Callable[[GameRecord], None] | None = None,
) -> list[Violation]:
    """Play ``games`` random games and return every violation (at most one per game: a game
    stops at its first broken invariant). An engine that fails outright (crash, timeout,
    garbage) is an ``engine`` violation for that game, and the next game starts afresh."""
    violations: list[Violation] = []
    for number in range(games):
        game_seed = seed * 100_003 + number
        game = _RandomGame(factory(), random.Random(game_seed), profile)
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
