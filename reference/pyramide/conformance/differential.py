"""Differential testing: the engine under test and the reference engine, side by side.

Random games are dealt to both engines, then played with random taps (on cards, the waste, the
stock), removals and undos on both, comparing every snapshot. Game ``n`` of a run is drawn from
the run's seed and ``n`` alone, so ``--seed S --game n`` plays it again by itself. A difference
is counted by its kind, the rule it breaks (:mod:`.difference_rules`): a game goes on past a
difference in what is only shown (the score, the counter, a message), that field no longer
compared, and ends at a difference in play. A run plays every game asked for and reports, for
each kind, how many games showed it and the first of them, shrunk to a short game and printed
twice:

- as a ready-to-paste Gherkin scenario in the step library's words (``Given a table:`` with
  the starting rows, waste and stock; a ``When`` step per action; ``Then`` steps saying what
  the reference shows where the engines part);
- as a YAML transcript (start, actions, each differing field with both values).

Only what the engine's capabilities claim is compared: the selection when it has its own taps,
messages when it shows them, the stock's order when it reports it. Both engines play the rule
set under test: a named profile, one of the engine's own or a YAML file of switch values, as
``pyramide check --profile`` takes it. Kinds the user knows of are set aside with a reason
(``--expected-differences``, :func:`load_expected_differences`): counted, never a failure; so
is a difference on an open point, which the rules leave to each engine. Run it from Python
with :func:`run_differential` or from a shell with ``pyramide differential --cmd "node
engine.js"`` (or ``python -m pyramide.conformance.differential``): exit status 0 when no kind
of difference fails the run, 1 when one does (each printed with the command that plays its
game again), 2 when the run could not be made (bad usage, an engine that cannot start, a rule
set it does not play, a file of expected differences that cannot be read).
"""

from __future__ import annotations

import argparse
import itertools
import random
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from ..cards import Card
from ..profiles import WASTE_TOP, Profile, profile_from_switches
from .adapter import (
    FACE_DOWN,
    MORE_PILES,
    PILE_WORDS,
    PLACE,
    Adapter,
    Capabilities,
    Snapshot,
    target_name,
)
from .checks import CheckFailed
from .difference_rules import DISPLAY_FIELDS, Step, rule_broken
from .exchange import table_lines
from .expectations import DIFFERS, difference
from .invariants import random_layout, removals
from .loading import AdapterLoadError, load_factory, under_test
from .moveshim import MoveShimAdapter
from .reference_adapter import ReferenceAdapter
from .results import IMPLEMENTATION_DEFINED
from .rulesets import UnderTest
from .spec_files import SpecError, read_spec
from .specdata import load_rules, render_message

STATUS_WORDS = {
    "playing": "goes on",
    "won": "is won",
    "no-more-moves": "is over with no more moves",
}


@dataclass(frozen=True)
class Action:
    """One player action: a tap target, or ``undo``; ``words`` as a scenario says it."""

    target: str
    words: str

    @property
    def step(self) -> str:
        return "I undo" if self.target == "undo" else f"I tap {self.words}"


def compared_fields(capabilities: Capabilities) -> tuple[str, ...]:
    """What must agree with the reference: the cards always; the score and the counter only
    when the engine counts them as the reference does (its declared conventions)."""
    conventions = capabilities.conventions
    fields = ["pyramid", "waste", "more_wastes", "reserves", "stock_size", "status"]
    if conventions.get("score", "ten-per-pyramid-card") == "ten-per-pyramid-card":
        fields.append("score")
    if (conventions.get("move_counter", "counted"), conventions.get("undo_counter", "keeps")) == (
        "counted",
        "keeps",
    ):
        fields.append("moves")
    if capabilities.stock_order:
        fields.append("stock")
    if capabilities.taps:
        fields.append("selected")
    if capabilities.messages is not None:
        fields.append("message")
    return tuple(fields)


def observed(snapshot: Snapshot, name: str, messages: str | None) -> Any:
    """A field as the engine under test is expected to show it (messages in its own form)."""
    if name != "message":
        return getattr(snapshot, name)
    shown = snapshot.message
    if shown is None or (shown.key is None and shown.text is None):
        return None
    if messages == "key":
        return {"key": shown.key, "params": dict(shown.params)}
    if shown.text is not None:
        return shown.text
    assert shown.key is not None and messages is not None
    return render_message(shown.key, messages, dict(shown.params))


def _card(ascii_name: str) -> str:
    """A card as a scenario writes it (a face-down card as the snapshot shows it)."""
    return ascii_name if ascii_name == FACE_DOWN else str(Card.parse(ascii_name))


def _cards(names: Sequence[str]) -> str:
    return " ".join(_card(c) for c in names)


def _rows(pyramid: Sequence[Sequence[str | None]]) -> list[str]:
    return [" ".join("--" if c is None else _card(c) for c in row) for row in pyramid]


def _table(layout: dict[str, Any]) -> list[str]:
    return [
        *_rows(layout["pyramid"]),
        f"waste: {_cards(layout['waste']) or '--'}",
        f"stock: {_cards(layout['stock']) or '--'}",
    ]


def then_steps(name: str, expected: Snapshot, messages: str | None) -> list[str]:
    """What the reference shows for one field (but the stock's order), in the step library's
    words."""
    if name == "pyramid":
        rows = _rows(expected.pyramid)
        return ["the pyramid is:", '  """', *(f"  {row}" for row in rows), '  """']
    if name == "waste":
        return [
            f"the waste is {_cards(expected.waste)}" if expected.waste else "the waste is empty"
        ]
    if name == "stock_size":
        return [f"the stock holds {expected.stock_size} cards"]
    if name == "score":
        return [f"the score is {expected.score}"]
    if name == "moves":
        return [f"the move counter is {expected.moves}"]
    if name == "status":
        return [f"the game {STATUS_WORDS[expected.status]}"]
    if name == "selected":
        return [_selected_step(expected)]
    return [_message_step(expected, messages)]


def _selected_step(expected: Snapshot) -> str:
    where = expected.selected
    if where is None:
        return "nothing is selected"
    if where == "waste":
        return f"{_card(expected.waste[-1])} is selected"
    if where.startswith("r"):
        row, col = int(where[1]), int(where[3])
        card = expected.pyramid[row - 1][col - 1]
        assert card is not None
        return f"{_card(card)} is selected"
    return f"# (no step for it) the card beneath the waste top should be selected ({where})"


def _message_step(expected: Snapshot, messages: str | None) -> str:
    shown = expected.message
    if shown is None or shown.key is None:
        return "none of the app's messages is shown"
    language = "fr" if messages in (None, "key") else messages
    return f"the player reads « {render_message(shown.key, language, dict(shown.params))} »"


@dataclass(frozen=True)
class Report:
    """A divergence: where the engines part and how to show it again."""

    engine: str
    profile: str
    layout: dict[str, Any]
    actions: tuple[Action, ...]
    expected: Snapshot
    actual: Snapshot | None
    differing: tuple[str, ...]
    messages: str | None
    error: str | None = None
    rules: tuple[str, ...] = ()
    """The rules the difference breaks (none when the engine failed to answer)."""

    def gherkin(self) -> str:
        """The scenario, indented to paste under a ``Feature:`` line, tagged with the rules
        the difference breaks."""
        what = self.error or "differs on " + ", ".join(self.differing)
        lines = [
            f"  # {self.engine} {what} under the {self.profile} rules. Tag the scenario with the",
            "  # rule IDs it shows (their switch states bind it to the rule sets it holds under).",
            *([f"  {' '.join('@' + rule for rule in self.rules)}"] if self.rules else []),
            f"  Scenario: {self.engine} parts from the reference after {len(self.actions)} actions",
            "    Given the rules under test",
            "    And a table:",
            '      """',
            *(f"      {line}" for line in _table(self.layout)),
            '      """',
        ]
        lines += [
            f"    {'And' if n else 'When'} {step}" for n, step in enumerate(self.when_steps())
        ]
        keyword = "Then"
        for name in self.differing:
            if name == "stock":
                lines += self._stock_steps()
                keyword = "And"
                continue
            first, *more = then_steps(name, self.expected, self.messages)
            if first.startswith("#"):
                lines.append(f"    {first}")
                continue
            lines.append(f"    {keyword} {first}")
            lines.extend(f"    {line}" for line in more)
            keyword = "And"
        return "\n".join(lines)

    def when_steps(self) -> list[str]:
        """The actions as steps, a run of stock taps said once."""
        steps: list[str] = []
        runs = itertools.groupby(a.step for a in self.actions)
        for step, run in runs:
            times = len(list(run))
            if step == "I tap the stock" and times > 1:
                steps.append(f"I tap the stock {times} times")
            else:
                steps.extend([step] * times)
        return steps

    def _stock_steps(self) -> list[str]:
        """No step reads the stock's order: draw down to the first card that differs."""
        expected = list(self.expected.stock or ())
        actual = list(self.actual.stock or ()) if self.actual is not None else []
        depth = next(
            (n for n, card in enumerate(expected) if n >= len(actual) or actual[n] != card), None
        )
        lines = [f"    # the stock, top first, should be: {_cards(expected)}"]
        if depth is not None:
            draws = "the stock" if depth == 0 else f"the stock {depth + 1} times"
            lines += [
                f"    When I tap {draws}",
                f"    Then the waste top is {_card(expected[depth])}",
            ]
        return lines

    def transcript(self) -> str:
        record: dict[str, Any] = {
            "engine": self.engine,
            "profile": self.profile,
            "start": self.layout,
            "actions": [action.target for action in self.actions],
        }
        if self.error is not None:
            record["error"] = self.error
        if self.actual is not None:
            record["differences"] = {
                name: {
                    "reference": _plain(observed(self.expected, name, self.messages)),
                    "engine": _plain(observed(self.actual, name, self.messages)),
                }
                for name in self.differing
            }
        return yaml.safe_dump(
            record, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
        )

    def tables(self) -> str:
        """What both engines were sent, then the table each showed after it, side by side as
        a failed check shows a difference (:func:`~.expectations.difference`), as comments."""
        taps = (a.target if a.target == "undo" else f"tap {a.target}" for a in self.actions)
        sent = "; ".join(["start table", *taps])
        lines = [f"sent to both engines: {sent}"]
        if self.actual is not None:
            table = difference(
                f"the tables after the last action ({DIFFERS.strip()} where they differ)",
                table_lines(self.expected.to_json()),
                table_lines(self.actual.to_json()),
                labels=("the reference", self.engine),
            )
            lines += table.splitlines()
        return "\n".join(f"# {line}".rstrip() for line in lines)

    def __str__(self) -> str:
        return f"{self.gherkin()}\n\n{self.tables()}\n\n# YAML transcript\n{self.transcript()}"


def _plain(value: Any) -> Any:
    """Tuples as lists, for YAML."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def engine_name(adapter: Adapter) -> str:
    """The engine as its reports name it: the name it gives itself (a JSON-lines engine's
    handshake), else its class, the move engine's for one behind the shim (whose own class
    names every such engine alike)."""
    adapter = getattr(adapter, "adapter", adapter)  # the loader's notation wrapper
    identity = getattr(adapter, "engine", None)
    if isinstance(identity, dict) and identity.get("name"):
        return str(identity["name"])
    if isinstance(adapter, MoveShimAdapter):
        return type(adapter.engine).__name__
    return type(adapter).__name__


MOVES = ("draw", "draw", "draw", "remove", "remove")
"""The moves a random game draws from, besides a tap on anything and an undo: draws three
times in seven, so that most games run through the stock and recycle it, and removals twice,
so that they clear cards."""


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares: the rule set both engines play, how to start each on
    it, and what is compared."""

    under: UnderTest
    rules: Profile
    fields: tuple[str, ...]

    @classmethod
    def of(cls, under: UnderTest) -> Setup:
        rules = profile_from_switches(under.rule_set.name, under.rule_set.switches)
        return cls(under, rules, compared_fields(under.capabilities))

    def start(self, adapter: Adapter, layout: dict[str, Any], engine: bool) -> Snapshot:
        """Start ``adapter`` (the engine under test, or the reference) on ``layout``."""
        rule_set = self.under.rule_set
        how = (
            self.under.start_arguments()
            if engine
            else {"profile": rule_set.name, "switches": dict(rule_set.switches)}
        )
        return adapter.start(layout=layout, **how)

    def targets(self, now: Snapshot) -> list[str]:
        """Every target a player could tap on the table ``now``: the cards, free or not, and
        the piles the rule set puts in play."""
        targets = [
            target_name(r, c)
            for r, row in enumerate(now.pyramid, start=1)
            for c, card in enumerate(row, start=1)
            if card is not None
        ]
        targets += ["waste"] * bool(now.waste)
        targets += ["waste-below"] * (self.rules.waste_play != WASTE_TOP and len(now.waste) > 1)
        targets += ["stock-top"] * (self.rules.stock_top_playable and now.stock_size > 0)
        return targets + [pile for pile in MORE_PILES if now.pile(pile)]

    def can_send(self, now: Snapshot, target: str) -> bool:
        """Whether ``target`` names something on the table ``now`` (a game replayed with
        actions left out skips the taps on cards already gone)."""
        return target in ("stock", "undo") or target in self.targets(now)

    def choose(self, rng: random.Random, now: Snapshot) -> list[str]:
        """The next move of a random game: a draw, an undo, a tap on anything (when the
        engine has its own taps: a move-only engine's selection is the shim's, not under
        test) or a removal the rules allow, which makes games go somewhere."""
        capabilities = self.under.capabilities
        moves = [*MOVES, *["tap"] * capabilities.taps, *["undo"] * capabilities.undo]
        move = rng.choice(moves)
        if move in ("draw", "undo"):
            return ["stock" if move == "draw" else "undo"]
        options = (
            [(t,) for t in self.targets(now)]
            if move == "tap"
            else removals(now, self.rules.stock_top_playable)
        )
        return list(rng.choice(options)) if options else []


class Duel:
    """One game on both engines: every action sent to both and every table compared, the
    differences found so far in :attr:`found`; :attr:`over` once they differ in play."""

    def __init__(self, setup: Setup, engine: Adapter, layout: dict[str, Any]) -> None:
        self.setup = setup
        self.engine = engine
        self.reference = ReferenceAdapter()
        self.layout = layout
        self.actions: list[Action] = []
        self.fields = setup.fields
        self.found: list[Report] = []
        self.over = False
        self.now: Snapshot | None = None
        self.both("start", lambda adapter: setup.start(adapter, layout, adapter is engine))

    def send(self, target: str) -> None:
        """Tap ``target`` (or undo) on both, unless the game is over or ``target`` names
        nothing on the table."""
        now = self.now
        if self.over or now is None or not self.setup.can_send(now, target):
            return
        self.actions.append(Action(target, self.words(now, target)))
        if target == "undo":
            self.both(target, lambda adapter: adapter.undo())
        else:
            self.both(target, lambda adapter: adapter.tap(target))

    @staticmethod
    def words(now: Snapshot, target: str) -> str:
        """The target as a scenario names it: the card at a place, or the pile."""
        match = PLACE.match(target)
        if match is None:
            return PILE_WORDS.get(target, target)
        card = now.pyramid[int(match.group(1)) - 1][int(match.group(2)) - 1]
        return target if card in (None, FACE_DOWN) else _card(str(card))

    def both(self, target: str, action: Callable[[Adapter], Snapshot]) -> None:
        before = self.now
        expected = action(self.reference)
        try:
            actual = action(self.engine)
        except CheckFailed as failed:  # a check of the engine's own (its legal moves)
            rules = tuple(failed.rules)
            self.end(rules, expected, None, (), f"breaks {', '.join(rules)}: {failed}")
            return
        except Exception as error:  # the engine under test failing is the finding
            self.end((), expected, None, (), f"fails: {type(error).__name__}: {error}")
            return
        self.now = expected
        messages = self.setup.under.capabilities.messages
        differing = tuple(
            name
            for name in self.fields
            if observed(actual, name, messages) != observed(expected, name, messages)
        )
        if not differing:
            return
        step = Step(target, before, expected, actual, differing)
        rule = rule_broken(step, self.setup.under.states)
        if set(differing) <= set(DISPLAY_FIELDS):
            self.found.append(self.report(expected, actual, differing, rules=(rule,)))
            self.fields = tuple(f for f in self.fields if f not in differing)
        else:
            self.end((rule,), expected, actual, differing)

    def end(
        self,
        rules: tuple[str, ...],
        expected: Snapshot,
        actual: Snapshot | None,
        differing: tuple[str, ...],
        error: str | None = None,
    ) -> None:
        self.found.append(self.report(expected, actual, differing, error, rules))
        self.over = True

    def report(
        self,
        expected: Snapshot,
        actual: Snapshot | None,
        differing: tuple[str, ...],
        error: str | None = None,
        rules: tuple[str, ...] = (),
    ) -> Report:
        return Report(
            engine_name(self.engine),
            self.setup.under.rule_set.name,
            self.layout,
            tuple(self.actions),
            expected,
            actual,
            differing,
            self.setup.under.capabilities.messages,
            error,
            rules,
        )


def game_rng(seed: int, number: int) -> random.Random:
    """The random draws of game ``number`` (from 1) of the run seeded ``seed``: the same
    game whether the run plays it among others or alone (``--game``)."""
    return random.Random(f"{seed}/{number}")


def play_game(setup: Setup, factory: Callable[[], Adapter], rng: random.Random, steps: int) -> Duel:
    """A random game of up to ``steps`` moves, dealt and played from ``rng``."""
    duel = Duel(setup, factory(), random_layout(rng, setup.rules.switches))
    for _ in range(steps):
        if duel.over:
            break
        assert duel.now is not None
        for target in setup.choose(rng, duel.now):
            duel.send(target)
    return duel


def replay(
    setup: Setup, factory: Callable[[], Adapter], layout: dict[str, Any], targets: Sequence[str]
) -> Duel:
    """The game that deals ``layout`` and sends ``targets``, skipping what is not there."""
    duel = Duel(setup, factory(), layout)
    for target in targets:
        duel.send(target)
    return duel


SHRINK_REPLAYS = 300
"""How many shorter games a difference is replayed in, at most, to find a short one: a bound
on the replays rather than on the time, so that the same run prints the same game."""


def shrink(
    setup: Setup, factory: Callable[[], Adapter], found: Report, budget: int = SHRINK_REPLAYS
) -> Report:
    """A game as short as the ``budget`` finds that shows the same kind of difference as
    ``found``: runs of actions left out, long runs first, while the difference stays."""
    best = found
    size = max(len(found.actions) // 2, 1)
    while size and budget:
        start = 0
        while start < len(best.actions) and budget:
            budget -= 1
            targets = [a.target for a in best.actions]
            del targets[start : start + size]
            duel = replay(setup, factory, best.layout, targets)
            again = next((f for f in duel.found if f.rules == found.rules), None)
            if again is not None and len(again.actions) < len(best.actions):
                best = again
            else:
                start += size
        size //= 2
    return best


DEFAULT_SEED = 0
"""The seed of a run that names none: the same games every time, until ``--seed`` asks for
others."""


@dataclass(frozen=True)
class Kind:
    """A kind of difference, by the rules it breaks, and the games that showed it."""

    rules: tuple[str, ...]
    games: int
    first_game: int
    found: Report
    """The first game's difference (shrunk, when it fails the run)."""
    set_aside: str | None = None
    """Why the user set it aside (``--expected-differences``)."""
    open_point: bool = False
    """Whether the rules leave it to each engine (implementation-defined)."""

    @property
    def fails(self) -> bool:
        return self.set_aside is None and not self.open_point

    @property
    def name(self) -> str:
        return ", ".join(self.rules) or "no rule: the engine failed to answer"

    def verdict(self) -> str:
        if self.set_aside is not None:
            return f"set aside: {self.set_aside}"
        if self.open_point:
            return "an open point: the engine differs from the reference, as the rules allow"
        return "FAILS"


@dataclass(frozen=True)
class DifferentialResult:
    """``report`` is the first failing kind of difference (Gherkin and YAML), or None if no
    kind fails; ``kinds`` every kind found, those failing first."""

    report: str | None
    examples: int
    rule_set: str = ""
    """The name of the rule set both engines played."""
    kinds: tuple[Kind, ...] = ()
    not_seen: tuple[str, ...] = ()
    """Rules set aside that no game broke."""

    @property
    def agreed(self) -> bool:
        return self.report is None


def sort_kinds(duels: Sequence[tuple[int, Duel]], set_aside: Mapping[str, str]) -> list[Kind]:
    """The kinds of difference the games showed, each with its count and first game,
    failing kinds first, then by how many games showed them."""
    rules = load_rules().rules

    def kind_of(found: Report) -> tuple[str, ...]:
        """The rules a difference breaks, in catalogue order: the same kind whatever order a
        check named them in."""
        return tuple(rule for rule in rules if rule in found.rules)

    first: dict[tuple[str, ...], tuple[int, Report]] = {}
    games: dict[tuple[str, ...], int] = {}
    for number, duel in duels:
        for key in dict.fromkeys(kind_of(found) for found in duel.found):
            games[key] = games.get(key, 0) + 1
        for found in duel.found:
            first.setdefault(kind_of(found), (number, found))
    kinds = []
    for key, (number, found) in first.items():
        aside = bool(key) and all(r in set_aside for r in key)
        kinds.append(
            Kind(
                key,
                games[key],
                number,
                found,
                "; ".join(set_aside[r] for r in key) if aside else None,
                bool(key) and all(rules[r].status == IMPLEMENTATION_DEFINED for r in key),
            )
        )
    return sorted(kinds, key=lambda kind: (not kind.fails, -kind.games, kind.first_game))


TAPPED_OTHERWISE = {"pairing": "two-taps", "recycle_draw": "separate"}
"""The conventions of how taps drive an engine, at the reference's state: an engine declaring
another plays other moves for the same taps, so no tap-by-tap comparison is fair to it."""


def tapped_otherwise(under: UnderTest) -> list[str]:
    """The engine's conventions by which the same taps make other moves than on the reference,
    under the rule set played. An engine declares its conventions once, for every rule set it
    plays; one that can never come into play under this rule set (one tap that recycles and
    draws, where nothing is ever recycled) is left out. Where a convention comes into play is
    where its own rule holds (RECYCLE-WITH-DRAW's ``when``); a convention with no rule of its
    own is in play everywhere."""
    states = under.states
    return sorted(
        f"{name}: {state}"
        for name, state in under.conventions.items()
        if name in TAPPED_OTHERWISE
        and state != TAPPED_OTHERWISE[name]
        and comes_into_play(name, state, states)
    )


def comes_into_play(convention: str, state: str, states: Mapping[str, str]) -> bool:
    """Whether a convention's ``state`` can make a difference where switches and conventions
    are in ``states``: whether a rule of that state holds there, if it has any."""
    rules = [rule for rule in load_rules().rules.values() if state in rule.when.get(convention, ())]
    return not rules or any(rule.holds(states) for rule in rules)


def run_differential(
    factory: Callable[[], Adapter],
    max_examples: int = 50,
    steps: int = 60,
    profile: str | None = None,
    seed: int | None = None,
    set_aside: Mapping[str, str] | None = None,
    game: int | None = None,
    shrink_replays: int = SHRINK_REPLAYS,
) -> DifferentialResult:
    """Play ``max_examples`` random games (or only game number ``game``) on both engines under
    the rule set ``profile`` (a name or a YAML file; default: the first one the engine
    declares), drawn from ``seed``; count the differences by the rule they break, those of
    the rules ``set_aside`` (rule → why) apart, and shrink the first game of each kind that
    fails the run.

    An engine that cannot say what it plays, or that does not play the rule set, is an
    :class:`AdapterLoadError` (a difference is the engine's failure, this is the run's). The
    same seed plays the same games, so a difference found once is found again.
    """
    under = under_test(factory, profile)
    if under.binding is None:
        raise AdapterLoadError(
            f"the engine declares no rule set like {under.rule_set.name} "
            f"({under.rule_set.describe()}): nothing to compare"
        )
    if not under.capabilities.tables:
        raise AdapterLoadError(
            "the engine starts from no table of ours (tables: false): the differential "
            "machine deals both engines the same random tables"
        )
    played_otherwise = tapped_otherwise(under)
    if played_otherwise:
        raise AdapterLoadError(
            f"the engine is tapped otherwise than the reference ({', '.join(played_otherwise)}): "
            "the same taps would make other moves on it; `pyramide check` reads its interface"
        )
    setup = Setup.of(under)
    seed = DEFAULT_SEED if seed is None else seed
    numbers = range(1, max_examples + 1) if game is None else (game,)
    duels = [(n, play_game(setup, factory, game_rng(seed, n), steps)) for n in numbers]
    set_aside = set_aside or {}
    kinds = [
        replace(kind, found=shrink(setup, factory, kind.found, shrink_replays))
        if kind.fails
        else kind
        for kind in sort_kinds(duels, set_aside)
    ]
    seen = {rule for kind in kinds for rule in kind.rules}
    failing = [kind for kind in kinds if kind.fails]
    return DifferentialResult(
        str(failing[0].found) if failing else None,
        len(numbers),
        under.rule_set.name,
        tuple(kinds),
        tuple(rule for rule in set_aside if rule not in seen),
    )


class ExpectedDifferencesError(ValueError):
    """A file of expected differences that cannot be used; the message locates the fault."""


def load_expected_differences(path: Path) -> dict[str, str]:
    """Rule → reason, from a YAML list of ``{rule: RULE-ID, reason: ...}`` entries
    (``spec/schemas/expected-differences.schema.json``): the kinds of difference a run sets
    aside. Every problem names the file, the entry and the line."""
    try:
        document = read_spec(path, "expected-differences.schema.json")
    except SpecError as error:
        raise ExpectedDifferencesError(str(error)) from None
    known = load_rules().rules
    reasons: dict[str, str] = {}
    for number, entry in enumerate(document.data):
        rule = entry["rule"]
        if rule not in known:
            problem = f"unknown rule ID {rule!r}; the rules are listed in docs/rules.md"
            raise ExpectedDifferencesError(str(document.error(problem, [number, "rule"])))
        if rule in reasons:
            problem = f"{rule} is listed twice"
            raise ExpectedDifferencesError(str(document.error(problem, [number, "rule"])))
        reasons[rule] = entry["reason"]
    return reasons


PROG = "python -m pyramide.conformance.differential"


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play random games on an engine and on the reference; report the "
        "differences by the rule they break, the first game of each kind printed. Exit "
        "status: 0 no difference fails the run, 1 one does, 2 usage or harness error.",
    )
    engine = parser.add_mutually_exclusive_group(required=True)
    engine.add_argument("--impl", help="package.module:factory of a Python adapter")
    engine.add_argument("--cmd", help='command of a JSON-lines engine, e.g. "node engine.js"')
    engine.add_argument("--moves-cmd", help="command of a move-level JSON-lines engine")
    parser.add_argument(
        "--profile",
        metavar="NAME|FILE.yaml",
        help="the rule set: a named profile, one of the engine's own, or a YAML file of switch "
        "values (default: the first rule set the engine declares)",
    )
    parser.add_argument("--examples", type=int, default=100, help="random games (default: 100)")
    parser.add_argument("--steps", type=int, default=60, help="moves per game (default: 60)")
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"the seed the games are drawn from (default: {DEFAULT_SEED}; the same seed plays "
        "the same games)",
    )
    parser.add_argument(
        "--game",
        type=int,
        metavar="N",
        help="play only game N of the seed's games (each difference names the one to play)",
    )
    parser.add_argument(
        "--expected-differences",
        metavar="FILE.yaml",
        type=Path,
        help="differences to set aside: a YAML list of {rule: RULE-ID, reason: ...}; they "
        "are counted, never a failure",
    )
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per request")
    return parser


def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    """The command; ``prog`` is how the user called it, for the commands that play the games
    again."""
    args = build_parser(prog).parse_args(argv)
    try:
        expected = (
            load_expected_differences(args.expected_differences)
            if args.expected_differences
            else {}
        )
        factory = load_factory(args.impl, args.cmd, args.timeout, args.moves_cmd)
        result = run_differential(
            factory, args.examples, args.steps, args.profile, args.seed, expected, args.game
        )
    except (AdapterLoadError, ExpectedDifferencesError) as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    games = (
        f"game {args.game} (seed {args.seed})"
        if args.game is not None
        else f"{result.examples} random games (seed {args.seed})"
    )
    if not result.kinds:
        print(f"no difference with the reference in {games}")
        print_not_seen(result)
        return 0
    print_kinds(result, prog, args)
    print_not_seen(result)
    print(f"# found in {games}; this command plays the same games again:")
    print(f"#   {rerun_command(prog, args)}")
    return 0 if result.agreed else 1


def print_kinds(result: DifferentialResult, prog: str, args: argparse.Namespace) -> None:
    """Each failing kind's first game as a scenario, then every kind on a line, each with the
    command that plays its first game alone."""
    played = f"of {result.examples} game{'s' * (result.examples > 1)}"
    for kind in result.kinds:
        if kind.fails:
            print(f"# ── {kind.name}: {kind.games} {played}; the first, game {kind.first_game}:")
            print(kind.found)
            print(f"# game {kind.first_game} alone: {rerun_command(prog, args, kind.first_game)}")
            print()
    print("# the differences, by the rule they break:")
    for kind in result.kinds:
        print(f"#   {kind.name}: {kind.games} {played}, {kind.verdict()}")
        print(f"#     game {kind.first_game} alone: {rerun_command(prog, args, kind.first_game)}")


def print_not_seen(result: DifferentialResult) -> None:
    """The kinds set aside that no game showed (fixed, or out of these games' reach)."""
    for rule in result.not_seen:
        print(f"#   {rule}: set aside, broken in no game")


def rerun_command(prog: str, args: argparse.Namespace, game: int | None = None) -> str:
    """The command line that plays the same games (or only game ``game``) on the same
    engine again."""
    named = (("--impl", args.impl), ("--cmd", args.cmd), ("--moves-cmd", args.moves_cmd))
    words = next([option, value] for option, value in named if value)
    if args.profile is not None:
        words += ["--profile", args.profile]
    game = args.game if game is None else game
    if game is None:
        words += ["--examples", str(args.examples)]
    words += ["--steps", str(args.steps), "--seed", str(args.seed)]
    words += [] if game is None else ["--game", str(game)]
    if args.expected_differences is not None:
        words += ["--expected-differences", str(args.expected_differences)]
    words += ["--timeout", f"{args.timeout:g}"]
    return f"{prog} {shlex.join(words)}"


if __name__ == "__main__":
    sys.exit(main())
