"""The exchange with the engine, recorded for a failure's report.

Every scenario's adapter is wrapped in a :class:`Recording`: each request that changes the game
(start, tap, undo) is noted with the snapshot the engine answered, in the protocol's JSON
notation, so a failed scenario's report shows what the harness asked and what the engine said,
as the engine's developer would see it over JSON lines. Reading a snapshot is not noted: the
steps read many, and the last answer is the table they read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Card
from ..layout import EMPTY
from .adapter import FACE_DOWN, Adapter, Capabilities, Snapshot


class Recording:
    """An adapter that notes every start, tap and undo and the snapshot each answered."""

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.exchange: list[dict[str, Any]] = []
        """``{"request": {...}, "answer": {...}}`` in the order they were made."""

    def capabilities(self) -> Capabilities:
        return self.adapter.capabilities()

    def start(self, **how: Any) -> Snapshot:
        return self._note({"op": "start", **how}, lambda: self.adapter.start(**how))

    def tap(self, target: str) -> Snapshot:
        return self._note({"op": "tap", "target": target}, lambda: self.adapter.tap(target))

    def undo(self) -> Snapshot:
        return self._note({"op": "undo"}, self.adapter.undo)

    def snapshot(self) -> Snapshot:
        return self.adapter.snapshot()

    def _note(self, request: dict[str, Any], answer: Callable[[], Snapshot]) -> Snapshot:
        entry: dict[str, Any] = {"request": request}
        self.exchange.append(entry)
        snapshot = answer()  # an engine that fails leaves the request without an answer
        entry["answer"] = snapshot.to_json()
        return snapshot


def request_line(request: dict[str, Any]) -> str:
    """A request in a word or two: ``tap r7c1``, ``undo``, ``start layout (profile app)``."""
    op = request["op"]
    if op == "tap":
        return f"tap {request['target']}"
    if op == "start":
        what = next((k for k in ("code", "layout", "deal") if request.get(k) is not None), "?")
        shown = request[what] if what != "layout" else "table"
        return f"start {shown} ({request.get('profile', 'app')})"
    return str(op)


def table_lines(answer: dict[str, Any]) -> list[str]:
    """A snapshot's table drawn as the rulebook draws one: the pyramid's rows (``--`` for an
    empty place, ``??`` face down), then the piles that hold cards, the waste's top in
    brackets, and the status, score and counter."""
    lines = pyramid_lines(answer["pyramid"])
    while lines and set(lines[-1].split()) <= {EMPTY}:
        lines.pop()  # rows left out at the bottom are empty
    piles = {"waste": answer["waste"], **more_piles(answer)}
    for label, pile in piles.items():
        if pile:
            cards = [shown(card) for card in pile]
            lines.append(f"{label}: {' '.join([*cards[:-1], f'[{cards[-1]}]'])}")
    stock, size = answer.get("stock"), answer["stock_size"]
    if size:
        listed = " ".join(shown(card) for card in stock) if stock else f"{size} cards"
        lines.append(f"stock: {listed}")
    lines.append(
        f"status {answer['status']}, score {answer['score']}, moves {answer['moves']}"
        + (f", selected {answer['selected']}" if answer.get("selected") else "")
    )
    return lines


def pyramid_lines(rows: Sequence[Sequence[str | None]]) -> list[str]:
    """A pyramid's rows as the rulebook draws them, centred, every card in a column of its own
    width (``10♦`` too), so that its rows, and two drawings side by side, line up."""
    cells = [[shown(card) for card in row] for row in rows]
    width = max((len(row) for row in cells), default=0)
    return ["  " * (width - len(row)) + " ".join(f"{c:<3}" for c in row).rstrip() for row in cells]


def more_piles(answer: dict[str, Any]) -> dict[str, list[str]]:
    """Apophis's waste piles 2 and 3 and Giza's reserves, by the names the tables give them."""
    piles = {f"waste {n}": pile for n, pile in enumerate(answer.get("more_wastes") or [], 2)}
    piles.update({f"reserve {n}": pile for n, pile in enumerate(answer.get("reserves") or [], 1)})
    return piles


def shown(card: str | None) -> str:
    """A card as the rulebook writes it (``TD`` → ``10♦``), ``--`` for none, ``??`` face down."""
    if card is None:
        return EMPTY
    return card if card == FACE_DOWN else str(Card.parse(card))
