"""docs/engines.md holds exactly what scripts/build_engines.py writes from the runs.

soliterm's row is written again from this test run's check (shared with ``test_soliterm.py``,
see ``conftest.py``) and one ``detect``; PySolFC's rows, which need a PySolFC checkout, are kept
as last measured, and their commands in docs/examples/pysolfc/README.md are the ones the script
measures them with. A figure typed by hand, or left behind when the suite grows, fails here.
"""

from __future__ import annotations

from typing import Any

import build_engines as build
import pytest
from build_engines import PAGE, PYSOLFC, PYSOLFC_README, SOLITERM, BuildError, Measurement, Row
from checkruns import Run

pytestmark = pytest.mark.xdist_group("soliterm")


@pytest.fixture(scope="module")
def measured(soliterm_known_run: Run) -> dict[Row, Measurement]:
    """soliterm's row as the script measures it: this run's check, and one detect."""
    run = soliterm_known_run
    detection = build.detect_json(SOLITERM)
    return {SOLITERM: Measurement(run.status, run.records, detection, build.soliterm_version())}


def _texts() -> tuple[str, str]:
    return PAGE.read_text(encoding="utf-8"), PYSOLFC_README.read_text(encoding="utf-8")


def _row(page: str, row: Row) -> str:
    return next(line for line in page.splitlines() if line.startswith(f"| {row.name} |"))


def test_the_engines_page_holds_what_the_script_writes(measured: dict[Row, Measurement]) -> None:
    page, readme = _texts()
    new_page, new_readme = build.render(page, readme, measured)
    assert _row(new_page, SOLITERM) == _row(page, SOLITERM), "run scripts/build_engines.py"
    assert new_page == page, "docs/engines.md differs: run python scripts/build_engines.py"
    assert new_readme == readme, "the README's commands differ: run scripts/build_engines.py"


def test_a_stale_soliterm_figure_is_written_over(measured: dict[Row, Measurement]) -> None:
    page, readme = _texts()
    row = _row(page, SOLITERM)
    cells = row.split(" | ")
    cells[5] = "56 of 83 (67 %)"  # the figure the page showed before it was generated
    stale = page.replace(row, " | ".join(cells))
    assert build.render(stale, readme, measured)[0] == page


def test_pysolfc_rows_are_kept_as_last_measured_without_a_checkout(
    measured: dict[Row, Measurement],
) -> None:
    page, readme = _texts()
    row = _row(page, PYSOLFC[-1])
    edited = page.replace(row, row.replace(" | same | ", " | kept | "))
    assert build.render(edited, readme, measured)[0] == edited
    assert "PySolFC's rows were measured on " in page


def test_a_page_missing_a_pysolfc_row_says_to_measure_it(measured: dict[Row, Measurement]) -> None:
    page, readme = _texts()
    without = page.replace(_row(page, PYSOLFC[-1]) + "\n", "")
    with pytest.raises(BuildError, match=r"Triangle.*--pysolfc PATH"):
        build.render(without, readme, measured)


def test_every_documented_check_passed_when_last_measured() -> None:
    """The commands the pages give (soliterm's, PySolFC's as last measured) exit 0: a command
    that fails, as Triangle's did on coverage, is fixed or its failures listed."""
    page, _ = _texts()
    for row in (SOLITERM, *PYSOLFC):
        assert _row(page, row).endswith(" | 0 |"), _row(page, row)


def test_a_row_that_cannot_be_measured_stops_the_script_with_its_cause() -> None:
    broken = Row("nowhere", SOLITERM.engine, ("check", "--impl", "no_such_adapter:make"))
    with pytest.raises(BuildError, match=r"^nowhere: pyramide check .*no_such_adapter"):
        build.measure(broken, "0")


FOOTER: dict[str, Any] = {
    "type": "footer",
    "counts": {"failed": 2, "errored": 1, "expected failure": 0, "unexpected pass": 0},
    "compliance": {"passed": 8, "applicable": 17},
    "coverage": {"checked": 8, "in_rule_set": 18, "percent": 44.4, "shortfall": "only 44.4 %"},
    "at_fault": ["VAR-TRIANGLE"],
}


def test_a_failed_check_says_why_it_exits_1() -> None:
    line = build.named_line(build.NAMED[-1], Measurement(1, [FOOTER]))
    assert line.endswith(
        "| 8 of 18 (44.4 %) | 3 | 8 of 17 | VAR-TRIANGLE | 1 (3 failed; too little checked) |"
    )


@pytest.mark.parametrize(
    ("fits", "nearest", "differences", "unknown", "cell"),
    [
        (["giza"], "giza", [], 5, "`giza`, 5 switches unknown"),
        (["a", "b"], "a", [], 1, "`a` or `b`, 1 switch unknown"),
        (
            [],
            "apophis",
            ["strict_win: the engine plays on"],
            0,
            "nearest `apophis` (differs in `strict_win`)",
        ),
    ],
)
def test_detect_names_the_profile_or_the_nearest_and_its_differences(
    fits: list[str], nearest: str, differences: list[str], unknown: int, cell: str
) -> None:
    switches = {f"s{n}": {"value": "unknown" if n < unknown else 1} for n in range(6)}
    detection = {"switches": switches, "fits": fits, "nearest": nearest, "differences": differences}
    assert build.detect_cell(SOLITERM, detection) == cell
