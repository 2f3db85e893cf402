"""Differential testing: the engine under test and the reference engine, side by side.

A hypothesis state machine deals a random table to both engines, then plays random taps (on
cards, the waste, the stock), removals and undos on both, comparing every snapshot. When they
differ, hypothesis shrinks the run to a short one, and the difference is printed twice:

- as a ready-to-paste Gherkin scenario in the step library's words (``Given a table:`` with
  the starting rows, waste and stock; a ``When`` step per action; ``Then`` steps saying what
  the reference shows where the engines part);
- as a YAML transcript (start, actions, each differing field with both values).

Only what the engine's capabilities claim is compared: the selection when it has its own taps,
messages when it shows them, the stock's order when it reports it. Both engines play the rule
set under test: a named profile, one of the engine's own or a YAML file of switch values, as
``pyramide check --profile`` takes it. Run it from Python with :func:`run_differential` or
from a shell with ``pyramide differential --cmd "node engine.js"`` (or ``python -m
pyramide.conformance.differential``): exit status 0 when no difference was found, 1 with the
difference and the command that plays the same games again (its ``--seed``), 2 when the run
could not be made (bad usage, an engine that cannot start, a rule set it does not play).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import random
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from unittest import mock

import yaml
from hypothesis import HealthCheck, Phase, Verbosity, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.internal.conjecture import engine as conjecture_engine
from hypothesis.stateful import (
    RuleBasedStateMachine,
    get_state_machine_test,
    initialize,
    precondition,
    rule,
)

from ..cards import Card
from ..profiles import WASTE_TOP, profile_from_switches
from .adapter import MORE_PILES, PILE_WORDS, Adapter, Capabilities, Snapshot, target_name
from .exchange import table_lines
from .expectations import DIFFERS, difference
from .invariants import random_layout, removals
from .loading import AdapterLoadError, load_factory, under_test
from .reference_adapter import ReferenceAdapter
from .rulesets import UnderTest
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


class Divergence(AssertionError):
    """The engines differ; the message is the Gherkin scenario and the YAML transcript,
    written only when asked for (shrinking raises many divergences and reads none)."""

    def __init__(self, report: Report) -> None:
        super().__init__()
        self.report = report

    def __str__(self) -> str:
        return str(self.report)


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
    return str(Card.parse(ascii_name))


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

    def gherkin(self) -> str:
        """The scenario, indented to paste under a ``Feature:`` line."""
        what = self.error or "differs on " + ", ".join(self.differing)
        lines = [
            f"  # {self.engine} {what} under the {self.profile} rules. Tag the scenario with the",
            "  # rule IDs it shows (their switch states bind it to the rule sets it holds under).",
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
    adapter = getattr(adapter, "adapter", adapter)  # the loader's notation wrapper
    identity = getattr(adapter, "engine", None)
    if isinstance(identity, dict) and identity.get("name"):
        return str(identity["name"])
    return type(adapter).__name__


def make_machine(factory: Callable[[], Adapter], under: UnderTest) -> type[Any]:
    """A state machine class comparing ``factory``'s engine with the reference under the rule
    set ``under`` (which the engine plays)."""
    capabilities = under.capabilities
    fields = compared_fields(capabilities)
    profile = under.rule_set.name
    rules = profile_from_switches(profile, under.rule_set.switches)
    engine_start = under.start_arguments()
    reference_start = {"profile": profile, "switches": dict(under.rule_set.switches)}

    class Differential(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.engine = factory()
            self.reference = ReferenceAdapter()
            self.layout: dict[str, Any] = {}
            self.actions: list[Action] = []
            self.now: Snapshot | None = None

        def fail(
            self,
            expected: Snapshot,
            actual: Snapshot | None,
            differing: Sequence[str],
            error: str | None = None,
        ) -> None:
            report = Report(
                engine_name(self.engine),
                profile,
                self.layout,
                tuple(self.actions),
                expected,
                actual,
                tuple(differing),
                capabilities.messages,
                error,
            )
            raise Divergence(report)

        def both(self, action: Callable[[Adapter], Snapshot]) -> None:
            expected = action(self.reference)
            try:
                actual = action(self.engine)
            except Exception as error:  # the engine under test failing is the finding
                self.fail(expected, None, (), f"fails: {type(error).__name__}: {error}")
            differing = [
                name
                for name in fields
                if observed(actual, name, capabilities.messages)
                != observed(expected, name, capabilities.messages)
            ]
            if differing:
                self.fail(expected, actual, differing)
            self.now = expected

        @initialize(seed=st.integers(0, 2**32 - 1))
        def deal(self, seed: int) -> None:
            self.layout = random_layout(random.Random(seed), rules.switches)
            self.both(
                lambda adapter: adapter.start(
                    layout=self.layout,
                    **(engine_start if adapter is self.engine else reference_start),
                )
            )

        def act(self, target: str, words: str) -> None:
            self.actions.append(Action(target, words))
            if target == "undo":
                self.both(lambda adapter: adapter.undo())
            else:
                self.both(lambda adapter: adapter.tap(target))

        def tap_target(self, target: str) -> None:
            """Tap, unless an earlier tap of the same removal already took the card away."""
            assert self.now is not None
            if target.startswith("r"):
                card = self.now.pyramid[int(target[1]) - 1][int(target[3]) - 1]
                if card is None:
                    return
                words = _card(card)
            else:
                words = PILE_WORDS[target]
            self.act(target, words)

        @precondition(lambda self: capabilities.taps)
        @rule(data=st.data())
        def tap_card(self, data: st.DataObject) -> None:
            """Any card on the table a player could tap, free or not (when the engine has its
            own taps: a move-only engine's selection is the shim's, not under test)."""
            assert self.now is not None
            targets = [
                target_name(r, c)
                for r, row in enumerate(self.now.pyramid, start=1)
                for c, card in enumerate(row, start=1)
                if card is not None
            ]
            targets += ["waste"] * bool(self.now.waste)
            targets += ["waste-below"] * (rules.waste_play != WASTE_TOP and len(self.now.waste) > 1)
            targets += ["stock-top"] * (rules.stock_top_playable and self.now.stock_size > 0)
            targets += [pile for pile in MORE_PILES if self.now.pile(pile)]
            if targets:
                self.tap_target(data.draw(st.sampled_from(targets), label="target"))

        @rule(data=st.data())
        def remove(self, data: st.DataObject) -> None:
            """A King or a pair the app's rules allow: what makes games go somewhere."""
            assert self.now is not None
            options = removals(self.now, rules.stock_top_playable)
            if options:
                for target in data.draw(st.sampled_from(options), label="removal"):
                    self.tap_target(target)

        @rule()
        def draw(self) -> None:
            self.act("stock", "the stock")

        @precondition(lambda self: capabilities.undo)
        @rule()
        def undo(self) -> None:
            self.act("undo", "undo")

    return Differential


DEFAULT_SEED = 0
"""The seed of a run that names none: the same games every time, until ``--seed`` asks for
others."""


@dataclass(frozen=True)
class DifferentialResult:
    """``report`` is the shrunk divergence (Gherkin and YAML), or None if none was found."""

    report: str | None
    examples: int
    rule_set: str = ""
    """The name of the rule set both engines played."""

    @property
    def agreed(self) -> bool:
        return self.report is None


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
    derandomize: bool = False,
    shrink_seconds: float = 60.0,
) -> DifferentialResult:
    """Play ``max_examples`` random games on both engines under the rule set ``profile`` (a
    name or a YAML file; default: the first one the engine declares), drawn from ``seed``;
    shrink and report the first split.

    An engine that cannot say what it plays, or that does not play the rule set, is an
    :class:`AdapterLoadError` (a split is the engine's failure, this is the run's). The same
    seed plays the same games, so a split found once is found again. Shrinking replays many
    runs on a slow child process; ``shrink_seconds`` caps it (through a hypothesis internal,
    left alone if a later hypothesis renames it).
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
    machine = make_machine(factory, under)
    config = settings(
        max_examples=max_examples,
        stateful_step_count=steps,
        deadline=None,
        derandomize=derandomize,
        database=None,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        phases=[phase for phase in Phase if phase != Phase.explain],  # nobody reads it
        report_multiple_bugs=False,
    )
    budget = (
        mock.patch.object(conjecture_engine, "MAX_SHRINKING_SECONDS", shrink_seconds)
        if hasattr(conjecture_engine, "MAX_SHRINKING_SECONDS")
        else contextlib.nullcontext()
    )
    test = get_state_machine_test(machine, settings=config)
    if seed is not None:
        test = hypothesis_seed(seed)(test)
    try:
        with budget:
            test()
    except Divergence as divergence:
        return DifferentialResult(str(divergence), max_examples, under.rule_set.name)
    return DifferentialResult(None, max_examples, under.rule_set.name)


PROG = "python -m pyramide.conformance.differential"


def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    """The command; ``prog`` is how the user called it, for the command that reruns a split."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play random games on an engine and on the reference; print the first "
        "split. Exit status: 0 no difference, 1 a difference, 2 usage or harness error.",
    )
    engine = parser.add_mutually_exclusive_group(required=True)
    engine.add_argument("--impl", help="package.module:factory of a Python adapter")
    engine.add_argument("--cmd", help='command of a JSON-lines engine, e.g. "node engine.js"')
    parser.add_argument(
        "--profile",
        metavar="NAME|FILE.yaml",
        help="the rule set: a named profile, one of the engine's own, or a YAML file of switch "
        "values (default: the first rule set the engine declares)",
    )
    parser.add_argument("--examples", type=int, default=100, help="random games (default: 100)")
    parser.add_argument("--steps", type=int, default=60, help="actions per game (default: 60)")
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"the seed the games are drawn from (default: {DEFAULT_SEED}; the same seed plays "
        "the same games)",
    )
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per request")
    args = parser.parse_args(argv)
    try:
        factory = load_factory(args.impl, args.cmd, args.timeout)
        result = run_differential(factory, args.examples, args.steps, args.profile, args.seed)
    except AdapterLoadError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    games = f"{result.examples} random games (seed {args.seed})"
    if result.agreed:
        print(f"no difference with the reference in {games}")
        return 0
    print(result.report)
    print(f"# found in {games}; this command plays the same games again:")
    print(f"#   {rerun_command(prog, args)}")
    return 1


def rerun_command(prog: str, args: argparse.Namespace) -> str:
    """The command line that plays the same games on the same engine again."""
    words = ["--impl", args.impl] if args.impl else ["--cmd", args.cmd]
    if args.profile is not None:
        words += ["--profile", args.profile]
    words += ["--examples", str(args.examples), "--steps", str(args.steps)]
    words += ["--seed", str(args.seed), "--timeout", f"{args.timeout:g}"]
    return f"{prog} {shlex.join(words)}"


if __name__ == "__main__":
    sys.exit(main())
