"""The invariants as part of ``pyramide check``: random play reported like scenarios.

Each invariant becomes one result row citing the rules it protects, so the per-rule table and
every report show it; a game the engine could not finish (crash, timeout, garbage) is an
*errored* row of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from .adapter import Adapter, AdapterError
from .invariants import GameRecord, Violation, run_invariants
from .results import ERRORED, FAILED, NOT_APPLICABLE, PASSED, ScenarioResult

FEATURE = "invariants (random play)"
INVARIANT_RULES: dict[str, tuple[str, ...]] = {
    "score": ("SCORE-PYRAMID-CARD", "SCORE-NOTHING-ELSE"),
    "cards": ("DEAL-DECK", "PAIR-THIRTEEN", "KING-ALONE"),
    "move-counter": ("MOVES-COUNT", "UNDO-COUNTER-KEEPS"),
    "undo": ("UNDO-RESTORES",),
    "won-score": ("SCORE-WIN-280",),
}
"""Each invariant and the catalogue rules that a violation of it breaks."""


def invariant_results(
    factory: Callable[[], Adapter], games: int, profile: str, progress: TextIO | None
) -> list[ScenarioResult]:
    """Play ``games`` random games on the engine and turn what broke into result rows."""
    if games <= 0:
        return []
    try:
        capabilities = factory().capabilities()
    except AdapterError as error:
        return [_row("engine", "the engine did not answer", (), ERRORED, str(error))]
    name = f"holds over {games} random games ({profile} rules)"
    if profile not in capabilities.profiles:
        reason = f"the engine does not claim the {profile} profile"
        return [
            _row(invariant, name, rules, NOT_APPLICABLE, reason)
            for invariant, rules in INVARIANT_RULES.items()
        ]

    def report(record: GameRecord) -> None:
        if progress is not None:
            print(
                f"[invariants] game seed {record.seed}: {record.actions} actions, {record.status}",
                file=progress,
                flush=True,
            )

    violations = run_invariants(factory, games=games, profile=profile, on_game=report)
    rows = []
    for invariant, rules in INVARIANT_RULES.items():
        found = [v for v in violations if v.invariant == invariant]
        if invariant == "undo" and not capabilities.undo:
            rows.append(_row(invariant, name, rules, NOT_APPLICABLE, "the engine has no undo"))
        else:
            rows.append(_row(invariant, name, rules, FAILED if found else PASSED, _text(found)))
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
    more = f"\n(and {len(violations) - 1} more games)" if len(violations) > 1 else ""
    return f"{violations[0]}{more}"
