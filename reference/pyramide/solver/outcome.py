"""What the solver answers, and how it says it ran out of time: shared by both searches
(:mod:`.exact` and :mod:`.variant`), so that neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import Move


class SolverTimeout(Exception):
    """The solver ran out of the time it was given before it proved what it was asked.

    ``winnable`` is what it had proved by then: False when the search for a win had ended
    without one and the time ran out finding the most cards removable, else None."""

    def __init__(self, winnable: bool | None = None) -> None:
        proven = "no win; the most removable not proven in time" if winnable is False else ""
        super().__init__(proven)
        self.winnable = winnable


CHECK_EVERY = 255
"""The searches look at the clock once every 256 positions (when given a time limit)."""


@dataclass(frozen=True)
class Solution:
    """What the solver proves about a position.

    ``max_removed`` counts empty pyramid places at best (out of 28, so cards already gone in a
    hand-made position count); ``moves`` is a shortest winning line, empty when there is none.
    """

    max_removed: int
    winnable: bool
    moves: tuple[Move, ...]
    positions: int
    """How many distinct positions (between removals) the searches visited."""
    shortest: bool
    """Whether ``moves`` is proven shortest (always true when there is no win)."""
