"""``pyramide stats``: its output, its files and its errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from pyramide import PROFILES, Game
from pyramide.cli import main
from pyramide.dealcode import deal
from pyramide.solver import solve


def test_json_summary_matches_the_solver(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--profile", "app", "--deals", "4", "--no-shortest", "--json", "-"]) == 0
    summary = json.loads(capsys.readouterr().out)
    profile = PROFILES["app"]
    solutions = [solve(Game(deal(seed, profile), profile), shortest=False) for seed in range(4)]
    assert summary["deals"] == 4
    assert summary["wins"] == sum(s.winnable for s in solutions)
    assert sum(summary["max_removed"].values()) == 4
    assert summary["max_removed"].get("28", 0) == summary["wins"]
    assert summary["shortest_win"] == {}


def test_text_report_results_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "stats",
            "--profile",
            "app",
            "--deals",
            "3",
            "--first",
            "2",
            "--no-progress",
            "--no-shortest",
            "--plots",
            str(tmp_path),
            "--format",
            "png,svg",
            "--results",
            str(tmp_path / "deals.json"),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "profile app (N): 3 deals (seeds 2..4)" in out and "95 % CI" in out
    deals = json.loads((tmp_path / "deals.json").read_text())
    assert [d["seed"] for d in deals] == [2, 3, 4]
    for name in ("app-max-removed.png", "app-max-removed.svg"):
        assert (tmp_path / name).stat().st_size > 0


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--profile", "nope", "--deals", "3"], "'nope'"),
        (["--profile", "app", "--deals", "0"], "--deals"),
        (["--profile", "app", "--deals", "3", "--jobs", "0"], "--jobs"),
        (["--profile", "app", "--deals", "3", "--format", "gif"], "'gif'"),
        (["--profile", "app", "--deals", "3", "--time-limit", "-1"], "--time-limit"),
        (["--profile", "app", "--deals", "3", "--first", "-5"], "-5"),
        (["--profile", "apophis", "--deals", "3", "--fast"], "apophis"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    arguments: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--no-progress", *arguments]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyramide stats: ") and named in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_compiled_core_gives_the_reference_verdicts_and_says_it_solved_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numba")  # the fast extra, which .[dev] (and so CI) installs
    arguments = ["stats", "--profile", "three-passes", "--deals", "6", "--first", "10"]
    assert main([*arguments, "--no-shortest", "--fast", "--no-progress", "--json", "-"]) == 0
    summary = json.loads(capsys.readouterr().out)
    profile = PROFILES["three-passes"]
    solutions = [solve(Game(deal(s, profile), profile), shortest=False) for s in range(10, 16)]
    assert summary["solved_by"] == {"fast": 6}
    assert summary["wins"] == sum(s.winnable for s in solutions)
    removed = [str(s.max_removed) for s in solutions]
    assert summary["max_removed"] == {value: removed.count(value) for value in sorted(removed)}


def test_the_compiled_core_proves_the_reference_shortest_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numba")
    arguments = ["stats", "--profile", "single-pass", "--deals", "3", "--first", "54"]
    assert main([*arguments, "--fast", "--no-progress", "--json", "-"]) == 0
    summary = json.loads(capsys.readouterr().out)
    profile = PROFILES["single-pass"]
    solutions = [solve(Game(deal(s, profile), profile)) for s in range(54, 57)]
    lengths = [str(len(s.moves)) for s in solutions if s.winnable]
    assert lengths  # deal 55 is won
    assert summary["solved_by"] == {"fast": 3}
    assert summary["shortest_win"] == {value: lengths.count(value) for value in sorted(lengths)}


def test_the_compiled_core_needs_numba(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # as if numba were missing
    monkeypatch.setitem(sys.modules, "pyramide.solver.fast_verdict", None)
    arguments = ["stats", "--profile", "app", "--deals", "2", "--no-shortest", "--fast"]
    assert main([*arguments, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyramide stats: ") and "pip install 'pyramide-conformance[fast]'" in err


def test_a_scheduler_needs_dask(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if Dask were not installed
    arguments = ["stats", "--profile", "app", "--deals", "2", "--scheduler", "tcp://127.0.0.1:9"]
    assert main([*arguments, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyramide stats: ")
    assert "pip install 'pyramide-conformance[cluster]'" in err


def test_a_dask_cluster_gives_the_same_results() -> None:
    import dask.distributed as distributed
    from pyramide.solver.stats import run

    alone = run("app", 4, first=40, shortest=False, progress=False)
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        spread = run(
            "app", 4, first=40, shortest=False, scheduler=cluster.scheduler_address, progress=False
        )
    assert [(r.seed, r.max_removed, r.winnable) for r in spread] == [
        (r.seed, r.max_removed, r.winnable) for r in alone
    ]
