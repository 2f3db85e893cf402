"""The invariants as part of ``pyramide check``: random play reported like scenarios.

Each invariant becomes one result row citing the rules it protects, so the per-rule table and
every report show it; a failed row names the rules its failed checks were about, and a game the
engine could not finish (crash, timeout, garbage) is an *errored* row of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TextIO

from .adapter import Adapter
from .checks import holding
from .exchange import request_line, table_lines
from .invariants import GameRecord, Violation, run_invariants
from .reliance import rules_used
from .results import ERRORED, FAILED, NOT_APPLICABLE, OUTSIDE, PASSED, ScenarioResult
from .rulesets import UnderTest
from .specdata import load_rules

FEATURE = "invariants (random play)"
INVARIANT_RULES: dict[str, tuple[str, ...]] = {
    "score": ("SCORE-PYRAMID-CARD", "SCORE-NOTHING-ELSE", "SCORE-ONE-PER-CARD"),
    "cards": ("DEAL-DECK", "PAIR-THIRTEEN", "KING-ALONE"),
    "move-counter": ("MOVES-COUNT", "UNDO-COUNTER-KEEPS", "UNDO-COUNTER-RESTORES"),
    "undo": ("UNDO-RESTORES",),
    "won-score": ("SCORE-WIN-280",),
    "won": ("END-WIN", "VAR-STRICT-WIN"),
    "covered": ("FREE-PYRAMID", "PAIR-NOT-COVERING", "VAR-COVERING-PAIR"),
    "moves": (
        "PAIR-THIRTEEN",
        "FREE-PYRAMID",
        "FREE-WASTE-TOP",
        "STOCK-OUT-OF-PLAY",
        "RECYCLE-ORDER",
    ),
    "status": ("END-NO-MORE-MOVES", "END-PLAY-GOES-ON", "VAR-LIMITED-PASSES"),
}
"""Each invariant and the catalogue rules it shows; a row cites those that hold for the engine's
rule set and conventions, and is outside the rule set when none does (an engine with no score
has no score invariant). A failed row blames the rules its failed checks were about
(:attr:`Violation.rules`), which may be others: a card count wrong after a draw is the draw's."""
INVARIANT_RELIES: dict[str, tuple[str, ...]] = {"won-score": ("score",)}
"""What an invariant reads through besides its own rules (keys of :data:`reliance.RULES_USED`)."""


def invariant_results(
    factory: Callable[[], Adapter],
    games: int,
    under: UnderTest,
    progress: TextIO | None,
) -> list[ScenarioResult]:
    """Play ``games`` random games on the engine under the rule set being checked and turn
    what broke into result rows."""
    if games <= 0:
        return []
    name = f"holds over {games} random games ({under.rule_set.name} rules)"
    if under.binding is None:
        reason = f"the engine does not play the {under.rule_set.name} rules"
        return [
            _row(invariant, name, rules, NOT_APPLICABLE, reason)
            for invariant, rules in INVARIANT_RULES.items()
        ]
    capabilities = under.capabilities

    def report(record: GameRecord) -> None:
        if progress is not None:
            print(
                f"[invariants] game seed {record.seed}: {record.actions} actions, {record.status}",
                file=progress,
                flush=True,
            )

    violations = run_invariants(factory, games=games, on_game=report, under=under)
    rows = []
    catalogue = load_rules().rules
    states = under.states
    for invariant, candidates in INVARIANT_RULES.items():
        found = [v for v in violations if v.invariant == invariant]
        rules = tuple(rule for rule in candidates if catalogue[rule].holds(states))
        if not rules:
            why = "; ".join(line for r in candidates for line in catalogue[r].conflicts(states))
            rows.append(_row(invariant, name, candidates, OUTSIDE, why))
        elif invariant == "undo" and not capabilities.undo:
            rows.append(_row(invariant, name, rules, NOT_APPLICABLE, "the engine has no undo"))
        else:
            row = _row(invariant, name, rules, FAILED if found else PASSED, _text(found))
            relies = rules_used(INVARIANT_RELIES.get(invariant, ()), states)
            checked = holding(states, sorted({rule for v in found for rule in v.rules}))
            rows.append(replace(row, relies_on=relies, subject=rules[0], checked=checked))
    crashes = [v for v in violations if v.invariant == "engine"]
    if crashes:
        rows.append(_row("engine", "random games run to the end", (), ERRORED, _text(crashes)))
    return rows


def _row(
    invariant: str, name: str, rules: tuple[str, ...], outcome: str, reason: str
) -> ScenarioResult:
    return ScenarioResult(
        f"invariants::{invariant}", FEATURE, f"{invariant}: {name}", rules, outcome, reason
    )


def _text(violations: list[Violation]) -> str:
    """The first violation in full (start and actions replay it), then how many more."""
    if not violations:
        return ""
    first = violations[0]
    lines = [
        f"{first.invariant}: {first.detail}",
        f"  start: {request_line({'op': 'start', **first.start})}",
        *(f"    {line}" for line in start_table(first.start)),
        f"  actions: {' '.join(first.actions) or '(none)'}",
    ]
    if len(violations) > 1:
        lines.append(f"(and {len(violations) - 1} more games)")
    return "\n".join(lines)


def start_table(start: Mapping[str, Any]) -> list[str]:
    """The table a random game started from (``start``'s layout), drawn as the console draws
    one, its stock top first; none for a game dealt by a code."""
    layout = start.get("layout")
    if layout is None:
        return []
    shown = {**layout, "stock_size": len(layout["stock"]), "status": "", "score": 0, "moves": 0}
    return table_lines(shown)[:-1]  # a layout has no status, score nor counter
