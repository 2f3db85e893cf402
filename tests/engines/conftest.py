"""soliterm's check, run once for every test of ``tests/engines/`` that reads it.

``test_soliterm.py`` pins its verdict and ``test_engines_page.py`` writes the engines page's
row from it, so the run is made here, with the command ``scripts/build_engines.py`` measures
the row with; both modules are one xdist group, so that it runs on one worker only.
"""

from __future__ import annotations

import pytest
from build_engines import ROOT, SOLITERM, absolute
from checkruns import Run, run_check

INVARIANT_GAMES = ("--invariant-games", "4")
"""Fewer random games than the command's default, to keep the test run short. The page's
figures do not move with it: each invariant is one scenario however many games it plays."""


@pytest.fixture(scope="session")
def soliterm_known_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """``pyramide check`` of soliterm with its known deviations expected, in-process."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.syspath_prepend(str(ROOT / SOLITERM.engine.folder))
        folder = tmp_path_factory.mktemp("soliterm")
        return run_check(folder, *absolute(SOLITERM.check[1:]), *INVARIANT_GAMES)
