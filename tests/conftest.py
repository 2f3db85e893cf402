"""Hypothesis profiles, the scripts made importable, and a clock that runs out on cue.

Hypothesis profiles: the test run is deterministic; exploration is opt-in.

``ci`` (the default, and what ``bash .ci/run`` uses) derandomizes every property test and keeps
no example database, so two runs of the same commit test the same examples and give the same
verdict. ``explore`` (``HYPOTHESIS_PROFILE=explore``) draws fresh random examples, many more of
them, and remembers failures in ``.hypothesis/``; whatever it finds is committed as an
``@example`` next to the test, so that the deterministic run checks it from then on.
"""

from __future__ import annotations

import sys
from itertools import count
from pathlib import Path

import pytest
from budget import PROFILE
from hypothesis import HealthCheck, settings
from pyramide.solver import SolverTimeout
from pyramide.solver.variant import _VariantSearch

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
"""The tools in ``scripts/`` and ``benchmarks/`` are scripts, not packages: importable for the
tests that check them (the site generator, the mutation judge, the solver's benchmark)."""
for folder in (SCRIPTS, ROOT / "benchmarks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True)
settings.load_profile(PROFILE)


@pytest.fixture
def variant_clock_runs_out_after_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """The variant search's time limit runs out at its second look at the clock, once the
    deal's own position is expanded: what a timeout leaves proven then does not hang on how
    fast the machine is (its bounds settle most deals within a few hundred positions)."""
    looks = count()

    def tick(self: _VariantSearch) -> None:
        if next(looks):
            raise SolverTimeout

    monkeypatch.setattr(_VariantSearch, "tick", tick)
