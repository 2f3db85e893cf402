"""Write, or check, the tables of ``docs/engines.md`` from runs of ``pyramide check`` and
``pyramide detect``.

The engines page says what real engines get from the suite; a figure typed by hand goes stale
the day a scenario is added, so every figure on it is written here from the runs, between
``<!-- begin NAME -->`` and ``<!-- end NAME -->`` markers, and the prose around them gives
none. soliterm is a development dependency, so its row is measured every time (and by the
tests, which fail when the page differs). PySolFC is not on PyPI: its rows are measured only
when a checkout is given, and kept as last measured otherwise, with the date and commits they
were measured at::

    python scripts/build_engines.py                          # soliterm measured, PySolFC kept
    python scripts/build_engines.py --pysolfc ~/src/PySolFC  # every row measured
    python scripts/build_engines.py --check                  # exit 1 if the page differs

The commands each row is measured with are written out too (the page's "Reproducing" block
and the check commands of ``docs/examples/pysolfc/README.md``), so that what the pages tell a
reader to run is what was run. Both commands run in this process (``pyramide.cli.main``), so
that PySolFC's game database is imported once for all its rows.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from pyramide import cli

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "engines.md"
PYSOLFC_README = ROOT / "docs" / "examples" / "pysolfc" / "README.md"
WIDTH = 100
"""Command lines are wrapped at option boundaries to stay within this width."""


class BuildError(Exception):
    """A row that could not be measured, or a page the script cannot write into."""


@dataclass(frozen=True)
class Engine:
    """How an engine's adapter is reached: the folder it is imported from and the variables
    its commands need, as a reader sets them."""

    folder: str
    """The adapter's folder, relative to the repository (put on ``PYTHONPATH``)."""
    env: tuple[tuple[str, str], ...] = ()
    """Further variables, with the value the documentation shows (e.g. ``PYSOLFC_DIR``)."""

    def exports(self) -> str:
        """What the documented commands ``export`` before they run."""
        return " ".join(
            f"{name}={value}" for name, value in (*self.env, ("PYTHONPATH", self.folder))
        )


SOLITERM_ENGINE = Engine("docs/examples/soliterm")
PYSOLFC_ENGINE = Engine("docs/examples/pysolfc", (("PYSOLFC_DIR", "~/src/PySolFC"),))
PYSOLFC_PROFILES = ("pysolfc-pyramid", "pysolfc-relaxed", "pysolfc-apophis")
"""The PySolFC games that play a named profile of the suite; the others play rule sets of the
adapter's own, in ``docs/examples/pysolfc/<name>.yaml``."""
PAGE_READINGS = {"pysolfc-apophis": "apophis"}
"""A PySolFC game with a named profile of its own whose rules page the suite reads otherwise:
the page's profile, which the game is measured against too (PySolFC's Apophis chooses no pile,
the classic page's lets the player choose)."""


@dataclass(frozen=True)
class Row:
    """One row of a table: the cells that do not come from a run, and the commands that
    measure the others (arguments after ``pyramide``, paths relative to the repository)."""

    name: str
    """The first cell: the engine (or game), which also finds the row on the page."""
    engine: Engine
    check: tuple[str, ...]
    detect: tuple[str, ...] = ()
    static: tuple[str, ...] = ()
    """The cells between the name and the measured ones (adapter, profile)."""

    @property
    def deviations(self) -> str | None:
        """The ``--expected-failures`` file of the check, if it has one."""
        args = self.check
        return (
            args[args.index("--expected-failures") + 1] if "--expected-failures" in args else None
        )


def _pysolfc_row(game: str, name: str, rule_set: str, *extra: str) -> Row:
    """A PySolFC game checked under the rule set it plays (a named profile, or the adapter's
    YAML file of that name), and detected as playing the named profile it is closest to."""
    named = rule_set in PYSOLFC_PROFILES
    profile = rule_set if named else f"docs/examples/pysolfc/{rule_set}.yaml"
    deviations = f"docs/examples/pysolfc/known-deviations-{rule_set.removeprefix('pysolfc-')}.yaml"
    factory = "make_adapter" if named else "make_profile_adapter"
    shown = f"`{rule_set}`" if named else f"[`{rule_set}`]({profile.removeprefix('docs/')})"
    return Row(
        f'PySolFC "{name}" (game {game})',
        PYSOLFC_ENGINE,
        ("check", "--impl", "pysolfc_adapter:make_adapter", "--profile", profile,
         "--expected-failures", deviations, *extra),
        ("detect", "--impl", f"pysolfc_adapter:{factory}", "--profile", _said(rule_set), "--json"),
        ("[PySolFC's](examples/pysolfc/README.md)" if game == "38" else "same", shown),
    )  # fmt: skip


def _said(rule_set: str) -> str:
    """The suite's named profile a PySolFC game is detected as playing."""
    return rule_set if rule_set in PYSOLFC_PROFILES else rule_set.removeprefix("pysolfc-")


def _page_profile(row: Row) -> str | None:
    """The suite's named profile a PySolFC game is measured against, as the rules page says
    the game (``make_profile_adapter``), or None when its own profile is the page's too."""
    said = row.detect[row.detect.index("--profile") + 1]
    return PAGE_READINGS.get(said) if said in PYSOLFC_PROFILES else said


SOLITERM = Row(
    "soliterm (its `pyramid` game: AisleRiot's Thirteen)",
    SOLITERM_ENGINE,
    ("check", "--impl", "soliterm_adapter:make_adapter", "--profile", "aisleriot-thirteen",
     "--expected-failures", "docs/examples/soliterm/known-deviations.yaml"),
    ("detect", "--impl", "soliterm_adapter:make_adapter", "--json"),
    ("[soliterm's](examples/soliterm/soliterm_adapter.py)", "`aisleriot-thirteen`"),
)  # fmt: skip
PYSOLFC = (
    _pysolfc_row("38", "Pyramid", "pysolfc-pyramid"),
    _pysolfc_row("193", "Relaxed Pyramid", "pysolfc-relaxed"),
    _pysolfc_row("592", "Giza", "pysolfc-giza"),
    _pysolfc_row("658", "Apophis", "pysolfc-apophis"),
    _pysolfc_row("681", "King Tut", "pysolfc-king-tut"),
    _pysolfc_row("700", "Triangle", "pysolfc-triangle"),
)
"""PySolFC's Pyramid games, each under the rule set it plays (docs/examples/pysolfc/README.md)."""
NAMED = tuple(
    Row(
        row.name,
        PYSOLFC_ENGINE,
        ("check", "--impl", "pysolfc_adapter:make_profile_adapter", "--profile", said),
        static=(f"`{said}`",),
    )
    for row in PYSOLFC
    if (said := _page_profile(row)) is not None
)
"""The variant games said to play the suite's profile of the same name, to show how far they
are from it (``make_profile_adapter``)."""


@dataclass(frozen=True)
class Measurement:
    """What the commands of one row gave."""

    status: int
    """The exit status of ``pyramide check``."""
    records: list[dict[str, Any]]
    """The check's JSON-lines report (``--report``)."""
    detection: Mapping[str, Any] | None = None
    """``pyramide detect --json``'s answer, for rows that run it."""
    version: str = ""
    seconds: float = 0.0


@contextmanager
def _importable(folder: Path) -> Iterator[None]:
    """The adapter's folder on ``sys.path`` while a command runs, as ``PYTHONPATH`` puts it."""
    sys.path.insert(0, str(folder))
    try:
        yield
    finally:
        sys.path.remove(str(folder))


def absolute(args: Sequence[str]) -> list[str]:
    """The documented arguments with their repository paths made absolute."""
    return [str(ROOT / arg) if arg.startswith("docs/") else arg for arg in args]


def pyramide(row: Row, args: Sequence[str]) -> tuple[int, str]:
    """``pyramide ARGS`` in this process, with the row's adapter importable: the exit status
    and standard output; a harness error (exit 2) raises, naming the row and the cause."""
    out, err = io.StringIO(), io.StringIO()
    with _importable(ROOT / row.engine.folder), redirect_stdout(out), redirect_stderr(err):
        try:
            status = cli.main(absolute(args))
        except SystemExit as stop:  # argparse's usage errors
            status = stop.code if isinstance(stop.code, int) else 2
    if status not in (0, 1):
        lines = [line for line in err.getvalue().splitlines() if not line.startswith("[")]
        cause = lines[-1] if lines else f"exit status {status}"
        raise BuildError(f"{row.name}: pyramide {' '.join(args)}: {cause}")
    return status, out.getvalue()


def measure(row: Row, version: str) -> Measurement:
    """Run the row's check (and detect, if it has one)."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "run.jsonl"
        status, _ = pyramide(row, [*row.check, "--report", str(report)])
        if not report.exists():
            raise BuildError(f"{row.name}: pyramide check wrote no report")
        records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    detection = detect_json(row) if row.detect else None
    return Measurement(status, records, detection, version, time.perf_counter() - started)


def detect_json(row: Row) -> dict[str, Any]:
    """``pyramide detect --json``'s answer for the row."""
    _, out = pyramide(row, row.detect)
    try:
        found = json.loads(out)
    except json.JSONDecodeError:
        found = None
    if not isinstance(found, dict):
        raise BuildError(f"{row.name}: pyramide detect printed no JSON object")
    return found


def _footer(row: Row, measured: Measurement) -> dict[str, Any]:
    footer = measured.records[-1] if measured.records else {}
    if footer.get("type") != "footer":
        raise BuildError(f"{row.name}: the check's report has no footer")
    return footer


def _field(row: Row, footer: Mapping[str, Any], *keys: str) -> Any:
    """``footer[key][key]…``, or a clear error naming the row when the report lacks it."""
    value: Any = footer
    for key in keys:
        if not isinstance(value, Mapping) or key not in value:
            raise BuildError(f"{row.name}: the check's report has no {'.'.join(keys)}")
        value = value[key]
    return value


def _percent(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def checked_cell(row: Row, footer: Mapping[str, Any]) -> str:
    checked, total, percent = (
        _field(row, footer, "coverage", key) for key in ("checked", "in_rule_set", "percent")
    )
    return f"{checked} of {total} ({_percent(percent)} %)"


def rules_cell(row: Row, footer: Mapping[str, Any]) -> str:
    return (
        f"{_field(row, footer, 'compliance', 'passed')} of "
        f"{_field(row, footer, 'compliance', 'applicable')}"
    )


def failed_count(row: Row, footer: Mapping[str, Any]) -> int:
    counts = _field(row, footer, "counts")
    return sum(int(counts.get(outcome, 0)) for outcome in ("failed", "errored"))


def status_cell(row: Row, measured: Measurement, footer: Mapping[str, Any]) -> str:
    """The check's exit status and what made it 1."""
    if measured.status == 0:
        return "0"
    why = []
    if failed := failed_count(row, footer):
        why.append(f"{failed} failed")
    if unexpected := int(_field(row, footer, "counts").get("unexpected pass", 0)):
        why.append(f"{unexpected} unexpected pass")
    if _field(row, footer, "coverage").get("shortfall"):
        why.append("too little checked")
    return f"{measured.status} ({'; '.join(why)})" if why else str(measured.status)


def deviations_cell(row: Row, footer: Mapping[str, Any]) -> str:
    """How many scenarios the check expected to fail, linked to the file listing them."""
    listed = int(_field(row, footer, "counts").get("expected failure", 0))
    path = row.deviations
    if path is None:
        return "—"
    return f"[{listed or 'none'}]({path.removeprefix('docs/')})"


def detect_cell(row: Row, detection: Mapping[str, Any]) -> str:
    """The profile ``detect`` names, how many switches it could not find, or the nearest
    profile and the switches it differs in."""
    try:
        switches = detection["switches"]
        unknown = sum(1 for found in switches.values() if found["value"] == "unknown")
        fits, nearest, differences = (
            detection["fits"],
            detection["nearest"],
            detection["differences"],
        )
    except (KeyError, TypeError):
        raise BuildError(f"{row.name}: pyramide detect's JSON lacks switches or fits") from None
    unknowns = f", {unknown} switch{'es' if unknown > 1 else ''} unknown" if unknown else ""
    if fits:
        return " or ".join(f"`{name}`" for name in fits) + unknowns
    differing = ", ".join(f"`{difference.split(':')[0]}`" for difference in differences)
    return f"nearest `{nearest}` (differs in {differing}){unknowns}"


ENGINE_HEADER = (
    "| engine | version | adapter | profile | `detect` says | scenarios checked | rules passed "
    "| known deviations | `check` exits |\n"
    "|---|---|---|---|---|---|---|---|---|"
)
NAMED_HEADER = (
    "| PySolFC game | said to play | scenarios checked | failed | rules passed | rules at fault "
    "| `check` exits |\n"
    "|---|---|---|---|---|---|---|"
)


def _line(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def engine_line(row: Row, measured: Measurement) -> str:
    """A row of the engines table."""
    footer = _footer(row, measured)
    if measured.detection is None:
        raise BuildError(f"{row.name}: no detect run")
    return _line(
        [
            row.name,
            measured.version,
            *row.static,
            detect_cell(row, measured.detection),
            checked_cell(row, footer),
            rules_cell(row, footer),
            deviations_cell(row, footer),
            status_cell(row, measured, footer),
        ]
    )


def named_line(row: Row, measured: Measurement) -> str:
    """A row of the variant games against the suite's profiles."""
    footer = _footer(row, measured)
    at_fault = _field(row, footer, "at_fault")
    return _line(
        [
            row.name,
            *row.static,
            checked_cell(row, footer),
            str(failed_count(row, footer)),
            rules_cell(row, footer),
            ", ".join(at_fault) if at_fault else "none",
            status_cell(row, measured, footer),
        ]
    )


def command_lines(command: Sequence[str]) -> list[str]:
    """One documented command, wrapped at its options."""
    words = [f"pyramide {command[0]}"]
    rest = [arg for arg in command[1:] if arg != "--json"]
    while rest:  # an option with its value stays together
        take = 2 if rest[0].startswith("--") and len(rest) > 1 else 1
        words.append(" ".join(rest[:take]))
        rest = rest[take:]
    lines = [words[0]]
    for word in words[1:]:
        if len(lines[-1]) + 1 + len(word) + 2 > WIDTH:
            lines[-1] += " \\"
            lines.append("    " + word)
        else:
            lines[-1] += " " + word
    return lines


def commands_block(rows: Sequence[Row], detect: bool) -> str:
    """The commands the rows are measured with, as a reader types them (all the rows are of
    one engine, whose variables are exported first)."""
    commands = [row.detect for row in rows if detect and row.detect] + [row.check for row in rows]
    lines = ["```sh", f"export {rows[0].engine.exports()}"]
    for command in commands:
        lines += ["", *command_lines(command)]
    return "\n".join([*lines, "```"])


def _marker(name: str, end: bool = False) -> str:
    if end:
        return f"<!-- end {name} -->"
    return f"<!-- begin {name}: written by scripts/build_engines.py, do not edit by hand -->"


def block(text: str, name: str, where: Path) -> tuple[int, int]:
    """Where the generated block ``name`` starts and ends (its markers excluded)."""
    begin, end = _marker(name), _marker(name, end=True)
    start = text.find(begin)
    stop = text.find(end, start)
    if start < 0 or stop < 0:
        raise BuildError(f"{where.relative_to(ROOT)}: no {begin} ... {end} markers")
    return start + len(begin), stop


def replace_block(text: str, name: str, content: str, where: Path) -> str:
    start, stop = block(text, name, where)
    return f"{text[:start]}\n{content}\n{text[stop:]}"


def kept_lines(text: str, name: str, rows: Sequence[Row], where: Path) -> list[str]:
    """The lines of the rows as last written on the page, for rows not measured this time."""
    start, stop = block(text, name, where)
    old = text[start:stop].splitlines()
    kept = []
    for row in rows:
        found = [line for line in old if line.startswith(f"| {row.name} |")]
        if not found:
            raise BuildError(
                f"{where.relative_to(ROOT)}: no row for {row.name} to keep: "
                "measure it with --pysolfc PATH"
            )
        kept.append(found[0])
    return kept


MEASURED_FILES = ("reference", "spec", "features", "docs/examples/*/*.py", "docs/examples/*/*.yaml")
"""What a row's figures depend on: a change there, not yet committed, is named in the note."""
PYSOLFC_NOTE = re.compile(r"^PySolFC's rows were measured .*$", re.MULTILINE)


def pysolfc_note(measured: Mapping[Row, Measurement]) -> str:
    """When and at which commits PySolFC's rows were measured, and how long each took."""
    suite = _git(ROOT, "rev-parse", "--short=8", "HEAD") or "an unknown commit"
    if _git(ROOT, "status", "--porcelain", "--untracked-files=no", "--", *MEASURED_FILES):
        suite += " with uncommitted changes"
    pysolfc = measured[PYSOLFC[0]].version
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    return (
        f"PySolFC's rows were measured on {today} with the suite at {suite} and PySolFC "
        f"{pysolfc}; without a PySolFC checkout the script keeps them as they are."
    )


def engines_block(text: str, measured: Mapping[Row, Measurement]) -> str:
    """The engines table: every row measured this time, PySolFC's kept otherwise."""
    if PYSOLFC[0] in measured:
        pysolfc = [engine_line(row, measured[row]) for row in PYSOLFC]
        note = pysolfc_note(measured)
    else:
        pysolfc = kept_lines(text, "engines", PYSOLFC, PAGE)
        start, stop = block(text, "engines", PAGE)
        found = PYSOLFC_NOTE.search(text, start, stop)
        if found is None:
            raise BuildError("docs/engines.md: no note saying when PySolFC's rows were measured")
        note = found.group(0)
    soliterm = engine_line(SOLITERM, measured[SOLITERM])
    return "\n".join(
        [
            ENGINE_HEADER,
            soliterm,
            *pysolfc,
            "",
            "soliterm's row is measured at every test run of this project (`tests/engines/`).",
            note,
        ]
    )


def named_block(text: str, measured: Mapping[Row, Measurement]) -> str:
    """The variant games against the suite's profiles, measured with PySolFC only."""
    if NAMED[0] not in measured:
        return "\n".join([NAMED_HEADER, *kept_lines(text, "pysolfc-named", NAMED, PAGE)])
    return "\n".join([NAMED_HEADER, *(named_line(row, measured[row]) for row in NAMED)])


def render(page: str, readme: str, measured: Mapping[Row, Measurement]) -> tuple[str, str]:
    """The engines page and PySolFC's README with their generated blocks written from
    ``measured`` (soliterm's row always; PySolFC's rows when measured, kept otherwise)."""
    page = replace_block(page, "engines", engines_block(page, measured), PAGE)
    page = replace_block(page, "pysolfc-named", named_block(page, measured), PAGE)
    page = replace_block(page, "soliterm-commands", commands_block([SOLITERM], True), PAGE)
    readme = replace_block(
        readme, "pysolfc-commands", commands_block(PYSOLFC, False), PYSOLFC_README
    )
    return page, readme


def _git(folder: Path, *args: str) -> str:
    """``git ARGS`` in ``folder``; empty when it is no git work tree or git is missing."""
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args], capture_output=True, text=True, check=False
        )
    except OSError:
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def soliterm_version() -> str:
    try:
        return f"{version('soliterm')} (PyPI)"
    except PackageNotFoundError:
        raise BuildError("soliterm is not installed (pip install -e '.[dev]')") from None


def pysolfc_version(checkout: Path) -> str:
    """``3.6.1 (commit 7a3d146a)``, from the checkout's ``pysollib/settings.py`` and git."""
    settings = checkout / "pysollib" / "settings.py"
    if not settings.is_file():
        raise BuildError(f"--pysolfc {checkout}: no pysollib/settings.py there")
    found = re.search(r"VERSION_TUPLE = \(([\d, ]+)\)", settings.read_text(encoding="utf-8"))
    number = ".".join(part.strip() for part in found.group(1).split(",")) if found else "?"
    commit = _git(checkout, "rev-parse", "--short=8", "HEAD")
    return f"{number} (commit {commit})" if commit else f"{number} (commit unknown)"


def measure_all(pysolfc: Path | None, log: Callable[[str], None]) -> dict[Row, Measurement]:
    """Measure soliterm, and PySolFC's rows when a checkout is given."""
    jobs: list[tuple[Row, str]] = [(SOLITERM, soliterm_version())]
    if pysolfc is not None:
        number = pysolfc_version(pysolfc)
        os.environ["PYSOLFC_DIR"] = str(pysolfc.resolve())  # read when the adapter is imported
        jobs += [(row, number) for row in (*PYSOLFC, *NAMED)]
    measured: dict[Row, Measurement] = {}
    for row, number in jobs:
        measured[row] = result = measure(row, number)
        said = f" as {row.static[0]}" if row in NAMED else ""
        log(f"{row.name}{said}: {result.seconds:.1f} s (check exit {result.status})")
    return measured


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    parser.add_argument(
        "--pysolfc", type=Path, metavar="PATH", help="a PySolFC checkout: measure its rows too"
    )
    args = parser.parse_args(argv)
    log: Callable[[str], None] = lambda line: print(line, file=sys.stderr)  # noqa: E731
    try:
        measured = measure_all(args.pysolfc, log)
        page, readme = PAGE.read_text(encoding="utf-8"), PYSOLFC_README.read_text(encoding="utf-8")
        new_page, new_readme = render(page, readme, measured)
    except BuildError as error:
        print(f"build_engines: {error}", file=sys.stderr)
        return 2
    stale = [
        path for path, old, new in ((PAGE, page, new_page), (PYSOLFC_README, readme, new_readme))
        if old != new
    ]  # fmt: skip
    for path in stale:
        name = path.relative_to(ROOT)
        if args.check:
            print(
                f"{name} differs from the runs (python scripts/build_engines.py)", file=sys.stderr
            )
        else:
            path.write_text(new_page if path == PAGE else new_readme, encoding="utf-8")
            print(f"rewrote {name}", file=sys.stderr)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
