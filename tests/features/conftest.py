"""The rulebook run of this folder checks the reference engine under the app's rules.

Scenarios outside the app's rule set (the variants, other conventions) are deselected here
rather than skipped: ``test_wrong_engines`` runs each of them under every named profile whose
rules they show, so none goes unchecked.
"""

from __future__ import annotations

import pytest
from pyramide.conformance.plugin import outside, tags_of
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.rulesets import UnderTest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    app = UnderTest.of(ReferenceAdapter().capabilities(), "app")
    rulebook = [item for item in items if item.nodeid.startswith("tests/features/test_rulebook")]
    dropped = [item for item in rulebook if outside(tags_of(item), app)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item not in dropped]
