"""The module pytest collects to run the whole rulebook against the engine under test.

``pytest --pyramide-impl package.module:factory path/to/suite.py`` or
``pytest --pyargs pyramide.conformance.suite``: every scenario of ``features/`` becomes a test,
its steps taken from :mod:`pyramide.conformance.steps`.
"""

from __future__ import annotations

from pytest_bdd import scenarios

from .paths import features_dir
from .steps import *  # noqa: F403 - pytest-bdd finds step definitions in this module's namespace

scenarios(str(features_dir()))
