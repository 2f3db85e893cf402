"""A plain breadth-first search over the engine's own states, to check the solver against.

It knows nothing of the solver's reductions: it plays every legal move :class:`Game` offers,
one at a time, and keys positions by what decides the future — the cards where they lie (the
pyramid, every waste pile, every reserve pile, the stock), the recycles used (only when they
are limited: with no limit the count changes nothing) and whether the last move was a draw.
Each move costs one, so the depth at which a won position is first met is the length of a
shortest win. Only usable on small boards.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from pyramide import Card, Game, Layout

_Piles = tuple[tuple[Card, ...], ...]
_Key = tuple[tuple[Card | None, ...], _Piles, _Piles, tuple[Card, ...], int, bool]


@dataclass(frozen=True)
class BruteResult:
    max_removed: int
    """Empty pyramid places at best, out of all of them (28, or 55 on 10 rows)."""
    shortest_win: int | None
    """Moves in a shortest win, or None when the position cannot be won."""
    positions: int


def _key(game: Game) -> _Key:
    limited = game.profile.max_recycles is not None
    return (
        tuple(game.pyramid),
        tuple(tuple(pile) for pile in game.wastes),
        tuple(tuple(pile) for pile in game.reserves),
        game.stock,
        game.recycles if limited else 0,
        game.fresh_draw,
    )


def rebuild(game: Game, layout: Layout, recycles: int, fresh_draw: bool) -> Game:
    """A game under ``game``'s profile at the given position (the counter starts at 0)."""
    again = Game(layout, game.profile)
    again.recycles = recycles
    again.fresh_draw = fresh_draw
    return again


def brute_force(start: Game, limit: int = 100_000) -> BruteResult:
    """Every position reachable from ``start``; fails loudly if there are more than ``limit``.

    Positions wait in the queue as (layout, recycles, fresh draw) and are rebuilt as games to
    be expanded with ``push``/``pop``; the first won position dequeued is a shortest win.
    """
    seen = {_key(start)}
    frontier = deque([(start.layout(), start.recycles, start.fresh_draw, 0)])
    best = 0
    while frontier:
        layout, recycles, fresh_draw, depth = frontier.popleft()
        game = rebuild(start, layout, recycles, fresh_draw)
        best = max(best, game.pyramid.count(None))
        if game.is_won():
            return BruteResult(game.profile.geometry.size, depth, len(seen))
        for move in game.legal_moves():
            game.push(move)
            key = _key(game)
            if key not in seen:
                seen.add(key)
                frontier.append((game.layout(), game.recycles, game.fresh_draw, depth + 1))
            game.pop()
        assert len(seen) <= limit, f"more than {limit} positions: board too big for brute force"
    return BruteResult(best, None, len(seen))
