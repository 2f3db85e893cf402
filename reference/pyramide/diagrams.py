"""Card diagrams as SVG text: a pyramid drawn the way it lies on the table, with its piles.

A scenario's table or a fixture's deal becomes a :class:`Board` (cards in the adapter's ASCII
notation, ``None`` for an empty place, ``??`` for a face-down card) and :func:`board_svg` draws
it: rows overlap like real cards, so a covered card shows only its top; hearts and diamonds are
red, spades and clubs black. Every pile (stock, waste, Apophis's waste piles, Giza's reserves)
fans out the same way, bottom card first, so its top card is drawn last, on top and whole, and
marked; the legend under the piles says which top cards a player can touch. Piles wrap onto a
second line rather than shrink the diagram. Suits are drawn as paths, not font glyphs, so a
diagram looks the same on every machine and needs no web font.

The documentation site draws the rulebook's tables with it, and ``pyramide check --html`` draws
a failure's tables with it on the user's machine, so it ships with the package: one drawing
code, and a failure's table looks the same in a report as on the rule's page. A table drawn in
the rulebook's notation is read with the step library's own parser (:func:`drawn_board`), so a
diagram shows exactly the table the scenario plays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from .cards import Card
from .conformance.drawings import PILE_LINE, parse_table

BOARD_STEPS = {"a table:": True, "the pyramid is:": False}
"""The step library's steps whose docstring is a board, and whether it draws the piles too
(``the pyramid is:`` checks the pyramid alone)."""
FACE_DOWN = "??"
RED, BLACK, GREY, BACK = "#c62828", "#1b1b1b", "#8a8a8a", "#2f5d9e"

CARD_W, CARD_H = 46, 64
PITCH = 52
"""Horizontal distance between two cards of a row."""
ROW_STEP = 38
"""Vertical distance between two rows: a covered card shows its top 38 pixels."""
FAN_STEP = 22
"""Horizontal distance between two cards of a fanned pile: its corner index stays visible."""
MARGIN, LABEL_W, LABEL_H = 8, 18, 18
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

_SUIT_PATHS = {
    "D": "M.5 0 L.92 .5 L.5 1 L.08 .5 Z",
    "H": (
        "M.5 .96 C.22 .72 0 .52 0 .3 C0 .13 .13 0 .28 0 C.38 0 .46 .06 .5 .16 "
        "C.54 .06 .62 0 .72 0 C.87 0 1 .13 1 .3 C1 .52 .78 .72 .5 .96 Z"
    ),
    "S": (
        "M.5 0 C.78 .24 1 .42 1 .62 C1 .78 .88 .88 .74 .88 C.64 .88 .56 .82 .53 .74 "
        "C.55 .86 .6 .95 .68 1 L.32 1 C.4 .95 .45 .86 .47 .74 C.44 .82 .36 .88 .26 .88 "
        "C.12 .88 0 .78 0 .62 C0 .42 .22 .24 .5 0 Z"
    ),
    "C": (
        "M.5 .04 A.21 .21 0 1 1 .5 .46 A.21 .21 0 1 1 .5 .04 Z "
        "M.26 .38 A.21 .21 0 1 1 .26 .8 A.21 .21 0 1 1 .26 .38 Z "
        "M.74 .38 A.21 .21 0 1 1 .74 .8 A.21 .21 0 1 1 .74 .38 Z "
        "M.45 .5 L.55 .5 L.6 .9 L.7 1 L.3 1 L.4 .9 Z"
    ),
}
_RED_SUITS = "HDOP"
"""Hearts and diamonds; of the Spanish suits, oros and copas."""


@dataclass(frozen=True)
class Board:
    """What a diagram shows: every row given is drawn. ``waste``/``stock`` of ``None`` are not
    drawn at all (a step that checks only the pyramid); ``stock_size`` draws a face-down stock
    of that many cards."""

    rows: Sequence[Sequence[str | None]]
    waste: Sequence[str] | None = None
    stock: Sequence[str] | None = None
    stock_size: int | None = None
    more_piles: Sequence[tuple[str, Sequence[str]]] = ()
    """The named variants' other piles, each with its name (``waste 2``, ``reserve 1``),
    bottom card first."""
    stock_in_play: bool = False
    """The rule set drawn puts the stock's top card in play (VAR-STOCK-TOP): the legend says so."""

    def describe(self) -> str:
        """The board in words, for the image's alternative text and tooltip."""
        parts = ["pyramid " + " / ".join(" ".join(_name(c) for c in row) for row in self.rows)]
        if self.waste is not None:
            parts.append("waste (bottom to top) " + (" ".join(map(_name, self.waste)) or "empty"))
        if self.stock_size is not None:
            parts.append(f"stock {self.stock_size} cards face down")
        elif self.stock is not None:  # top first, as the rulebook's tables and the console
            parts.append("stock (top first) " + (" ".join(map(_name, self.stock)) or "empty"))
        for label, cards in self.more_piles:
            parts.append(f"{label} (bottom to top) " + (" ".join(map(_name, cards)) or "empty"))
        return "; ".join(parts)


def board_svg(board: Board, ids: str = "") -> str:
    """The whole diagram, as the text of a standalone SVG file. ``ids`` prefixes the ids it
    defines (its cards' back), so that several diagrams inlined in one HTML page keep their
    ids unique."""
    rows = board.rows
    widest = max(len(row) for row in rows)
    pyramid_w = LABEL_W + (widest - 1) * PITCH + CARD_W
    pyramid_h = (len(rows) - 1) * ROW_STEP + CARD_H
    parts: list[str] = []
    for number, row in enumerate(rows, start=1):
        y = MARGIN + (number - 1) * ROW_STEP
        left = MARGIN + LABEL_W + (widest - len(row)) * PITCH / 2
        parts.append(_text(MARGIN, y + 17, str(number), 11, GREY, anchor="start"))
        for col, card in enumerate(row):
            parts.append(_card(left + col * PITCH, y, card, ids))
    width: float = MARGIN * 2 + pyramid_w
    height: float = MARGIN * 2 + pyramid_h
    piles, piles_w, piles_h = _piles(board, MARGIN + pyramid_h + 14, pyramid_w, ids)
    if piles:
        parts += piles
        width = max(width, MARGIN * 2 + piles_w)
        height += 14 + piles_h
    title = escape(board.describe())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{title}">'
        f"<title>{title}</title>{_defs(ids)}{''.join(parts)}</svg>\n"
    )


def trimmed(rows: Sequence[Sequence[str | None]]) -> list[Sequence[str | None]]:
    """The rows down to the last one holding a card: empty rows below add nothing to see."""
    kept = list(rows)
    while len(kept) > 1 and all(card is None for card in kept[-1]):
        kept.pop()
    return kept


def layout_board(layout: Mapping[str, Any], rows: int | None = None) -> Board:
    """A protocol layout, or a snapshot the engine answered, drawn: its first ``rows`` rows
    (by default down to the last card) and its piles, Giza's reserves instead of a stock and a
    waste. A stock whose order the engine keeps to itself is drawn face down."""
    pyramid = layout["pyramid"]
    drawn = trimmed(pyramid) if rows is None else list(pyramid[: max(rows, 1)])
    more = more_piles(layout)
    if layout.get("reserves"):
        return Board(drawn, more_piles=more)
    if layout.get("stock") is None and layout.get("stock_size"):
        return Board(drawn, layout["waste"], None, layout["stock_size"], more_piles=more)
    return Board(drawn, layout["waste"], layout.get("stock") or [], more_piles=more)


def drawn_board(drawing: str, piles: bool = True) -> Board:
    """A table as the rulebook draws it (a step's docstring) drawn as cards: the rows it writes
    (the ones it leaves out are empty, and so is the diagram) and, with ``piles``, its piles
    (``the pyramid is:`` checks the pyramid alone). Raises ``pytest.fail.Exception`` on a
    drawing the step library would refuse."""
    layout = parse_table(drawing)
    written = sum(
        1
        for line in drawing.splitlines()
        if line.split() and not PILE_LINE.match(line.strip().lower())
    )
    board = layout_board(layout, rows=written)
    return board if piles else Board(board.rows)


def more_piles(layout: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """The variants' other piles of a protocol layout, named as the rulebook names them."""
    wastes = [(f"waste {n}", pile) for n, pile in enumerate(layout.get("more_wastes") or (), 2)]
    reserves = [(f"reserve {n}", pile) for n, pile in enumerate(layout.get("reserves") or (), 1)]
    return wastes + reserves


@dataclass(frozen=True)
class _Pile:
    """One pile as drawn: its label and its cards bottom first (``None`` for a face-down stock
    of ``face_down`` cards)."""

    label: str
    cards: Sequence[str] | None
    face_down: int = 0

    @property
    def width(self) -> float:
        shown = len(self.cards) if self.cards is not None else 1
        return max(CARD_W + max(shown - 1, 0) * FAN_STEP, len(self.label) * 7.0)


PILE_GAP = 24
"""Horizontal space between two piles."""
PILES_MIN_W = 460
"""Piles wrap onto a new line past the pyramid's width or this, whichever is wider, so that
Giza's eight reserves stay at the cards' size rather than shrinking the whole diagram."""
PILE_LINE_H = LABEL_H + CARD_H + LABEL_H
"""A line of piles: the labels, the cards, the ▲ marks under them."""


def _pile_list(board: Board) -> list[_Pile]:
    """The stock, the waste and the variants' other piles, each bottom card first, so that
    every pile is drawn the same way: its top card last, on top of the others."""
    piles = []
    if board.stock_size is not None:
        piles.append(_Pile(f"stock: {board.stock_size} cards, face down", None, board.stock_size))
    elif board.stock is not None:
        piles.append(_Pile("stock", list(reversed(board.stock))))
    if board.waste is not None:
        piles.append(_Pile("waste", list(board.waste)))
    piles += [_Pile(label, list(cards)) for label, cards in board.more_piles]
    return piles


def legend(board: Board) -> str:
    """What the ▲ marks mean, and which top cards a player can touch under the rule set the
    board is drawn for."""
    touch = []
    if board.stock_in_play and (board.stock or board.stock_size):
        touch.append("the stock's")
    if board.waste is not None:
        touch.append("the waste's" if not _wastes(board) else "each waste pile's")
    if any(label.startswith("reserve") for label, _ in board.more_piles):
        touch.append("each reserve's")
    said = ["▲ top card"]
    if touch:
        said.append("in play: " + " and ".join(touch) + " top")
    if board.stock and not board.stock_in_play:
        said.append("the stock's top is drawn next")
    return " · ".join(said)


def _wastes(board: Board) -> bool:
    return any(label.startswith("waste") for label, _ in board.more_piles)


def _piles(board: Board, top: float, max_w: float, ids: str) -> tuple[list[str], float, float]:
    """The piles under the pyramid, left to right, wrapped onto new lines past ``max_w``; the
    drawing, its width and its height (the legend line included)."""
    piles = _pile_list(board)
    if not piles:
        return [], 0, 0
    parts: list[str] = []
    left = MARGIN + LABEL_W
    x, y, widest = float(left), top, 0.0
    for pile in piles:
        if x > left and x + pile.width > max(max_w, PILES_MIN_W):
            x, y = float(left), y + PILE_LINE_H + 8
        parts.append(_text(x, y + 12, pile.label, 12, GREY, "start"))
        if pile.cards is None:
            parts += _stack(x, y + LABEL_H, pile.face_down, ids)
        else:
            parts += _fan(x, y + LABEL_H, pile.cards, ids)
        widest = max(widest, x + pile.width - MARGIN)
        x += pile.width + PILE_GAP
    y += PILE_LINE_H + 14
    said = legend(board)
    parts.append(_text(left, y, said, 11, GREY, "start"))
    widest = max(widest, LABEL_W + len(said) * 5.8)
    return parts, widest, y - top + 4


def _stack(x: float, y: float, size: int, ids: str) -> list[str]:
    """A face-down stock: up to three backs, slightly offset."""
    if not size:
        return _empty(x, y)
    return [_card(x + n * 3, y + n * 2, FACE_DOWN, ids) for n in range(min(size, 3))]


def _fan(x: float, y: float, cards: Sequence[str], ids: str) -> list[str]:
    """A pile fanned left to right, bottom card first: each card lies on the one before, so the
    top card, drawn last, shows whole and gets the ▲ mark."""
    if not cards:
        return _empty(x, y)
    parts = [_card(x + n * FAN_STEP, y, card, ids) for n, card in enumerate(cards)]
    mark_x = x + (len(cards) - 1) * FAN_STEP + CARD_W / 2
    parts.append(_text(mark_x, y + CARD_H + 13, "▲ top", 11, BLACK))
    return parts


def _empty(x: float, y: float) -> list[str]:
    return [
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="none" '
        f'stroke="{GREY}" stroke-dasharray="4 3"/>',
        _text(x + CARD_W / 2, y + CARD_H / 2 + 4, "empty", 10, GREY),
    ]


def _card(x: float, y: float, card: str | None, ids: str) -> str:
    """One place of the table: an empty outline, a card back, or a card face."""
    if card is None:
        return (
            f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" '
            f'fill="#f4f4f4" stroke="#b8b8b8" stroke-dasharray="4 3"/>'
        )
    if card == FACE_DOWN:
        return (
            f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" '
            f'fill="url(#{ids}back)" stroke="#1d3d6b"/>'
        )
    # The corner index (rank above suit) sits in the top 38 pixels and the left 22, which stay
    # visible under the next row or the next card of a fan; the big suit sits where a covering
    # card hides it.
    parsed = Card.parse(card)
    colour = RED if parsed.suit in _RED_SUITS else BLACK
    rank = parsed.deck.rank_names[parsed.rank - 1]
    return (
        f'<g><rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" '
        f'stroke="#6b6b6b"/>'
        f"{_text(x + 11, y + 17, rank, 16, colour, bold=True)}"
        f"{_suit(parsed.suit, x + 5, y + 21, 12, colour)}"
        f"{_suit(parsed.suit, x + 27, y + 42, 15, colour)}</g>"
    )


def _suit(suit: str, x: float, y: float, size: float, colour: str) -> str:
    if suit not in _SUIT_PATHS:  # a Spanish suit (O, P, E, B): its letter, as cards.py writes it
        return _text(x + size / 2, y + size * 0.85, suit, round(size), colour, bold=True)
    return (
        f'<path d="{_SUIT_PATHS[suit]}" fill="{colour}" '
        f'transform="translate({x:g} {y:g}) scale({size:g})"/>'
    )


def _text(
    x: float,
    y: float,
    text: str,
    size: int,
    colour: str,
    anchor: str = "middle",
    bold: bool = False,
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size}" fill="{colour}" '
        f'text-anchor="{anchor}"{weight}>{escape(text)}</text>'
    )


def _defs(ids: str) -> str:
    """The pattern of a card's back."""
    return (
        f'<defs><pattern id="{ids}back" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#2f5d9e"/>'
        '<rect width="3" height="6" fill="#5b82bd"/></pattern></defs>'
    )


def _name(card: str | None) -> str:
    if card is None:
        return "--"
    return card if card == FACE_DOWN else str(Card.parse(card))
