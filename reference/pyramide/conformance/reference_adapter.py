"""The reference engine behind the adapter protocol: what every other engine is compared to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..dealcode import DealCode, deal, parse_code
from ..game import Game
from ..layout import EMPTY, PYRAMID, Geometry, Layout
from ..notation import read_layout
from ..profiles import APP, PROFILES, Profile, get_profile, profile_from_switches
from ..table import Table
from .adapter import (
    REVISION,
    Capabilities,
    LayoutData,
    Shown,
    Snapshot,
    face_down_view,
    parse_target,
    piles_json,
    target_name,
)
from .spec_files import switch_values_problem


def layout_from_data(data: LayoutData, geometry: Geometry = PYRAMID) -> Layout:
    """A :class:`Layout` from the protocol's layout notation."""
    rows = [[EMPTY if card is None else card for card in row] for row in data["pyramid"]]
    return read_layout(
        rows,
        list(data.get("waste", ())),
        list(data.get("stock", ())),
        more_wastes=[list(pile) for pile in data.get("more_wastes", ())],
        reserves=[list(pile) for pile in data.get("reserves", ())],
        geometry=geometry,
    )


def layout_data(layout: Layout) -> dict[str, Any]:
    """A layout in protocol notation (the inverse of :func:`layout_from_data`)."""

    def names(cards: tuple[Card, ...]) -> list[str]:
        return [card.ascii for card in cards]

    return {
        "pyramid": [[None if c is None else c.ascii for c in row] for row in layout.rows()],
        "waste": names(layout.waste),
        "stock": names(layout.stock),
        **piles_json([names(p) for p in layout.more_wastes], [names(p) for p in layout.reserves]),
    }


def start_game(
    layout: LayoutData | None,
    code: str | None,
    deal_number: int | None,
    rules: Profile,
) -> Game:
    """A game from exactly one of a layout, a deal code, or the number of a deal of our own
    (under a named profile, the deal code of that number; under other switches, its cards)."""
    if sum(x is not None for x in (layout, code, deal_number)) != 1:
        raise ValueError("start needs exactly one of layout, code and deal")
    if code is not None:
        parsed = parse_code(code)
        return Game(parsed.layout(), parsed.profile, str(parsed))
    if deal_number is not None:
        if rules.letter is None:
            return Game(deal(deal_number, rules), rules)
        dealt = DealCode(rules, deal_number)
        return Game(dealt.layout(), rules, str(dealt))
    assert layout is not None
    return Game(layout_from_data(layout, rules.geometry), rules)


def rules_from(profile: str, switches: Mapping[str, Any] | None) -> Profile:
    """The named profile, or the switch set the harness sends under a name of its own (checked
    against the spec first: a contradiction is refused with a message naming the switch)."""
    if switches is None:
        return get_profile(profile)
    problem = switch_values_problem({**APP.switches, **switches})
    if problem:
        raise ValueError(f"switches: {problem}")
    return profile_from_switches(profile, switches)


class ReferenceAdapter:
    """Drives :class:`~pyramide.table.Table`; plays every profile and any switch set."""

    def __init__(self) -> None:
        self.table: Table | None = None

    def capabilities(self) -> Capabilities:
        return Capabilities(
            profiles=tuple(PROFILES), any_rule_set=True, own_deals=True, revision=REVISION
        )

    def start(
        self,
        *,
        layout: LayoutData | None = None,
        code: str | None = None,
        profile: str = "app",
        error_help: bool = True,
        deal: int | None = None,
        switches: Mapping[str, Any] | None = None,
    ) -> Snapshot:
        game = start_game(layout, code, deal, rules_from(profile, switches))
        self.table = Table(game, error_help=error_help)
        return self.snapshot()

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("no game started")
        return self.table

    def tap(self, target: str) -> Snapshot:
        self._table().tap(parse_target(target))
        return self.snapshot()

    def undo(self) -> Snapshot:
        self._table().undo()
        return self.snapshot()

    def snapshot(self) -> Snapshot:
        table = self._table()
        game = table.game
        layout = game.layout()

        def name(card: Card | None) -> str | None:
            return None if card is None else card.ascii

        rows = [[name(card) for card in row] for row in layout.rows()]
        if game.profile.face_down:
            rows = face_down_view(rows)

        selected = table.selected
        selected_name = target_name(*selected) if isinstance(selected, tuple) else selected
        message = None
        if table.message is not None:
            message = Shown(key=table.message.key, params=dict(table.message.params))
        return Snapshot(
            pyramid=tuple(tuple(row) for row in rows),
            waste=tuple(card.ascii for card in layout.waste),
            stock_size=len(layout.stock),
            stock=tuple(card.ascii for card in layout.stock),
            score=game.score,
            moves=game.move_count,
            status=game.status.value,
            selected=selected_name,
            message=message,
            code=game.code,
            more_wastes=tuple(tuple(c.ascii for c in pile) for pile in layout.more_wastes),
            reserves=tuple(tuple(c.ascii for c in pile) for pile in layout.reserves),
        )
