"""The whole rulebook (every scenario of ``features/``) against the reference engine."""

from pyramide.conformance.suite import *  # noqa: F403 - the scenarios and their steps
