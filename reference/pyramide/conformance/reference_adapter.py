"""The reference engine behind the adapter protocol: what every other engine is compared to."""

from __future__ import annotations

from ..cards import Card
from ..dealcode import parse_code
from ..game import Game
from ..layout import EMPTY, Layout
from ..profiles import PROFILES, get_profile
from ..table import Table
from .adapter import Capabilities, LayoutData, Shown, Snapshot, parse_target, target_name


def layout_from_data(data: LayoutData) -> Layout:
    """A :class:`Layout` from the protocol's layout notation."""
    rows = [[EMPTY if card is None else card for card in row] for row in data["pyramid"]]
    return Layout.from_rows(rows, list(data.get("waste", ())), list(data.get("stock", ())))


class ReferenceAdapter:
    """Drives :class:`~pyramide.table.Table`; claims every profile the engine knows."""

    def __init__(self) -> None:
        self.table: Table | None = None

    def capabilities(self) -> Capabilities:
        return Capabilities(profiles=tuple(PROFILES))

    def start(
        self,
        *,
        layout: LayoutData | None = None,
        code: str | None = None,
        profile: str = "app",
        error_help: bool = True,
    ) -> Snapshot:
        if (layout is None) == (code is None):
            raise ValueError("start needs exactly one of layout and code")
        if code is not None:
            parsed = parse_code(code)
            game = Game(parsed.layout(), parsed.profile, str(parsed))
        else:
            assert layout is not None
            game = Game(layout_from_data(layout), get_profile(profile))
        self.table = Table(game, error_help=error_help)
        return self.snapshot()

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("no game started")
        return self.table

    def tap(self, target: str) -> Snapshot:
        self._table().tap(parse_target(target))  # type: ignore[arg-type]
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

        selected = table.selected
        selected_name = target_name(*selected) if isinstance(selected, tuple) else selected
        message = None
        if table.message is not None:
            message = Shown(key=table.message.key, params=dict(table.message.params))
        return Snapshot(
            pyramid=tuple(tuple(name(card) for card in row) for row in layout.rows()),
            waste=tuple(card.ascii for card in layout.waste),
            stock_size=len(layout.stock),
            stock=tuple(card.ascii for card in layout.stock),
            score=game.score,
            moves=game.move_count,
            status=game.status.value,
            selected=selected_name,
            message=message,
            code=game.code,
        )
