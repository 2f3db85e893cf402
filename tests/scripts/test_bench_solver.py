"""benchmarks/bench_solver.py: a table asked of the compiled core keeps a row for every
profile, timing the reference where the core does not play (Apophis), and says so."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

import bench_solver

pytestmark = pytest.mark.xdist_group("fast_solver")
"""One CI worker compiles the core (see tests/solver/test_fast_solver.py)."""


def test_the_reference_stands_in_for_the_core_where_it_does_not_play() -> None:
    assert bench_solver.playing("apophis", ("fast",)) == ("python",)
    assert bench_solver.playing("apophis", ("python", "fast")) == ("python",)
    assert bench_solver.playing("giza", ("fast",)) == ("fast",)
    assert bench_solver.playing("apophis", ("python",)) == ("python",)


def test_a_core_table_has_a_row_for_every_profile_asked(capsys: pytest.CaptureFixture[str]) -> None:
    rows = bench_solver.run(["triangle", "apophis"], "max", 2, 30.0, ("fast",))
    assert [(row.profile, row.core, row.deals) for row in rows] == [
        ("triangle", "fast", 2),
        ("apophis", "python", 2),
    ]
    table = capsys.readouterr().out
    assert "| triangle (fast) | max | 2 |" in table
    assert "| apophis | max | 2 |" in table


def test_a_core_table_gets_the_issue_s_deal_counts_a_reference_table_fewer() -> None:
    # the reference's plain variant search takes seconds on King Tut's hard deals and on the
    # page's Apophis (every pile tried at each draw): 30 of them wherever the reference plays,
    # standing in for the core included; the core's own profiles get the issue's 300
    assert bench_solver.default_deals("king-tut", ("python",)) == 30
    assert bench_solver.default_deals("giza", ("fast",)) == 300
    assert bench_solver.default_deals("apophis", ("python", "fast")) == 30
    assert bench_solver.default_deals("apophis", ("fast",)) == 30
    assert bench_solver.default_deals("triangle", ("fast",)) == 300
    assert bench_solver.default_deals("app", ("fast",)) == 1000
