"""The variant search's one-move reductions (see :mod:`pyramide.solver.variant`): a talon card
that goes alone is taken at once in the walks only where no later deal can depend on it.

A waste top that is a King is taken at once once no recycle is left (the piles are never
gathered again, so the draws deal the same cards onto the same piles); while a recycle is left
it is not (a card fewer changes which pile each card of the next pass lands on), and A*, which
counts moves, never takes it at once. Whether the reductions keep the verdicts exact is checked
against the brute force (test_solver_brute_force.py); this pins where they apply.
"""

from __future__ import annotations

from itertools import count

import pytest
from pyramide import PROFILES, Game
from pyramide.dealcode import deal
from pyramide.solver.variant import _PILE, _SEPARATOR, _VariantSearch

KING = 13


def _search_with_piles(recycles: int) -> tuple[_VariantSearch, tuple[int, bytes, int, int]]:
    """The search of the first deal of PySolFC's Apophis (three passes) with no free pyramid
    King (one would go first), and a position of its pyramid with a King on the first waste
    pile's top, cards on the two others and two in the stock."""
    profile = PROFILES["pysolfc-apophis"]
    searches = (_VariantSearch(Game(deal(seed, profile), profile), None) for seed in count())
    search = next(found for found in searches if found.pyramid_moves(found.start[0])[0] < 0)
    pyramid = search.start[0]
    piles = [bytes([2, 3]), bytes([5, KING]), bytes([7]), bytes([6])]
    key = sum(1 << 3 * rank for pile in piles for rank in pile)
    return search, (pyramid, _SEPARATOR.join(piles), recycles, key)


def test_a_waste_king_goes_at_once_in_the_last_round() -> None:
    search, state = _search_with_piles(recycles=2)
    moves = search.moves(state, walk=True)
    assert [action for action, _ in moves] == [(_PILE + 1,)]
    assert moves[0][1][1] == _SEPARATOR.join([bytes([2, 3]), bytes([5]), bytes([7]), bytes([6])])


@pytest.mark.parametrize(("recycles", "walk"), [(1, True), (0, True), (2, False)])
def test_a_waste_king_waits_while_a_recycle_is_left_and_in_a_star(
    recycles: int, walk: bool
) -> None:
    search, state = _search_with_piles(recycles)
    actions = [action for action, _ in search.moves(state, walk=walk)]
    assert (_PILE + 1,) in actions
    assert len(actions) > 1  # the draw at least, and the removals the tops allow
