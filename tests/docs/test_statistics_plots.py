"""The statistics page's charts (scripts/build_statistics.py): axes on whole numbers, and the
strict win's cleared-pyramid bar explained beside its win rate."""

from __future__ import annotations

import re
from pathlib import Path

import build_statistics as script
import pytest

pytest.importorskip("matplotlib")


def _ticks(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([\d.,]+)</text>", svg)


def test_ticks_are_whole_numbers_and_the_strict_win_explains_its_bar_at_28(
    tmp_path: Path,
) -> None:
    summary = {
        "profile": "strict-win",
        "switches": {"strict_win": True},
        "win_rate": 0.0442,
        "max_removed": {"26": 3, "28": 40},
        "shortest_win": {"57": 1, "58": 2, "62": 1, "63": 1},
    }
    removed, shortest = script.draw_plots(summary, tmp_path)
    for path in (removed, shortest):
        svg = path.read_text(encoding="utf-8")
        ticks = _ticks(svg)
        assert ticks and all("." not in tick for tick in ticks), (path.name, ticks)
    svg = removed.read_text(encoding="utf-8")
    assert "28" in _ticks(svg), "the bar of a cleared pyramid has its tick"
    assert "4.42 % won" in svg and "stock and waste emptied too" in svg


def test_the_ten_row_pyramid_has_the_tick_of_its_55_places(tmp_path: Path) -> None:
    summary = {
        "profile": "pharaoh",
        "switches": {"strict_win": False, "layout": "pyramid", "rows": 10},
        "win_rate": 0.98,
        "max_removed": {"43": 1, "55": 98},
        "shortest_win": {},
    }
    (removed,) = script.draw_plots(summary, tmp_path)
    ticks = _ticks(removed.read_text(encoding="utf-8"))
    assert "55" in ticks, "the bar of a cleared 10-row pyramid has its tick"
