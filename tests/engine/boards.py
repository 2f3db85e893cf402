"""Hand-made positions for the engine's tests.

Most rules are easiest to show on a nearly cleared pyramid: only the top rows hold cards, every
lower row is empty (a place may only be empty once the places lying on it are empty too, so the
cards left always form the top of the pyramid).
"""

from __future__ import annotations

from collections.abc import Sequence

from pyramide import Card, Game, Layout, Table, get_profile
from pyramide.layout import EMPTY, ROWS, index_of
from pyramide.notation import read_layout


def rows(*top_rows: str) -> list[str]:
    """The seven rows of a pyramid whose rows after the given ones are empty."""
    given = list(top_rows)
    return given + [" ".join([EMPTY] * number) for number in range(len(given) + 1, ROWS + 1)]


def layout(*top_rows: str, waste: str = "", stock: str = "") -> Layout:
    """A layout from its top rows, its waste (bottom first) and its stock (top first)."""
    return read_layout(rows(*top_rows), waste=waste, stock=stock)


def game(*top_rows: str, waste: str = "", stock: str = "", profile: str = "app") -> Game:
    """A game started from a hand-made layout under the named profile."""
    return Game(layout(*top_rows, waste=waste, stock=stock), get_profile(profile))


def table(
    *top_rows: str,
    waste: str = "",
    stock: str = "",
    profile: str = "app",
    error_help: bool = True,
) -> Table:
    """A tap interface on a hand-made layout."""
    return Table(game(*top_rows, waste=waste, stock=stock, profile=profile), error_help)


def at(game: Game, row: int, col: int) -> str | None:
    """The ASCII name of the card at (row, col), ``None`` once removed."""
    card = game.pyramid[index_of(row, col)]
    return None if card is None else card.ascii


def names(cards: Sequence[Card | None]) -> list[str | None]:
    """ASCII names of a run of cards (``None`` for an empty place), for readable assertions."""
    return [None if card is None else card.ascii for card in cards]


def line(cards: Sequence[Card | None]) -> str:
    """A run of cards as one line of ASCII names, ``--`` for an empty place."""
    return " ".join(EMPTY if card is None else card.ascii for card in cards)
