"""How often the verdict names exactly the rule broken, on real engines with one fault planted.

The suite's zoo (``tests/``) holds engines written for it; this measures the verdict on engines
it was not written for: soliterm (PyPI) and, given a checkout, PySolFC. Each fault changes one
line of the engine's own rules at run time (a monkeypatch, nothing of theirs is copied), and
the engine is then checked under the rule set it plays, with its known deviations set aside,
so that the fault planted is the only thing wrong with it. A case is *right* when the "rules at
fault" of every report format (console, Markdown, HTML, JSON lines) is exactly the rules the
fault breaks; an unplanted run of each engine is the control (nothing at fault, exit 0).

Run from the repository root (soliterm: ``pip install soliterm==1.2.0``; PySolFC: see
``docs/examples/pysolfc/README.md``)::

    python benchmarks/planted_faults.py                      # soliterm only
    PYSOLFC_DIR=~/src/PySolFC python benchmarks/planted_faults.py

Progress goes to standard error, one line per case to standard output, then ``headline right
in N of M planted faults``. The factories below are what ``--impl`` names in each check.
"""

from __future__ import annotations

import argparse
import html
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

# --- the faults, each one line of the engine's rules -----------------------------------------


def _soliterm_pyramid() -> Any:
    from soliterm.engine.games.pyramid import Pyramid

    return Pyramid


def plant_soliterm(fault: str) -> None:
    """soliterm/engine/games/pyramid.py with one rule changed."""
    pyramid = _soliterm_pyramid()
    if fault == "pairs-make-14":
        from soliterm.engine.cards import KING

        def can_drop(self: Any, g: Any, src: int, cards: list[Any], dst: int) -> bool:
            card = cards[0]
            if dst == self.discard:
                waste = g.cards(self.waste)
                pair = len(waste) > 1 and waste[-1].rank + waste[-2].rank == 14
                return bool(card.rank == KING or (src == self.waste and pair))
            partner = self._free(g, dst)
            return partner is not None and card.rank + partner.rank == 14

        pyramid.can_drop = can_drop
    elif fault == "free-when-either-gone":
        from soliterm.engine.games import pyramid as module

        after_move = pyramid.after_move

        def flips_early(self: Any, g: Any, src: int, cards: list[Any], dst: int) -> None:
            after_move(self, g, src, cards, dst)
            for i, covers in enumerate(module.COVERS):
                if covers and any(g.empty(self.pyramid[c]) for c in covers):
                    g.flip_top(self.pyramid[i])

        pyramid.after_move = flips_early
    elif fault == "two-points-a-card":
        after_move = pyramid.after_move

        def doubles(self: Any, g: Any, src: int, cards: list[Any], dst: int) -> None:
            after_move(self, g, src, cards, dst)
            g.score *= 2

        pyramid.after_move = doubles
    elif fault == "stuck-beside-a-waste-pair":

        def is_dead_end(self: Any, g: Any) -> bool:
            """Out of stock, with no King and no pair among the pyramid's free cards and the
            waste's top: the waste's top two, which pair too, forgotten."""
            free = [c for c in (self._free(g, s) for s in (*self.pyramid, self.waste)) if c]
            pairs = [a for n, a in enumerate(free) for b in free[n + 1 :] if a.rank + b.rank == 13]
            return not g.cards(self.stock) and not pairs and all(c.rank != 13 for c in free)

        pyramid.is_dead_end = is_dead_end
    else:
        raise ValueError(fault)


def plant_pysolfc(fault: str) -> None:
    """pysollib/games/pyramid.py with one rule changed (ranks count from 0 there: 11 is 13)."""
    import pysolfc_adapter  # type: ignore[import-not-found]  # noqa: F401  (puts pysollib on the path)
    from pysollib.games import pyramid  # type: ignore[import-not-found]

    if fault == "pairs-make-14":
        accepts = pyramid.Pyramid_StackMethods.acceptsCards

        def fourteen(self: Any, from_stack: Any, cards: list[Any]) -> bool:
            if not self.cards or not cards:
                return bool(accepts(self, from_stack, cards))
            saved = cards[0].rank
            return bool(
                not self.basicIsBlocked()
                and from_stack is not self
                and len(cards) == 1
                and self.cards[-1].face_up
                and cards[0].face_up
                and saved + self.cards[-1].rank == 12
            )

        pyramid.Pyramid_StackMethods.acceptsCards = fourteen
    elif fault == "free-when-either-gone":

        def blocked(self: Any) -> bool:
            return bool(self.blockmap) and all(r.cards for r in self.blockmap)

        pyramid.Pyramid_RowStack.basicIsBlocked = blocked
    else:
        raise ValueError(fault)


PLANTERS: dict[str, tuple[str, Callable[[str], None]]] = {
    "soliterm": ("soliterm_adapter", plant_soliterm),
    "pysolfc": ("pysolfc_adapter", plant_pysolfc),
}
"""Each engine's adapter module (on the path in :func:`headlines`) and how a fault is planted."""


def _factory(engine: str, fault: str | None) -> Callable[[], Any]:
    """The factory ``--impl`` names: the engine's adapter, with ``fault`` planted first."""
    module, plant = PLANTERS[engine]

    def make() -> Any:
        adapter = importlib.import_module(module)
        if fault:
            plant(fault)
        return adapter.make_adapter()

    return make


@dataclass(frozen=True)
class Case:
    """One engine with one fault (or none), the rule set it plays and the rules it breaks."""

    engine: str
    fault: str | None
    profile: str
    breaks: tuple[str, ...]
    deviations: Path | None

    @property
    def factory(self) -> str:
        return f"{self.engine}_{(self.fault or 'unplanted').replace('-', '_')}"


PAIRS = ("PAIR-THIRTEEN",)
"""A pair worth 14 breaks the sum: every card keeps its value (PAIR-VALUES), as a pair of a
Jack and a 2 refused would show."""
SOLITERM = EXAMPLES / "soliterm" / "known-deviations.yaml"
CASES = [
    Case("soliterm", None, "aisleriot-thirteen", (), SOLITERM),
    Case("soliterm", "pairs-make-14", "aisleriot-thirteen", PAIRS, SOLITERM),
    # a covered card turned face up early: under the face-down switch it is shown too soon
    Case(
        "soliterm",
        "free-when-either-gone",
        "aisleriot-thirteen",
        ("FREE-PYRAMID", "VAR-FACE-DOWN"),
        SOLITERM,
    ),
    Case("soliterm", "two-points-a-card", "aisleriot-thirteen", ("SCORE-ONE-PER-CARD",), SOLITERM),
    # issue 33 B: a status contradicting the moves the engine itself lists; with a single pass
    # the rule saying when the game is stuck is the limited passes' (END-NO-MORE-MOVES holds
    # only where the waste is recycled without limit)
    Case(
        "soliterm",
        "stuck-beside-a-waste-pair",
        "aisleriot-thirteen",
        ("VAR-LIMITED-PASSES",),
        SOLITERM,
    ),
]
PYSOLFC_DEVIATIONS = EXAMPLES / "pysolfc" / "known-deviations-pyramid.yaml"
PYSOLFC_CASES = [
    Case("pysolfc", None, "pysolfc-pyramid", (), PYSOLFC_DEVIATIONS),
    Case("pysolfc", "pairs-make-14", "pysolfc-pyramid", PAIRS, PYSOLFC_DEVIATIONS),
    Case("pysolfc", "free-when-either-gone", "pysolfc-pyramid", ("FREE-PYRAMID",), None),
]
for _case in (*CASES, *PYSOLFC_CASES):
    globals()[_case.factory] = _factory(_case.engine, _case.fault)


# --- one check, every format read back ---------------------------------------------------------

CONSOLE = re.compile(r"^rules at fault[^:]*: (.*)$", re.MULTILINE)
MARKDOWN = re.compile(r"^\**Rules at fault\**:?\**:? (.*)$", re.MULTILINE | re.IGNORECASE)
HTML = re.compile(r"[Rr]ules at fault[^:\n]*:?\s*([^\n]*)")


def _rules(text: str | None) -> tuple[str, ...]:
    return tuple(sorted(re.findall(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+", text or "")))


def _first(pattern: re.Pattern[str], text: str) -> str | None:
    found = pattern.search(text)
    return found.group(1) if found else None


def headlines(case: Case, games: int) -> tuple[int, dict[str, tuple[str, ...]]]:
    """Check ``case``'s engine; its exit status and the rules at fault each format names."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        command = [
            *(sys.executable, "-m", "pyramide.cli", "check", "-q"),
            *("--impl", f"planted_faults:{case.factory}", "--profile", case.profile),
            *("--invariant-games", str(games)),
            *("--report", str(out / "r.jsonl"), "--markdown", str(out / "m.md")),
            *("--html", str(out / "r.html")),
            *(("--expected-failures", str(case.deviations)) if case.deviations else ()),
        ]
        paths = [Path(__file__).parent, EXAMPLES / "soliterm", EXAMPLES / "pysolfc"]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        if done.returncode == 2:
            raise SystemExit(f"{case.factory}: the check could not run:\n{done.stderr}")
        records = (out / "r.jsonl").read_text(encoding="utf-8").splitlines()
        footer = [r for r in map(json.loads, records) if r.get("type") == "footer"]
        page = html.unescape(re.sub(r"<(?!/)[^>]*>", "", (out / "r.html").read_text("utf-8")))
        return done.returncode, {
            "console": _rules(_first(CONSOLE, done.stdout)),
            "markdown": _rules(_first(MARKDOWN, (out / "m.md").read_text(encoding="utf-8"))),
            "html": _rules(_first(HTML, page)),
            "json": tuple(sorted(footer[-1]["at_fault"])) if footer else (),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--invariant-games", type=int, default=12)
    parser.add_argument("--only", metavar="WORD", help="only the cases whose factory has WORD")
    options = parser.parse_args(argv)
    cases = CASES + (PYSOLFC_CASES if os.environ.get("PYSOLFC_DIR") else [])
    cases = [case for case in cases if (options.only or "") in case.factory]
    right = planted = 0
    for case in cases:
        print(f"[planted] {case.factory} ...", file=sys.stderr, flush=True)
        status, seen = headlines(case, options.invariant_games)
        expected = tuple(sorted(case.breaks))
        ok = all(rules == expected for rules in seen.values()) and (status == 0) == (not expected)
        if case.fault:
            planted += 1
            right += ok
        named = "; ".join(f"{fmt}: {', '.join(rules) or '-'}" for fmt, rules in seen.items())
        print(
            f"{'RIGHT' if ok else 'WRONG'} {case.factory} (exit {status}) expected "
            f"{', '.join(expected) or 'nothing'} — {named}"
        )
    print(f"headline right in {right} of {planted} planted faults")
    return 0


if __name__ == "__main__":
    sys.exit(main())
