"""How many examples a property test draws: its CI budget, or many more when exploring.

A test's own ``max_examples`` overrides the Hypothesis profile, so a test that names its budget
passes it through :func:`examples`, which scales it under the opt-in ``explore`` profile.
"""

from __future__ import annotations

import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
"""The Hypothesis profile of this run (registered in ``tests/conftest.py``)."""

EXPLORE_FACTOR = 20
"""How many times more examples each property test draws under ``explore``."""


def examples(ci_budget: int) -> int:
    """``ci_budget`` in the deterministic run; ``EXPLORE_FACTOR`` times it when exploring."""
    return ci_budget * EXPLORE_FACTOR if PROFILE == "explore" else ci_budget
