"""The open-talon search: for tables the packed searches do not fit (more than 28 places, two
decks), under the talon rules where the whole talon is as good as open.

With the waste recycled without limit, one waste pile turned one card at a time and only its
top in play (no playable stock top, no pair beneath the waste top), any talon card can be made
the waste top at any moment: draw until it turns up, or draw the stock out, recycle and draw
again. Draws and recycles change nothing else, so a position is only the pyramid cards left
and how many talon cards of each rank are left, and the moves that matter are the removals:

- a free pyramid King, alone (always at once: it frees cards and uses up nothing);
- two free pyramid cards that make the pair total;
- a free pyramid card with a talon card of the partner rank (one is brought to the waste top).

A talon King removed alone, or any talon card, never frees a pyramid card, so the talon enters
only as what a pyramid card can pair with. The search walks these positions depth first, each
once, and stops at the first one with the pyramid cleared; it cuts a branch when even pairing
every pyramid card left that still has a partner somewhere could not beat the best found.
That bound never undercounts, so what it proves is exact: the most pyramid places that can end
empty, and whether the pyramid can be cleared. A winning line is played out on the engine
(draws and recycles included) and is a winning one, not a proven shortest one.

The search is exact only under these talon rules and the relaxed win; :func:`open_talon_rules`
says whether a profile has them, and :func:`~pyramide.solver.search.solve` refuses the others
on tables of more than 28 places with a message saying so, rather than guess.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

from ..game import Game
from ..moves import Draw, Move, Recycle, RemoveKing, RemovePair
from ..profiles import WASTE_KEEPS_ALL, WASTE_TOP, Profile
from .outcome import CHECK_EVERY, Solution, SolverTimeout

Counts = tuple[int, ...]
"""Talon cards left of each rank, index 0 unused."""
Step = tuple[int, ...]
"""A removal: one place (a King), two places (a pyramid pair), or a place and a negative talon
rank (the place's card with a talon card of that rank)."""


def open_talon_rules(profile: Profile) -> bool:
    """Whether every talon card can be brought into play at any time and is the only one then
    (the app's talon), with the pyramid cleared winning: the rules this search is exact for."""
    return (
        profile.max_recycles is None
        and profile.waste_play == WASTE_TOP
        and not profile.stock_top_playable
        and profile.waste_piles == 1
        and profile.draw_count == 1
        and profile.reserves == 0
        and profile.waste_keeps == WASTE_KEEPS_ALL
        and not profile.pairs_with_covering_card
        and not profile.strict_win
    )


class _OpenTalon:
    """One position's search space: the places as bits, their ranks and the talon's counts."""

    def __init__(self, game: Game, deadline: float | None) -> None:
        geometry = game.profile.geometry
        self.size = geometry.size
        self.covers = [sum(1 << j for j in below) for below in geometry.covered_by]
        self.ranks = [card.rank if card else 0 for card in game.pyramid]
        deck = game.profile.deck_cards
        self.king, self.total = deck.top_rank, deck.target
        self.start = sum(1 << i for i, card in enumerate(game.pyramid) if card)
        talon = Counter(card.rank for pile in (*game.wastes, game.stock) for card in pile)
        self.counts: Counts = tuple(talon[rank] for rank in range(self.king + 1))
        self.deadline = deadline
        self.seen: set[tuple[int, Counts]] = set()
        self.best = self.size - self.start.bit_count()

    def free(self, mask: int) -> list[int]:
        return [i for i in range(self.size) if mask >> i & 1 and not mask & self.covers[i]]

    def bound(self, mask: int, counts: Counts) -> int:
        """Empty places at most: those empty now, and every card left that is a King or has a
        card of its partner rank left in the pyramid or the talon."""
        left = Counter(self.ranks[i] for i in range(self.size) if mask >> i & 1)
        removable = sum(
            n
            for rank, n in left.items()
            if rank == self.king
            or counts[self.total - rank]
            or left[self.total - rank] > (rank == self.total - rank)
        )
        return self.size - mask.bit_count() + removable

    def steps(self, mask: int, counts: Counts) -> Iterator[tuple[Step, int, Counts]]:
        """The removals from a position (a free King alone, if there is one: see the module)."""
        free = self.free(mask)
        for i in free:
            if self.ranks[i] == self.king:
                yield (i,), mask & ~(1 << i), counts
                return
        for n, i in enumerate(free):
            partner = self.total - self.ranks[i]
            for j in free[n + 1 :]:
                if self.ranks[j] == partner:
                    yield (i, j), mask & ~(1 << i) & ~(1 << j), counts
            if counts[partner]:
                rest = (*counts[:partner], counts[partner] - 1, *counts[partner + 1 :])
                yield (i, -partner), mask & ~(1 << i), rest

    def walk(self, mask: int, counts: Counts, goal: int) -> list[Step] | None:
        """A line of removals reaching ``goal`` empty places from here, or None; records the
        most empty places met in :attr:`best`."""
        self.best = max(self.best, self.size - mask.bit_count())
        if self.best >= goal:
            return []
        key = (mask, counts)
        if key in self.seen or self.bound(mask, counts) <= self.best:
            return None
        self.seen.add(key)
        checks = self.deadline is not None and len(self.seen) & CHECK_EVERY == 0
        if checks and time.perf_counter() > (self.deadline or 0):
            raise SolverTimeout()
        for step, after, rest in self.steps(mask, counts):
            line = self.walk(after, rest, goal)
            if line is not None:
                return [step, *line]
        return None


def _played(game: Game, steps: list[Step]) -> tuple[Move, ...]:
    """The removals played on a copy of ``game``, with the draws and recycles that bring each
    talon card wanted to the waste top."""
    copy = game.position_copy()
    moves: list[Move] = []
    for step in steps:
        places = [copy.pyramid[i] for i in step if i >= 0]
        if len(step) == 2 and step[1] < 0:
            while copy.waste_top is None or copy.waste_top.rank != -step[1]:
                moves.append(Draw() if copy.stock else Recycle())
                copy.push(moves[-1])
            places.append(copy.waste_top)
        cards = [card for card in places if card is not None]
        move: Move = RemoveKing(cards[0]) if len(cards) == 1 else RemovePair(cards[0], cards[1])
        copy.push(move)
        moves.append(move)
    return tuple(moves)


def solve_open_talon(game: Game, time_limit: float | None = None) -> Solution:
    """The most pyramid places that can end empty and, if all can, a winning line; raises
    :class:`SolverTimeout` if the search is not over within ``time_limit`` seconds."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _OpenTalon(game, deadline)
    line = search.walk(search.start, search.counts, search.size)
    if line is None:
        return Solution(search.best, False, (), len(search.seen), True)
    return Solution(search.size, True, _played(game, line), len(search.seen), False)


def can_remove_open_talon(game: Game, count: int, time_limit: float | None = None) -> bool:
    """Whether some line leaves at least ``count`` pyramid places empty."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    search = _OpenTalon(game, deadline)
    return search.walk(search.start, search.counts, count) is not None
