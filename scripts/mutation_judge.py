"""The mutation judge: does the conformance suite catch a mutant? — run only where it can.

A mutant of the reference engine changes a line or two. A scenario that never executes those
lines plays exactly as it did on the real engine, so only the scenarios that executed them (and
the invariant games, if they did) need to run again. The judge therefore works in two steps:

1. ``map`` (once, before any mutant): every check of :func:`checks` runs under ``coverage``
   with one *context* per scenario, which gives, for every line of the rule code, the scenarios
   (and invariant games) of every check that executed it, and each scenario's outcome.
2. ``judge`` (for each mutant, as Cosmic Ray's test command): it finds the lines the mutant
   changed (against the pristine copies), and for each check that executed them runs ``pyramide
   check`` on those scenarios alone. The mutant is killed as soon as such a run fails. If every
   selected scenario has the outcome it had on the real engine, the whole check would have the
   verdict it had, so it passes; if an outcome changed without failing (a scenario now outside
   the rule set, say, which could tip the coverage gate), the whole check runs.

Why a selected run gives the whole run's verdict:

- Code run before the first scenario (imports, the rule set worked out at collection, fixtures
  and the geometry's cached tables, warmed up front by :class:`Contexts`) is shared by every
  scenario: a line executed there makes the judge run the whole check.
- Results cached during a scenario (``functools.cache``) are pure functions of their
  arguments, so a later scenario reads the value it would have computed itself.
- Each scenario gets a fresh adapter; nothing else carries state from one to the next.

Two kinds of mutants need no run at all, and the judge says so on its output (Cosmic Ray keeps
it): a mutant that only changes type annotations (the rule modules never evaluate them: ``from
__future__ import annotations``), found by comparing the two syntax trees without annotations;
and a mutant of lines no check executes, which no check can catch.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import difflib
import faulthandler
import io
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest

RULE_CODE = ["game.py", "table.py", "moves.py", "layout.py", "profiles.py", "dealcode.py"]
"""The modules of reference/pyramide/ that hold the rules (the issue's "rule code")."""
PACKAGE = Path("reference/pyramide")
PRISTINE = Path("pristine")
"""Where the unmutated rule modules are kept, in the working copy the judge runs in."""
MAP = Path("coverage-map.json")
RULE_SETS = Path("judge-rule-sets")
"""Where the judge's YAML rule sets are written, in the working copy."""
AS_FILES = {
    "drawn-with-waste-one-recycle": ("drawn-with-waste", {"max_recycles": 1}),
    "thirteen-one-recycle": ("aisleriot-thirteen", {"max_recycles": 1}),
    "apophis-one-recycle": ("apophis", {"max_recycles": 1}),
}
"""Rule sets the judge also checks from YAML files: a profile with one switch changed, so that
no named profile matches and the engine gets the file's own values. Strings read from a file
are not the module's objects, which an ``is`` in place of ``==`` tells apart."""
SHARED = ""
"""The context of code run outside any scenario before the invariant games: shared by all."""
INVARIANT_ROWS = "invariants::"
"""How the report names the invariants' rows."""
INVARIANTS = "invariant games"
"""The context of the invariant games and the report, after the last scenario."""


def checks() -> list[dict[str, str]]:
    """The ``pyramide check`` runs that judge a mutant, cheapest killers first: every named
    profile (the app's first); the rule sets of :data:`AS_FILES` from YAML files; the app's
    and Microsoft's rules through the move-only shim, which names moves in ASCII
    (``pyramide.moves``) and plays only the moves the engine lists, as a move-only engine does
    (Microsoft's for a list with the stock's top card in it); and the app's rules over JSON
    lines, where every target and card name arrives as a string of its own (an ``is`` in place
    of ``==`` shows there). New checks go last: a run's map numbers its checks."""
    from pyramide.profiles import PROFILES

    runs = [{"profile": name} for name in sorted(PROFILES, key=lambda name: name != "app")]
    runs += [{"profile": str(RULE_SETS / f"{name}.yaml")} for name in AS_FILES]
    shim = "pyramide.conformance.moveshim:example_factory"
    runs += [{"impl": shim, "profile": "app"}, {"impl": shim, "profile": "microsoft"}]
    runs.append({"cmd": f"{sys.executable} -m pyramide.conformance.server", "profile": "app"})
    return runs


def twin(check: dict[str, str]) -> int | None:
    """For a check whose engine runs in another process (``cmd``), the in-process check of the
    same rule set: the server plays the same adapter, so a scenario executes the same lines of
    the rule code in both, which coverage sees only in the in-process one."""
    if "cmd" not in check:
        return None
    return checks().index({"profile": check["profile"]})


def write_rule_sets(workdir: Path) -> None:
    import yaml
    from pyramide.profiles import PROFILES

    folder = workdir / RULE_SETS
    folder.mkdir()
    for name, (profile, changed) in AS_FILES.items():
        rule_set = {"name": name, "switches": {**PROFILES[profile].switches, **changed}}
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(rule_set), encoding="utf-8")


# --- inside one check run -----------------------------------------------------------------


class Contexts:
    """Under coverage: one context per scenario, :data:`SHARED` before (with the shared caches
    warmed there) and :data:`INVARIANTS` after."""

    def __init__(self, coverage: Any) -> None:
        self.coverage = coverage

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        from pyramide.conformance.deal_fixtures import load_fixtures
        from pyramide.profiles import PROFILES

        load_fixtures()
        for geometry in {profile.geometry for profile in PROFILES.values()}:
            geometry.positions, geometry.covered_by  # noqa: B018 (cached)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        from pyramide.conformance.selection import scenario_id

        self.coverage.switch_context(scenario_id(item))
        yield
        self.coverage.switch_context(SHARED)

    def pytest_sessionfinish(self) -> None:
        self.coverage.switch_context(INVARIANTS)


def run_one(check: dict[str, str], report: Path, plugin: object | None, invariants: bool) -> int:
    """One ``pyramide check`` run, in this process. With a
    :class:`~pyramide.conformance.selection.Selection` it stops at the
    first failure (that is enough to kill) and has no coverage gate (that is the whole run's)."""
    from pyramide.conformance.runner import CheckOptions, run_check
    from pyramide.conformance.selection import Selection

    selecting = isinstance(plugin, Selection)
    options = CheckOptions(
        impl=check.get("impl"),
        cmd=check.get("cmd"),
        profile=check["profile"],
        report=report,
        invariant_games=12 if invariants else 0,
        min_coverage=0.0 if selecting else 50.0,
        pytest_args=["-x"] if selecting else [],
        plugins=[plugin] if plugin is not None else [],
    )
    with contextlib.redirect_stderr(io.StringIO()):  # the progress lines: not wanted here
        return run_check(options, out=io.StringIO())


def traced(index: int, workdir: Path) -> int:
    """Run check ``index`` whole under coverage, with a context per scenario."""
    import coverage

    include = [str(workdir / PACKAGE / name) for name in RULE_CODE]
    cov = coverage.Coverage(data_file=str(workdir / f"coverage-{index}"), include=include)
    cov.start()
    status = run_one(checks()[index], workdir / f"outcomes-{index}.jsonl", Contexts(cov), True)
    cov.stop()
    cov.save()
    return status


def invariants_alone(index: int, report: Path) -> int:
    """Check ``index``'s invariant games, without its scenarios; their rows go to ``report``."""
    from pyramide.conformance.invariants_check import invariant_results
    from pyramide.conformance.loading import load_factory, under_test
    from pyramide.conformance.results import ERRORED, FAILED

    check = checks()[index]
    factory = load_factory(check.get("impl"), check.get("cmd"), 5.0)
    rows = invariant_results(factory, 12, under_test(factory, check["profile"]), None)
    records = [{"type": "scenario", "id": row.id, "outcome": row.outcome} for row in rows]
    report.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return 1 if any(row.outcome in (FAILED, ERRORED) for row in rows) else 0


# --- the map -------------------------------------------------------------------------------


def outcomes(report: Path) -> dict[str, str]:
    """Scenario ID → outcome, from a ``--report`` file (invariant games included)."""
    found = {}
    for line in report.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "scenario":  # the invariants' rows are scenario rows too
            found[record["id"]] = record["outcome"]
    return found


def working_copy_env(workdir: Path) -> dict[str, str]:
    """The environment of a run on the working copy: its own ``pyramide`` package first, not the
    one installed from the repository."""
    return {**os.environ, "PYTHONPATH": str(workdir / "reference")}


def trace(workdir: Path, python: str, index: int) -> None:
    """Check ``index`` under coverage, in a process of its own. A check that fails on the
    real engine stops everything: there would be nothing to measure."""
    check = checks()[index]
    print(f"map: check {index + 1}/{len(checks())} {check}", file=sys.stderr, flush=True)
    status = subprocess.call(
        [python, __file__, "traced", str(index), str(workdir)],
        cwd=workdir,
        env=working_copy_env(workdir),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if status != 0:
        raise SystemExit(f"the unmutated engine fails check {check}: nothing to measure")


def build_map(workdir: Path, python: str, jobs: int = 1) -> dict[str, Any]:
    """Run every check under coverage (``jobs`` at a time); the map says, per file and line,
    which contexts of which check executed it, and keeps each check's outcomes."""
    from coverage import CoverageData

    indexes = range(len(checks()))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda index: trace(workdir, python, index), indexes))
    lines: dict[str, dict[int, dict[str, list[str]]]] = defaultdict(dict)
    baseline: dict[int, dict[str, str]] = {}
    for index in indexes:
        data = CoverageData(basename=str(workdir / f"coverage-{index}"))
        data.read()
        for measured in data.measured_files():
            contexts = data.contexts_by_lineno(measured)
            per_line = lines[Path(measured).name]
            for line, names in contexts.items():
                per_line.setdefault(line, {})[str(index)] = sorted(names)
        baseline[index] = outcomes(workdir / f"outcomes-{index}.jsonl")
    for index, check in enumerate(checks()):
        model = twin(check)
        for per_line in lines.values() if model is not None else ():
            for seen in per_line.values():
                if str(model) in seen:
                    seen[str(index)] = seen[str(model)]
    return {"lines": lines, "outcomes": baseline}


# --- judging one mutant --------------------------------------------------------------------


def changed_lines(workdir: Path) -> dict[str, set[int]]:
    """File → the lines of the pristine file that the mutant changed or removed."""
    changed: dict[str, set[int]] = {}
    for name in RULE_CODE:
        before = (workdir / PRISTINE / name).read_text(encoding="utf-8").splitlines()
        after = (workdir / PACKAGE / name).read_text(encoding="utf-8").splitlines()
        if before == after:
            continue
        matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
        lines = {
            line + 1
            for tag, start, end, _, _ in matcher.get_opcodes()
            if tag != "equal"
            for line in range(start, max(end, start + 1))
        }
        changed[name] = lines
    return changed


class _NoAnnotations(ast.NodeTransformer):
    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.annotation = None
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        node.returns = None
        self.generic_visit(node)
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AnnAssign:
        node.annotation = ast.Constant(None)
        self.generic_visit(node)
        return node


def only_annotations(workdir: Path, files: Iterable[str]) -> bool:
    """Whether the mutant changed nothing but annotations, which the rule modules never
    evaluate (each starts with ``from __future__ import annotations``)."""

    def bare(path: Path) -> str:
        return ast.dump(_NoAnnotations().visit(ast.parse(path.read_text(encoding="utf-8"))))

    return all(bare(workdir / PRISTINE / name) == bare(workdir / PACKAGE / name) for name in files)


def statement_lines(source: str, lines: set[int]) -> set[int]:
    """The changed lines plus the first line of every statement that holds one: coverage
    records a statement spread over several lines under its first line."""
    found = set(lines)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt) and node.end_lineno is not None:
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            body = getattr(node, "body", None)
            last = body[0].lineno - 1 if body else node.end_lineno
            if any(first <= line <= last for line in lines):
                found.add(node.lineno)
                found.update(d.lineno for d in getattr(node, "decorator_list", []))
    return found


def contexts_per_check(workdir: Path, changed: dict[str, set[int]]) -> dict[int, set[str]]:
    """Check index → the contexts in which that check executed any changed line."""
    lines = json.loads((workdir / MAP).read_text(encoding="utf-8"))["lines"]
    found: dict[int, set[str]] = defaultdict(set)
    for name, numbers in changed.items():
        source = (workdir / PRISTINE / name).read_text(encoding="utf-8")
        for line in statement_lines(source, numbers):
            for index, names in lines.get(name, {}).get(str(line), {}).items():
                found[int(index)].update(names)
    return dict(found)


class Verdict:
    """One mutant's trial, check by check, cheapest evidence first: the selected scenarios of
    every check, then the invariant games that ran the changed lines, then, for a check where
    an outcome changed without failing (which could tip its coverage gate), the whole check.
    It runs in this process, which imported the mutant: a process per check cost more than
    most selections."""

    def __init__(self, workdir: Path, per_check: dict[int, set[str]]) -> None:
        self.workdir = workdir
        self.per_check = per_check
        self.baseline = json.loads((workdir / MAP).read_text(encoding="utf-8"))["outcomes"]
        self.report = workdir / "judge-outcomes.jsonl"

    def caught(self) -> bool:
        playing = [i for i in sorted(self.per_check) if self._shared(i) or self._games(i)]
        whole: list[int] = []
        for index in sorted(self.per_check):
            nodeids = self._scenarios(index)
            if nodeids:
                status = self._run(index, partial(self._scenarios_run, index, nodeids))
                if status is None:
                    whole.append(index)
                elif status:
                    return True
        for index in playing:
            status = self._run(index, partial(invariants_alone, index, self.report))
            if status is None:
                whole.append(index)
            elif status:
                return True
        return any(self._run(i, partial(self._whole, i)) for i in sorted(set(whole)))

    def _shared(self, index: int) -> bool:
        """Whether the check ran the lines outside its scenarios and games (all scenarios then)."""
        return bool(self.per_check[index] - set(self.baseline[str(index)]) - {INVARIANTS})

    def _games(self, index: int) -> bool:
        return INVARIANTS in self.per_check[index]

    def _scenarios(self, index: int) -> list[str]:
        known = self.baseline[str(index)]
        if self._shared(index):
            return sorted(n for n in known if not n.startswith(INVARIANT_ROWS))
        return sorted(self.per_check[index] - {INVARIANTS})

    def _scenarios_run(self, index: int, nodeids: list[str]) -> int:
        from pyramide.conformance.selection import Selection

        return run_one(checks()[index], self.report, Selection(nodeids), invariants=False)

    def _whole(self, index: int) -> int:
        return run_one(checks()[index], self.report, None, invariants=True)

    def _run(self, index: int, run: Callable[[], int]) -> bool | None:
        """True: the check fails on the mutant; False: every outcome is the real engine's;
        None: an outcome changed without failing, so only the whole check can tell."""
        try:
            status = run()
        except Exception as error:  # the mutant broke the harness itself: the check fails
            print(f"check {index}: {type(error).__name__}: {error}")
            return True
        if status != 0:
            print(f"check {index}: fails")
            return True
        known = self.baseline[str(index)]
        same = all(known.get(k) == v for k, v in outcomes(self.report).items())
        return False if same else None


def self_check(workdir: Path) -> None:
    """The judge must pass the unmutated engine, whole and on a selection (some scenarios with
    the invariant games, the invariant games alone): otherwise every mutant would look killed.
    Run in a process of its own, on the working copy's engine."""
    status = subprocess.call(
        [sys.executable, __file__, "self-check", str(workdir)],
        cwd=workdir,
        env=working_copy_env(workdir),
    )
    if status != 0:
        raise SystemExit("the judge's self-check failed: nothing would be measured")


def check_self(workdir: Path) -> int:
    """The self-check itself, in the process that imported the working copy's engine."""
    problems = [] if judge(workdir) == 0 else ["the judge fails the unmutated engine"]
    mapped = json.loads((workdir / MAP).read_text(encoding="utf-8"))["lines"]
    problems += [
        f"no check ran {name} of the working copy" for name in RULE_CODE if name not in mapped
    ]
    baseline = json.loads((workdir / MAP).read_text(encoding="utf-8"))["outcomes"]["0"]
    some = {nodeid for nodeid in sorted(baseline) if "::test_" in nodeid}
    for contexts in ({*sorted(some)[:5], INVARIANTS}, {INVARIANTS}, {SHARED}):
        if Verdict(workdir, {0: contexts}).caught():
            problems.append(f"a selected run fails the unmutated engine: {sorted(contexts)}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


HANG_LIMIT = 300.0
"""Seconds after which a mutant counts as caught: a check that never ends fails its user's CI.
Surviving mutants take under two minutes even on busy cores."""


def judge(workdir: Path) -> int:
    """Cosmic Ray's test command: exit 1 when the suite catches the mutant, 0 when not. A
    mutant can hang the engine inside one C call (``**`` on a 64-bit state), where no Python
    signal handler runs: faulthandler's watchdog thread ends the process even then."""
    faulthandler.dump_traceback_later(HANG_LIMIT, exit=True)
    changed = changed_lines(workdir)
    if not changed:
        print("no change")
        return 0
    if only_annotations(workdir, changed):
        print("EQUIVALENT: only annotations changed")
        return 0
    per_check = contexts_per_check(workdir, changed)
    if not per_check:
        print("NOT EXECUTED: no check runs these lines")
        return 0
    started = time.perf_counter()
    if Verdict(workdir, per_check).caught():
        print(f"killed in {time.perf_counter() - started:.1f} s")
        return 1
    elapsed = time.perf_counter() - started
    print(f"SURVIVED: {len(per_check)} checks ran the changed lines, none failed ({elapsed:.1f} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, what in (("judge", "judge the mutant"), ("self-check", "judge the real engine")):
        commands.add_parser(name, help=f"{what} in WORKDIR").add_argument("workdir", type=Path)
    traced_run = commands.add_parser("traced", help="run one check under coverage")
    traced_run.add_argument("index", type=int)
    traced_run.add_argument("workdir", type=Path)
    args = parser.parse_args(argv)
    workdir = args.workdir.resolve()
    if args.command == "traced":
        return traced(args.index, workdir)
    return judge(workdir) if args.command == "judge" else check_self(workdir)


if __name__ == "__main__":
    sys.exit(main())
