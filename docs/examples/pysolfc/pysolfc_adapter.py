"""Check PySolFC's own Pyramid games against the suite, with no window and no display.

PySolFC (https://github.com/shlomif/PySolFC, GPL-3.0) is not on PyPI: point the environment
variable ``PYSOLFC_DIR`` at a source checkout (the folder holding ``pysollib/``) and run::

    PYSOLFC_DIR=~/src/PySolFC PYTHONPATH=docs/examples/pysolfc \\
        pyramide check --impl pysolfc_adapter:make_adapter --profile pysolfc-pyramid

(``--profile pysolfc-relaxed`` for Relaxed Pyramid). This module is our own code (MIT, like the
suite); it imports PySolFC from that checkout and copies none of it.

How PySolFC is driven. Its game model (stacks, moves, undo) runs unchanged; only what touches
Tk is stubbed: canvas items and event bindings become no-ops, cards keep their face and lose
their image, and the GUI hooks of the game class (status bar, menus, timers, animations, the
win dialog) do nothing. Every rule decision stays PySolFC's: a pair or a King is listed only if
PySolFC's own ``canMoveCards``/``acceptsCards`` allow the drag, and it is played with
``Stack.playMoveMove`` exactly as a mouse drag plays it; a King on the talon is removed by the
talon's own ``clickHandler``; ``draw`` and ``recycle`` are ``Game.dealCards`` (Game > Deal
cards), a deal when the talon holds cards and a redeal when it is empty. Autodeal and autodrop
are off (PySolFC's defaults are autodeal on, autodrop off), so every move is one the suite asked
for; PySolFC's move counter (``moves.index``, the first number of the status bar's "Moves/Total
moves") then counts exactly one per pair, King, deal and redeal, and undo takes it back.

Games: ``pysolfc-pyramid`` plays PySolFC game 38 ("Pyramid"), ``pysolfc-relaxed`` game 193
("Relaxed Pyramid"). A deal of the engine's own (``deal=N``) is PySolFC's game number N. A
table from a scenario is set up by putting the cards on PySolFC's stacks directly: the pyramid
places, the waste (face up), the talon (its top card face up, as PySolFC keeps it) and, for a
card on no pile, the foundation, where PySolFC puts removed cards.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from pyramide.conformance.moveshim import MoveShimAdapter
from pyramide.moves import parse_move

ENV_VAR = "PYSOLFC_DIR"
TESTED_VERSION = "3.6.1"
GAME_IDS = {"pysolfc-pyramid": 38, "pysolfc-relaxed": 193}
"""The suite's profile → PySolFC's game id (``pysollib/games/pyramid.py``)."""

CONVENTIONS = {
    "score": "none",  # PySolFC shows no score for these games (Game.getGameScore → None)
    "move_counter": "counted",  # the status bar's "Moves": one per pair, King, deal, redeal
    "undo_counter": "restores",  # Game.undo lowers moves.index
    "undo_depth": "unlimited",  # the whole move history is kept
}

RANKS = "A23456789TJQK"  # PySolFC's ranks 0..12 (pysollib/util.py)
KING = 12  # pysollib.util.KING
SUITS = "CSHD"  # PySolFC's suits 0..3: Club, Spade, Heart, Diamond (pysollib/util.py)


class PySolFCNotFound(ImportError):
    """``PYSOLFC_DIR`` is missing, does not name a PySolFC source checkout, or PySolFC cannot be
    imported from it. An ImportError, raised when this module is imported, so that ``pyramide
    check`` reports it as an adapter it cannot load (exit status 2) with this message."""


# --- loading PySolFC headless ----------------------------------------------------------------


class _Inert:
    """Stands in for any Tk object: every attribute and call gives another inert object."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __call__(self, *args: Any, **kwargs: Any) -> _Inert:
        return _Inert()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return _Inert()

    def __iter__(self) -> Any:
        return iter(())

    def __getitem__(self, key: Any) -> _Inert:
        return _Inert()

    def __bool__(self) -> bool:
        return False


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


_CANVAS_ITEMS = (
    "MfxCanvasGroup",
    "MfxCanvasImage",
    "MfxCanvasRectangle",
    "MfxCanvasText",
    "MfxCanvasLine",
)

_loaded: dict[str, Any] = {}


def pysolfc_dir() -> Path:
    """The checkout ``PYSOLFC_DIR`` names, or a clear error saying what is wrong."""
    value = os.environ.get(ENV_VAR)
    if not value:
        raise PySolFCNotFound(
            f"set {ENV_VAR} to a PySolFC source checkout (the folder holding pysollib/), e.g. "
            f"{ENV_VAR}=~/src/PySolFC; see docs/examples/pysolfc/README.md"
        )
    path = Path(value).expanduser()
    if not (path / "pysollib" / "games" / "pyramid.py").is_file():
        raise PySolFCNotFound(
            f"{ENV_VAR}={value!r} is not a PySolFC source checkout: "
            f"{path / 'pysollib' / 'games' / 'pyramid.py'} does not exist"
        )
    return path


def _load() -> dict[str, Any]:
    """Import PySolFC from the checkout once, with its Tk side made inert."""
    if _loaded:
        return _loaded
    path = str(pysolfc_dir().resolve())
    if path not in sys.path:
        sys.path.insert(0, path)
    try:
        import pysollib.pysoltk as pysoltk

        for name in _CANVAS_ITEMS:
            setattr(pysoltk, name, _Inert)
        import pysollib.game as pgame
        import pysollib.games.pyramid  # noqa: F401  (registers games 38 and 193)
        import pysollib.layout as playout
        import pysollib.settings as psettings
        import pysollib.stack as pstack
        from pysollib.acard import AbstractCard
        from pysollib.gamedb import GAME_DB
        from pysollib.mfxutil import Struct
        from pysollib.options import Options
        from pysollib.pysolrandom import construct_random
    except ImportError as error:
        raise PySolFCNotFound(
            f"cannot import PySolFC from {ENV_VAR}={path!r}: {error}. PySolFC needs "
            "attrs, configobj and pysol_cards (pip install attrs configobj pysol_cards)"
        ) from error
    for module in (pstack, playout, pgame):
        for name in _CANVAS_ITEMS:
            if hasattr(module, name):
                setattr(module, name, _Inert)
    for name in ("bind", "after_idle", "after_cancel", "markImage"):
        setattr(pstack, name, _nothing)
    pstack.get_text_width = lambda *args, **kwargs: 0
    for name in ("bind", "wm_map", "after", "reset_solver_dialog"):
        setattr(pgame, name, _nothing)
    pgame.USE_PIL = False
    if psettings.VERSION != TESTED_VERSION:
        warnings.warn(
            f"PySolFC {psettings.VERSION} found; this adapter was checked with {TESTED_VERSION}",
            stacklevel=2,
        )
    _loaded.update(
        game_module=pgame,
        AbstractCard=AbstractCard,
        GAME_DB=GAME_DB,
        Struct=Struct,
        Options=Options,
        construct_random=construct_random,
        version=psettings.VERSION,
    )
    return _loaded


def pysolfc_version() -> str:
    return str(_load()["version"])


def _headless_card_class(abstract_card: type) -> type:
    class HeadlessCard(abstract_card):  # type: ignore[misc]
        """A card as the model sees it: a face, no image."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.item = _Inert()

        def showFace(self, unhide: int = 1) -> None:
            self.face_up = 1

        def showBack(self, unhide: int = 1) -> None:
            self.face_up = 0

        def moveTo(self, x: float, y: float) -> None:
            self.x, self.y = round(x), round(y)

        def moveBy(self, dx: int, dy: int) -> None:
            self.x += dx
            self.y += dy

        def hide(self, stack: Any) -> None:
            self.hide_stack = stack

        def unhide(self) -> None:
            self.hide_stack = None

        def tkraise(self, unhide: int = 1) -> None:
            pass

        def setSelected(self, *args: Any, **kwargs: Any) -> None:
            pass

        def updateCardBackground(self, *args: Any, **kwargs: Any) -> None:
            pass

        def animatedMove(self, *args: Any, **kwargs: Any) -> None:
            pass

    return HeadlessCard


def _app(lib: Mapping[str, Any]) -> Any:
    """The least of PySolFC's ``Application`` a game reads: real options, inert widgets."""
    opt = lib["Options"]()
    opt.animations = 0
    opt.sound = False
    opt.autofaceup = True
    opt.autodrop = False  # off: a free King stays until the player removes it
    opt.autodeal = False  # off: an empty waste is not refilled by an extra move
    opt.mouse_type = "drag-n-drop"
    images: Any = _Inert()
    images.CARDW, images.CARDH = 71, 96
    images.CARD_XOFFSET, images.CARD_YOFFSET = 16, 25
    images.SHADOW_XOFFSET = images.SHADOW_YOFFSET = 0
    images.getSize = lambda: (71, 96)
    canvas: Any = _Inert()
    canvas.xmargin = canvas.ymargin = canvas.preview = 0
    app: Any = _Inert()
    app.opt, app.images, app.canvas = opt, images, canvas
    app.audio = app.top = app.gamerandom = app.cardset = None
    app.intro = lib["Struct"](progress=None)
    app.getFont = lambda name: ("helvetica", 12)
    app.getGameTitleName = lambda game_id: str(game_id)
    return app


def _headless_game(game_id: int) -> Any:
    """A PySolFC game object for ``game_id`` with its model built and no cards dealt."""
    lib = _load()
    info = lib["GAME_DB"].get(game_id)
    card_class = _headless_card_class(lib["AbstractCard"])

    def ignore(self: Any, *args: Any, **kwargs: Any) -> None:
        return None

    def refuse(self: Any, *args: Any, **kwargs: Any) -> bool:
        return False

    methods: dict[str, Callable[..., Any]] = {
        name: ignore
        for name in (
            "updateStatus",
            "updateMenus",
            "disableMenus",
            "updatePlayTime",
            "updateStuck",
            "startPlayTimer",
            "stopPlayTimer",
            "redealAnimation",
            "animatedMoveTo",
            "setCursor",
            "playSample",
            "startDealSample",
            "stopSamples",
        )
    }
    methods.update(
        animatedFlip=refuse,
        animatedFlipAndMove=refuse,
        _isMainWindowIconic=refuse,
        # no win dialog: the adapter reads isGameWon itself
        checkForWin=lambda self: self.isGameWon(),
        _createCard=lambda self, id, deck, suit, rank, x, y: card_class(
            id, deck, suit, rank, game=self, x=x, y=y
        ),
    )
    headless = type(info.gameclass.__name__, (info.gameclass,), methods)
    game = headless(info)
    app = _app(lib)
    game_module = lib["game_module"]
    # the model half of Game.create (which would build Tk geometry and bindings)
    game.app, game.top, game.canvas = app, _Inert(), app.canvas
    game.filename = ""
    game.drag = game_module.GameDrag()
    game.texts = game_module.GameTexts()
    game.init_texts = game_module.GameTexts()
    game.createGame()
    game.createSnGroups()
    game.allstacks = tuple(game.allstacks)
    game.sg.to_tuples()
    game.s.to_tuples()
    for stack in game.allstacks:
        stack.prepareStack()
        stack.assertStack()
    game.cards = game.createCards()
    return game


# --- the move engine -------------------------------------------------------------------------


def _name(card: Any) -> str:
    return RANKS[card.rank] + SUITS[card.suit]


class PySolFCEngine:
    """PySolFC's Pyramid (38) or Relaxed Pyramid (193) as a move engine for the shim."""

    def __init__(self) -> None:
        self._games: dict[int, Any] = {}
        self.game: Any = None
        self._moves: dict[str, Callable[[], Any]] = {}

    # new games

    def _game_for(self, profile: str) -> Any:
        if profile not in GAME_IDS:
            raise ValueError(f"PySolFC plays the profiles {sorted(GAME_IDS)}, not {profile!r}")
        game_id = GAME_IDS[profile]
        if game_id not in self._games:
            self._games[game_id] = _headless_game(game_id)
        return self._games[game_id]

    def new_game(
        self,
        *,
        layout: Mapping[str, Any] | None,
        code: str | None,
        profile: str,
        deal: int | None = None,
    ) -> None:
        if code is not None:
            raise ValueError("PySolFC deals no deal codes of the suite (deal_codes=False)")
        game = self._game_for(profile)
        random = _load()["construct_random"]
        if deal is not None:
            game.newGame(random=random(str(deal)), autoplay=0)
        else:
            if layout is None:
                raise ValueError("new_game needs a layout or a deal number")
            placed = self._placement(game, layout)
            # shuffle a deal as usual (all 52 cards to the talon), then lay our table instead of
            # PySolFC's own startGame; newGame then starts the move history from there
            game.newGame(random=random("1"), autoplay=0, dealer=lambda: self._lay(game, placed))
        self.game = game
        self._moves = {}

    @staticmethod
    def _placement(game: Any, layout: Mapping[str, Any]) -> list[tuple[Any, list[str]]]:
        rows = layout["pyramid"]
        if len(rows) != 7 or any(len(row) != r for r, row in enumerate(rows, start=1)):
            raise ValueError("a layout's pyramid has 7 rows of 1 to 7 places")
        places = [card for row in rows for card in row]
        stock = list(layout.get("stock") or [])
        placed: list[tuple[Any, list[str]]] = [
            (stack, [] if card in (None, "--") else [card])
            for stack, card in zip(game.s.rows, places, strict=True)
        ]
        placed.append((game.s.waste, list(layout.get("waste") or [])))
        placed.append((game.s.talon, stock[::-1]))  # a stack's cards run bottom to top
        return placed

    @staticmethod
    def _lay(game: Any, placed: list[tuple[Any, list[str]]]) -> None:
        talon, foundation = game.s.talon, game.s.foundations[0]
        by_name = {_name(card): card for card in game.cards}
        while talon.cards:
            talon.removeCard(update=0)
        left = dict(by_name)
        for stack, names in placed:
            for name in names:
                if name not in left:
                    raise ValueError(f"{name} is not a card, or is on the table twice")
                card = left.pop(name)
                card.showFace()
                stack.addCard(card, update=0)
        for card in talon.cards[:-1]:
            card.showBack()  # PySolFC's talon: only its top card lies face up
        for card in left.values():
            card.showFace()
            foundation.addCard(card, update=0)

    # moves

    def _legal(self) -> dict[str, Callable[[], Any]]:
        """Every move PySolFC allows now, and how PySolFC plays it."""
        game = self.game
        if game is None:
            raise RuntimeError("no game started")
        found: dict[str, Callable[[], Any]] = {}
        talon, foundation = game.s.talon, game.s.foundations[0]
        targets = [*game.sg.dropstacks, talon]
        for source in game.sg.dropstacks:
            top = source.cards[-1:]
            if not top or not source.canMoveCards(top):
                continue
            if foundation.acceptsCards(source, top):  # a King, dragged to the foundation
                found[_name(top[0])] = partial(source.playMoveMove, 1, foundation)
            for target in targets:
                if target is not source and target.cards and target.acceptsCards(source, top):
                    pair = parse_move(f"{_name(top[0])}+{_name(target.cards[-1])}").ascii
                    found.setdefault(pair, partial(source.playMoveMove, 1, target))
        # the talon cannot be dragged; a click on it removes a face-up, unblocked King on top
        # (the test of Pyramid_StackMethods._dropKingClickHandler, pysollib/games/pyramid.py)
        king = talon.cards[-1] if talon.cards else None
        if king is not None and king.face_up and king.rank == KING and not talon.basicIsBlocked():
            found[_name(king)] = lambda: talon.clickHandler(None)
        if game.canDealCards():
            found["draw" if talon.cards else "recycle"] = lambda: game.dealCards(sound=False)
        return found

    def legal_moves(self) -> list[str]:
        self._moves = self._legal()
        return list(self._moves)

    def play(self, move: str) -> None:
        action = self._moves.get(move) or self._legal().get(move)
        if action is None:
            raise ValueError(f"PySolFC does not allow {move} now")
        action()
        self._moves = {}

    def undo(self) -> None:
        if self.game is not None and self.game.moves.index > 0:
            self.game.undo()
        self._moves = {}

    def state(self) -> Mapping[str, Any]:
        game = self.game
        if game is None:
            raise RuntimeError("no game started")
        rows = game.s.rows
        pyramid = [
            [_name(stack.cards[-1]) if stack.cards else None for stack in rows[r : r + n]]
            for r, n in ((n * (n - 1) // 2, n) for n in range(1, 8))
        ]
        stock = [_name(card) for card in reversed(game.s.talon.cards)]
        if game.isGameWon():
            status = "won"
        elif self._legal():
            status = "playing"
        else:
            status = "no-more-moves"
        return {
            "pyramid": pyramid,
            "waste": [_name(card) for card in game.s.waste.cards],
            "stock": stock,
            "stock_size": len(stock),
            "score": 0,  # conventions: score none
            "moves": game.moves.index,
            "status": status,
            "code": None,
        }


_load()  # on import: without PySolFC this module is of no use, and the error names PYSOLFC_DIR


def make_adapter() -> MoveShimAdapter:
    """``pyramide check --impl pysolfc_adapter:make_adapter --profile pysolfc-pyramid``."""
    return MoveShimAdapter(
        PySolFCEngine(),
        profiles=tuple(GAME_IDS),
        deal_codes=False,
        stock_order=True,
        conventions=dict(CONVENTIONS),
        tables=True,
        own_deals=True,
    )
