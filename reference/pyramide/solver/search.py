"""The solver's entry points: :func:`solve` and :func:`can_remove` hand a position to the
one-sequence search (:mod:`.exact`, :mod:`.walks`, :mod:`.shortest`) or, for the talons
that are not one sequence (:func:`uses_variant_search`), to the variant search
(:mod:`.variant`); both answer the same :class:`~pyramide.solver.outcome.Solution`.
"""

from __future__ import annotations

import time

from ..game import Game
from ..layout import PYRAMID_SIZE
from ..profiles import WASTE_KEEPS_LAST, Profile
from .exact import _Search
from .open_talon import can_remove_open_talon, open_talon_rules, solve_open_talon
from .outcome import Solution, SolverTimeout
from .shortest import shortest_win
from .variant import can_remove_variant, solve_variant
from .walks import find_win, most_removed


def solve(game: Game, shortest: bool = True, time_limit: float | None = None) -> Solution:
    """Prove how far ``game``'s current position can go under its profile.

    A depth-first walk first looks for a win among the positions where one is still possible;
    when there is none, a branch-and-bound walk finds the most cards removable. Then, if
    ``shortest``, A* finds a winning line with the fewest moves. Without ``shortest`` the line
    is merely a winning one.

    With a ``time_limit`` (seconds), :class:`SolverTimeout` is raised if the most cards
    removable and whether a win exists are not proven in time (its ``winnable`` says whether
    the second was); if they are but A* runs out of time, the winning line already found is
    returned with ``shortest`` false.

    A table of more than 28 places (the 10-row pyramid) is searched by :mod:`.open_talon`,
    whose winning line is a winning one, never claimed shortest; a rule set it is not exact for
    is refused there with a :class:`ValueError`.
    """
    if _beyond_the_packed_searches(game.profile):
        return solve_open_talon(game, time_limit)
    if uses_variant_search(game.profile):
        return solve_variant(game, shortest, time_limit)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _Search(game, deadline)
    most, line, met, deferred = find_win(search)
    if line is None:
        goal = search.upper_bound(search.start)
        try:
            most = most_removed(search, most, goal=goal, needed=0, met=met, pending=deferred)
        except SolverTimeout:
            raise SolverTimeout(winnable=False) from None
        return Solution(most, False, (), search.visited, True)
    proven = False
    if shortest:
        try:
            best = shortest_win(search, len(line))
        except SolverTimeout:
            best = None
        else:
            assert best is not None, "A* finds a win whenever the depth-first walk does"
            proven = True
        line = best if best is not None else line
    return Solution(PYRAMID_SIZE, True, tuple(line), search.visited, proven)


def _beyond_the_packed_searches(profile: Profile) -> bool:
    """Whether the table has more places than the searches above pack (the 10-row pyramid):
    then the open-talon search (:mod:`.open_talon`) answers, under the talon rules it is
    exact for, and any other rule set is refused with a message saying why."""
    if profile.geometry.size == PYRAMID_SIZE:
        return False
    if not open_talon_rules(profile):
        raise ValueError(
            f"the solver searches a table of {profile.geometry.size} places only under the "
            "app's talon rules (the waste recycled without limit, one card a draw, only its "
            f"top in play, the pyramid cleared wins), which {profile.name} does not play"
        )
    return True


def uses_variant_search(profile: Profile) -> bool:
    """Whether the talon is beyond the one sequence of :mod:`.exact`: reserve piles, several waste
    piles, several cards a draw, or a draw that takes the waste's card out of play (a card
    passed over is gone, so draws are no longer only a means) (:mod:`.variant` searches
    those)."""
    return (
        profile.reserves > 0
        or profile.waste_piles > 1
        or profile.draw_count > 1
        or profile.waste_keeps == WASTE_KEEPS_LAST
    )


def can_remove(game: Game, count: int, time_limit: float | None = None) -> bool:
    """Whether some line leaves at most ``28 - count`` pyramid cards; stops once one does.
    Raises :class:`SolverTimeout` if not proven within ``time_limit`` seconds."""
    if _beyond_the_packed_searches(game.profile):
        return can_remove_open_talon(game, count, time_limit)
    if uses_variant_search(game.profile):
        return can_remove_variant(game, count, time_limit)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _Search(game, deadline)
    removed = search.removed(search.start)
    if removed >= count:
        return True
    return most_removed(search, removed, goal=count, needed=count) >= count
