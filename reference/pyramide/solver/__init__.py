"""The exact solver: how far a position can go, whether it can be won, and a shortest win.

``solve(game)`` proves the most pyramid cards removable, whether the game can be won and a
shortest winning line (moves counted as the app counts them); ``can_remove(game, n)`` stops
as soon as ``n`` cards can go. Both are pure Python and the reference for every figure the
project publishes; ``docs/solver.md`` explains the search at length, with its speed.

Two searches answer them, and :func:`~pyramide.solver.search.uses_variant_search` says which:

- *the one-sequence search*, for the app's talon and every profile whose waste and stock are
  one fixed sequence cut by a boundary (one waste pile, one card a draw, no reserves): draws
  are then only a means, and a step goes straight from one removal to the next;
- *the variant search* (:mod:`.variant`), for reserve piles, several waste piles, several
  cards a draw or a waste that keeps only the last card: it walks the positions move by move,
  as :class:`~pyramide.Game` plays them. It shares the pyramid's bounds and the answer types
  with the first, nothing else.

The modules, in the order they build on one another:

- :mod:`.outcome`: :class:`Solution` and :class:`SolverTimeout`, what both searches answer;
- :mod:`.pyramid`: the pyramid's cards as bit masks (free places, partners, geometry tables);
- :mod:`.bag`: the bag relaxation (every talon card in play at any time), searched exactly;
- :mod:`.bounds`: :class:`~pyramide.solver.bounds.PyramidBounds`, the dead cards, matchings
  and removals still needed, which both searches prune with;
- :mod:`.sequence`: the one-sequence search's positions, the positions its walks merge and
  their upper bound;
- :mod:`.talon_runs`: its runs of draws and the removals of talon cards at their ends;
- :mod:`.exact`: its search space (``_Search``): every step, A*'s lower bound, the moves a step
  stands for, and why each of its reductions is exact;
- :mod:`.walks`: its two walks that do not count moves (a win, else the most removable);
- :mod:`.shortest`: its A* for a shortest winning line;
- :mod:`.variant`: the variant search, walk and A*;
- :mod:`.open_talon`: the search for tables of more than 28 places (the 10-row pyramid, two
  decks) under the app's talon, where every talon card can be brought into play at any time;
- :mod:`.search`: :func:`solve` and :func:`can_remove`, which hand a position to one search
  or the other;
- :mod:`.stats`: many deals solved in one or more processes, summed up (``pyramide stats``).

The optional compiled core (``pip install .[fast]``, numba) repeats the one-sequence search's
logic in numba's subset of Python for speed; it is never the reference:
:mod:`.fast_core` (the compiled building blocks and the layout of a position and of the game
table), :mod:`.fast_table` (the game table built from a :class:`~pyramide.Game`, and which
profiles the core plays), :mod:`.fast_bounds` and :mod:`.fast_steps` (the twins of the
reference's bounds and steps, each naming its twin), :mod:`.fast_verdict`
(:func:`~pyramide.solver.fast_verdict.fast_verdict`, the verdict of ``solve(game,
shortest=False)``) and :mod:`.fast_shortest` (:func:`~pyramide.solver.fast_shortest.fast_solve`,
a proven shortest line). This package does not import them: numba is only needed by who calls
them.
"""

from .outcome import Solution, SolverTimeout
from .search import can_remove, solve, uses_variant_search

__all__ = ["Solution", "SolverTimeout", "can_remove", "solve", "uses_variant_search"]
