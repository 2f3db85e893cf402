"""The adapter protocol: the small surface through which the suite drives any engine.

An adapter starts a game (from a full layout or a deal code, under a profile), taps the
pyramid, the waste or the stock, undoes, and reports a :class:`Snapshot` of what a player
sees. It also declares its :class:`Capabilities`; a scenario needing one the adapter lacks is
*not applicable*, never passed. The same operations travel as JSON lines to engines in other
languages (``pyramide.conformance.jsonlines``), so everything here is plain data.

Notation, shared with the JSON-lines protocol:

- cards in ASCII (``7D``, ``TD``) or Unicode (``7♦``, ``10♦``); snapshots use ASCII;
- tap targets: ``r7c6`` (row 7, card 6 from the left), ``waste``, ``stock`` and, under the
  switches that put them in play, ``waste-below`` (the card beneath the waste top) and
  ``stock-top`` (the stock's face-up top card; a tap on ``stock`` still draws);
- a layout: ``{"pyramid": [[row 1], ..., [row 7]], "waste": [bottom..top], "stock": [top..]}``
  with ``null`` (or ``"--"``) for an empty pyramid place; a card that is on no pile counts as
  removed, so a table may hold any part of the deck;
- in a snapshot, ``"??"`` for a pyramid card that lies face down (the face-down switch).

Revision 2 of the protocol adds what the named variants need, and nothing changes for an
engine that plays none of them: the Triangle's rows (7 places in row 1 down to 1 in row 7),
the Pharaoh's 10 rows (``r10c3``; its two decks put two of a card on the table),
Spanish cards (``CP``: see :mod:`pyramide.cards`), ``more_wastes`` (waste piles 2 and 3 of
Apophis, each bottom to top; ``waste`` is pile 1) and ``reserves`` (Giza's 8 face-up piles,
each bottom to top) in layouts and snapshots, and the tap targets ``waste-2``, ``waste-3`` and
``reserve-1`` .. ``reserve-8`` (the top card of that pile). An engine of revision 1 is never
sent any of these (:data:`REVISION_2_SWITCHES`).

Revision 3 adds the draw that names its waste pile (the classic page's Apophis, switch
``waste_choice: player``): the tap targets ``stock-to-waste``, ``stock-to-waste-2`` and
``stock-to-waste-3`` draw the stock's top card onto pile 1, 2 or 3 (a tap on ``stock`` still
draws, onto pile 1). An engine of revision 2 is never sent these targets nor the switch
(:data:`REVISION_3_SWITCHES`): it plays ``waste_piles: 3`` as before, the rules dealing one
card onto each pile.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..layout import layout_by_first_row

PLACE = re.compile(r"^r([1-9]|10)c([1-9]|10)$")
"""A pyramid place as a tap target: ``r7c6``, ``r10c3`` (rows 8 to 10 under rows 10)."""
FACE_DOWN = "??"
"""A pyramid place holding a card the player cannot see."""
MORE_PILES = (*(f"waste-{n}" for n in (2, 3)), *(f"reserve-{n}" for n in range(1, 9)))
"""Revision 2's pile targets: the top of waste pile 2 or 3, or of a reserve pile."""
DRAW_TARGETS = ("stock-to-waste", *(f"stock-to-waste-{n}" for n in (2, 3)))
"""Revision 3's draws onto a waste pile the player names (pile 1, 2, 3)."""
STOCK_TAPS = ("stock", *DRAW_TARGETS)
"""The tap targets that draw (or, on an empty stock, recycle)."""
PILE_TARGETS = ("waste", "waste-below", "stock", "stock-top", *MORE_PILES, *DRAW_TARGETS)
PILE_WORDS = {
    "stock": "the stock",
    "waste": "the waste",
    "waste-below": "the card beneath the waste top",
    "stock-top": "the stock's top card",
    **{f"waste-{n}": f"waste pile {n}" for n in (2, 3)},
    **{f"reserve-{n}": f"reserve {n}" for n in range(1, 9)},
}
"""How the rulebook's sentences name each pile target."""
REVISION = 3
"""The protocol revision this harness speaks (the hello's ``revision``; 1 when left out)."""
REVISION_2_SWITCHES = {
    "deck": "french",
    "layout": "pyramid",
    "rows": 7,
    "reserves": 0,
    "waste_piles": 1,
    "draw_count": 1,
}
"""The switches revision 2 added, at the values every revision-1 engine plays."""
REVISION_3_SWITCHES: dict[str, Any] = {"waste_choice": "deal"}
"""The switch revision 3 added, at the value every older engine plays (the rules deal)."""
SWITCHES_SINCE: dict[int, Mapping[str, Any]] = {2: REVISION_2_SWITCHES, 3: REVISION_3_SWITCHES}
"""The switches each revision added, at the values the engines of earlier revisions play."""
DRAW_REVISION = 3
"""The revision whose tap targets (:data:`DRAW_TARGETS`) name the waste pile a draw goes onto."""

LayoutData = Mapping[str, Any]
"""A layout in the notation above."""


class AdapterError(RuntimeError):
    """The engine under test misbehaved (crashed, timed out, answered garbage)."""


@dataclass(frozen=True)
class Capabilities:
    """What an adapter can do; the suite never asks for more.

    ``taps``: selection and tap behaviour are the engine's own (false for the move-only shim).
    ``messages``: ``None`` if the engine shows no messages, ``"key"`` for message keys, or the
    language (``fr``, ``hu``, ``en``) of the texts it shows.
    ``tables``: the engine can start from any table a scenario draws; ``own_deals``: it can
    start a deal of its own, numbered (``start(deal=N)``), which is how an engine that only
    plays its own deals is checked on the rules of the deal.
    ``profiles`` names the named profiles it plays; ``rule_sets`` maps names of its own to
    switch values; ``any_rule_set`` says it takes any switch values (``start(switches=...)``).
    An engine that names neither plays the app's rules (as engines did before ``rule_sets``);
    one that names rule sets of its own and no profile plays only those.
    ``conventions`` says how it shows what it counts (``spec/profiles.yaml``); one left out is
    the app's.
    """

    taps: bool = True
    messages: str | None = "key"
    undo: bool = True
    deal_codes: bool = True
    stock_order: bool = True
    profiles: tuple[str, ...] = ()
    rule_sets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    any_rule_set: bool = False
    conventions: Mapping[str, str] = field(default_factory=dict)
    tables: bool = True
    own_deals: bool = False
    revision: int = 1
    """The protocol revision the engine speaks (2 for the named variants' piles and decks, 3
    for a draw that names its waste pile)."""

    def __post_init__(self) -> None:
        if not self.profiles and not self.rule_sets:
            object.__setattr__(self, "profiles", ("app",))

    def to_json(self) -> dict[str, Any]:
        return {
            "taps": self.taps,
            "messages": self.messages,
            "undo": self.undo,
            "deal_codes": self.deal_codes,
            "stock_order": self.stock_order,
            "profiles": list(self.profiles),
            "rule_sets": {name: dict(values) for name, values in self.rule_sets.items()},
            "any_rule_set": self.any_rule_set,
            "conventions": dict(self.conventions),
            "tables": self.tables,
            "own_deals": self.own_deals,
            "revision": self.revision,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Capabilities:
        return cls(
            taps=bool(data.get("taps", False)),
            messages=data.get("messages"),
            undo=bool(data.get("undo", False)),
            deal_codes=bool(data.get("deal_codes", False)),
            stock_order=bool(data.get("stock_order", False)),
            profiles=tuple(data.get("profiles", ())),
            rule_sets=dict(data.get("rule_sets", {})),
            any_rule_set=bool(data.get("any_rule_set", False)),
            conventions=dict(data.get("conventions", {})),
            tables=bool(data.get("tables", True)),
            own_deals=bool(data.get("own_deals", False)),
            revision=int(data.get("revision", 1)),
        )


@dataclass(frozen=True)
class Shown:
    """A message on screen: its key, its parameters, or its text in the engine's language."""

    key: str | None = None
    params: Mapping[str, int] = field(default_factory=dict)
    text: str | None = None


@dataclass(frozen=True)
class Snapshot:
    """What a player sees, in the protocol's notation."""

    pyramid: tuple[tuple[str | None, ...], ...]
    waste: tuple[str, ...]
    stock_size: int
    score: int
    moves: int
    status: str
    stock: tuple[str, ...] | None = None
    selected: str | None = None
    message: Shown | None = None
    code: str | None = None
    more_wastes: tuple[tuple[str, ...], ...] = ()
    """Waste piles 2, 3... (revision 2), each bottom to top."""
    reserves: tuple[tuple[str, ...], ...] = ()
    """Reserve piles (revision 2), each bottom to top."""

    def pile(self, target: str) -> tuple[str, ...]:
        """The cards of ``waste``, ``waste-2``, ``waste-3`` or ``reserve-N``, bottom to top."""
        if target == "waste":
            return self.waste
        kind, _, number = target.partition("-")
        piles = self.more_wastes if kind == "waste" else self.reserves
        index = int(number) - (2 if kind == "waste" else 1)
        return piles[index] if 0 <= index < len(piles) else ()

    def to_json(self) -> dict[str, Any]:
        message = None
        if self.message is not None:
            message = {
                "key": self.message.key,
                "params": dict(self.message.params),
                "text": self.message.text,
            }
        return {
            "pyramid": [list(row) for row in self.pyramid],
            "waste": list(self.waste),
            "stock_size": self.stock_size,
            "stock": None if self.stock is None else list(self.stock),
            "selected": self.selected,
            "score": self.score,
            "moves": self.moves,
            "status": self.status,
            "message": message,
            "code": self.code,
            **piles_json(self.more_wastes, self.reserves),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Snapshot:
        shown = data.get("message")
        message = None
        if shown is not None:
            message = Shown(shown.get("key"), dict(shown.get("params") or {}), shown.get("text"))
        stock = data.get("stock")
        return cls(
            pyramid=tuple(tuple(row) for row in data["pyramid"]),
            waste=tuple(data["waste"]),
            stock_size=int(data["stock_size"]),
            score=int(data["score"]),
            moves=int(data["moves"]),
            status=str(data["status"]),
            stock=None if stock is None else tuple(stock),
            selected=data.get("selected"),
            message=message,
            code=data.get("code"),
            more_wastes=tuple(tuple(pile) for pile in data.get("more_wastes") or ()),
            reserves=tuple(tuple(pile) for pile in data.get("reserves") or ()),
        )


@runtime_checkable
class Adapter(Protocol):
    """The operations every engine under test offers, in-process or behind JSON lines."""

    def capabilities(self) -> Capabilities: ...

    def start(
        self,
        *,
        layout: LayoutData | None = None,
        code: str | None = None,
        profile: str = "app",
        error_help: bool = True,
    ) -> Snapshot:
        """A new game from a full layout or a deal code (exactly one of them).

        Two more keywords are passed only to adapters whose capabilities ask for them:
        ``deal=N`` (instead of a layout or code) to an adapter with ``own_deals``, and
        ``switches={...}`` (beside ``profile``) to an adapter with ``any_rule_set``.
        """
        ...

    def tap(self, target: str) -> Snapshot: ...

    def undo(self) -> Snapshot: ...

    def snapshot(self) -> Snapshot: ...


def parse_target(target: str) -> tuple[int, int] | str:
    """``r7c6`` → (7, 6); the pile targets unchanged. Whether a place exists is the engine's
    geometry's business (row 1 holds 7 places in the Triangle)."""
    match = PLACE.match(target)
    if match:
        return int(match.group(1)), int(match.group(2))
    if target in PILE_TARGETS:
        return target
    raise ValueError(
        f"not a tap target: {target!r} (expected r<row>c<card>, {', '.join(PILE_TARGETS)})"
    )


def piles_json(
    more_wastes: Sequence[Sequence[str]], reserves: Sequence[Sequence[str]]
) -> dict[str, Any]:
    """Revision 2's piles for a layout or a snapshot: only the ones the table has, so that a
    revision-1 table reads exactly as before."""
    data: dict[str, Any] = {}
    if more_wastes:
        data["more_wastes"] = [list(pile) for pile in more_wastes]
    if reserves:
        data["reserves"] = [list(pile) for pile in reserves]
    return data


def target_name(row: int, col: int) -> str:
    return f"r{row}c{col}"


def face_down_view(rows: Sequence[Sequence[str | None]]) -> list[list[str | None]]:
    """The pyramid as a player sees it when covered cards lie face down: a card with a card
    left on it in the row below shows as ``??``. Rows that shrink downwards are the Triangle's,
    where the row below lies on places ``c - 1`` and ``c``."""
    shift = -1 if layout_by_first_row(len(rows[0])) == "triangle" else 0

    def covered(r: int, c: int) -> bool:
        below = rows[r + 1] if r + 1 < len(rows) else ()
        return any(0 <= c + d < len(below) and below[c + d] for d in (shift, shift + 1))

    return [
        [FACE_DOWN if card is not None and covered(r, c) else card for c, card in enumerate(row)]
        for r, row in enumerate(rows)
    ]
