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

Games (:data:`GAMES`): the named profiles ``pysolfc-pyramid``, ``pysolfc-relaxed`` and
``pysolfc-apophis`` are PySolFC games 38 ("Pyramid"), 193 ("Relaxed Pyramid") and 658
("Apophis"); the rule sets of our own ``pysolfc-giza``, ``pysolfc-king-tut`` and
``pysolfc-triangle`` (:data:`RULE_SETS`, each with the PySolFC source lines it rests on) are
games 592 ("Giza"), 681 ("King Tut") and 700 ("Triangle"). ``pyramide check --profile`` names one of
them with its YAML file (``docs/examples/pysolfc/pysolfc-giza.yaml``...). A deal of the
engine's own (``deal=N``) is PySolFC's game number N. A table from a scenario is set up by
putting the cards on PySolFC's stacks directly: the pyramid places (the Triangle's inverted
rows of 7 down to 1), the waste (face up), Giza's 8 reserves (``s.reserves``, face up),
Apophis's 3 waste piles (also ``s.reserves``: the suite's ``waste`` is pile 1, ``more_wastes``
piles 2 and 3), the talon (face down, but for its top card where PySolFC's talon keeps it face
up) and, for a card on no pile, the foundation, where PySolFC puts removed cards.

:func:`make_profile_adapter` declares the suite's named profiles ``giza``, ``apophis``,
``king-tut`` and ``triangle`` for games 592, 658, 681 and 700 instead, though PySolFC plays
other rules: it exists to measure how far each game is from the profile of that name. Under
``apophis`` (the classic page's, where the player names the pile of each draw) the engine,
which speaks protocol revision 2, cannot name a pile: PySolFC's talon deals a row.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pyramide.conformance.moveshim import MoveShimAdapter
from pyramide.moves import parse_move

ENV_VAR = "PYSOLFC_DIR"
TESTED_VERSION = "3.6.1"

PYRAMID_ROWS = (1, 2, 3, 4, 5, 6, 7)
TRIANGLE_ROWS = (7, 6, 5, 4, 3, 2, 1)
"""Places per row, row 1 first: ``Pyramid._createPyramid`` and ``_createInvertedPyramid``
(``pysollib/games/pyramid.py`` lines 197-238) make ``s.rows`` in that reading order."""

ONE_WASTE = "waste"
"""The suite's waste is ``s.waste``."""
WASTE_PILES = "waste piles"
"""The suite's ``waste``, ``waste-2``, ``waste-3`` are ``s.reserves`` (Apophis's three piles)."""
RESERVES = "reserves"
"""The suite's ``reserve-1`` .. ``reserve-8`` are ``s.reserves`` (Giza); no waste, no stock."""


@dataclass(frozen=True)
class PySolFCGame:
    """One of PySolFC's games and where the suite's piles lie among its stacks."""

    game_id: int
    title: str
    rows: tuple[int, ...]
    piles: str


GAMES = {
    "pysolfc-pyramid": PySolFCGame(38, "Pyramid", PYRAMID_ROWS, ONE_WASTE),
    "pysolfc-relaxed": PySolFCGame(193, "Relaxed Pyramid", PYRAMID_ROWS, ONE_WASTE),
    "pysolfc-giza": PySolFCGame(592, "Giza", PYRAMID_ROWS, RESERVES),
    "pysolfc-apophis": PySolFCGame(658, "Apophis", PYRAMID_ROWS, WASTE_PILES),
    "pysolfc-king-tut": PySolFCGame(681, "King Tut", PYRAMID_ROWS, ONE_WASTE),
    "pysolfc-triangle": PySolFCGame(700, "Triangle", TRIANGLE_ROWS, ONE_WASTE),
}
"""The rule set's name → PySolFC's game (registered at ``pysollib/games/pyramid.py`` lines
1914-1962). Line numbers here and below are those of PySolFC 3.6.1 at commit 7a3d146a."""
GAME_IDS = {name: game.game_id for name, game in GAMES.items()}

NAMED_PROFILES = ("pysolfc-pyramid", "pysolfc-relaxed", "pysolfc-apophis")
"""Games 38, 193 and 658 play the suite's named profiles of the same name (spec/profiles.yaml).

Apophis, game 658 (class Apophis(Pharaohs), pysollib/games/pyramid.py l. 1348-1405), plays
``pysolfc-apophis``: createGame makes three Pyramid_Waste piles in s.reserves (l. 1384-1389)
and the talon a DealReserveRedealTalonStack (l. 1378-1379), whose deal is one card onto each
pile, left to right (dealRowAvail(rows=s.reserves), pysollib/stack.py l. 2144-2152, 2123):
``waste_piles: 3, waste_choice: deal``; startGame deals the pyramid, then one such deal
(l. 1399-1402). Only each pile's top moves (OpenStack max_move=1); tops pair with each other
and with the pyramid. MAX_ROUNDS = 3 (l. 1356), passed as max_rounds (l. 1379): two redeals,
DealRowRedealTalonStack.canDealCards refusing a third (stack.py l. 2100-2108). A redeal
(dealCards with an empty talon, stack.py l. 2110-2126) gathers pile 1, then 2, then 3, each
from its top (_redeal, l. 1817-1833), then deals a row in the same click, one move of
Game.dealCards (pysollib/game/__init__.py l. 2309-2323): the profile's recycle. No isGameWon
in Apophis, Pharaohs (l. 1209-1250) or Pyramid: Game.isGameWon, every card on the foundation
(game/__init__.py l. 2546-2549): ``strict_win``. The talon is no drop stack (Apophis.createGame
calls only defaultStackGroups, pysollib/layout.py l. 261-268) and its cards lie face down:
``stock_top_playable`` off."""

RULE_SETS: dict[str, dict[str, Any]] = {
    # Giza, game 592 (class Giza, pysollib/games/pyramid.py lines 344-355). The suite's giza
    # profile (8 face-up reserve piles of 3 instead of a stock and a waste) plus the strict win:
    "pysolfc-giza": {
        # createGame(reserves=8, waste=False) (l. 349): no waste; the talon is an
        # InitialDealTalonStack (l. 345), emptied by startGame, which deals three rows face up
        # onto the 8 reserves (l. 352-353) before the pyramid (l. 355). A reserve is a
        # Giza_Reserve (l. 337-341), an OpenStack moving only its top card (max_move=1,
        # pysollib/stack.py l. 2189), pairing by Pyramid_StackMethods.acceptsCards (l. 65-71).
        "reserves": 8,
        # Neither Giza nor Pyramid overrides isGameWon, so Game.isGameWon decides: every card on
        # the foundation (pysollib/game/__init__.py l. 2546-2549). The reserves must go too.
        "strict_win": True,
    },
    # King Tut, game 681 (class KingTut(RelaxedPyramid), l. 1647-1675): the king-tut profile
    # as it is.
    "pysolfc-king-tut": {
        # The talon is a WasteTalonStack(max_rounds=UNLIMITED_REDEALS, num_deal=3)
        # (l. 1660-1661): three cards a deal, turned one by one so the last lies on top
        # (WasteTalonStack.dealCards, stack.py l. 3136-3169), and no limit on redeals. The
        # waste is a Pyramid_Waste moving only its top card (l. 1664). Pyramid.startGame
        # (l. 295-298) turns one deal, three cards, onto the waste, as the profile deals.
        "draw_count": 3,
        "max_recycles": None,
        # RelaxedPyramid.isGameWon: the 28 pyramid places empty (l. 329-330).
        "strict_win": False,
        # The talon is no drop stack (l. 1674-1675) and lies face down: stock top not in play.
    },
    # Triangle, game 700 (class Triangle(Pyramid), l. 1691-1723): the triangle profile played
    # with the rest of PySolFC's Pyramid rules (game 38, the pysolfc-pyramid profile).
    "pysolfc-triangle": {
        # s.rows = _createInvertedPyramid (l. 1704): rows of 7 down to 1, place (r, c) blocked
        # by (r+1, c-1) and (r+1, c) where they exist (blockmap, l. 226-237).
        "layout": "triangle",
        # Talon_Class is Pyramid's (l. 187): Pyramid_Talon with max_rounds=3, two redeals.
        "max_recycles": 2,
        # Pyramid_Talon is a FaceUpWasteTalonStack (l. 120), whose top card lies face up
        # (stack.py l. 3175-3191), and Triangle puts the talon among the drop stacks
        # (l. 1721-1722), so its top card pairs and a King on it is removed (l. 121-124).
        "stock_top_playable": True,
        # No isGameWon override: Game.isGameWon, every card on the foundation.
        "strict_win": True,
    },
}
"""PySolFC's own rule sets for the variant games: each switch left out keeps the app's value,
as in a ``--profile`` YAML file (the files ``pysolfc-*.yaml`` next to this module hold the
same values)."""

PROFILE_CLAIMS = {
    "giza": "pysolfc-giza",
    "apophis": "pysolfc-apophis",
    "king-tut": "pysolfc-king-tut",
    "triangle": "pysolfc-triangle",
}
"""For :func:`make_profile_adapter`: the suite's named profile → the PySolFC game said to play
it. Only King Tut really does; the others differ as :data:`RULE_SETS` says, and Apophis as
``pysolfc-apophis`` differs from the page's ``apophis`` (:data:`NAMED_PROFILES`)."""

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
        import pysollib.games.pyramid  # noqa: F401  (registers games 38, 193, 592, 658...)
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
        FaceUpWasteTalonStack=pstack.FaceUpWasteTalonStack,
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
    """PySolFC's Pyramid games (:data:`GAMES`) as a move engine for the shim.

    ``names`` maps the rule set names the harness starts games with to :data:`GAMES`' names
    (by default each name is its own)."""

    revision = 2
    """It plays rule sets of protocol revision 2 (Giza's reserves, Apophis's waste piles, King
    Tut's three-card draw, the Triangle's rows)."""

    def __init__(self, names: Mapping[str, str] | None = None) -> None:
        self.names = dict(names or {name: name for name in GAMES})
        self._games: dict[int, Any] = {}
        self.game: Any = None
        self.spec: PySolFCGame = GAMES["pysolfc-pyramid"]
        self._moves: dict[str, Callable[[], Any]] = {}

    # new games

    def _game_for(self, profile: str) -> tuple[Any, PySolFCGame]:
        if profile not in self.names:
            raise ValueError(f"PySolFC plays the rule sets {sorted(self.names)}, not {profile!r}")
        spec = GAMES[self.names[profile]]
        if spec.game_id not in self._games:
            self._games[spec.game_id] = _headless_game(spec.game_id)
        return self._games[spec.game_id], spec

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
        game, spec = self._game_for(profile)
        random = _load()["construct_random"]
        if deal is not None:
            game.newGame(random=random(str(deal)), autoplay=0)
        else:
            if layout is None:
                raise ValueError("new_game needs a layout or a deal number")
            placed = self._placement(game, spec, layout)
            # shuffle a deal as usual (all 52 cards to the talon), then lay our table instead of
            # PySolFC's own startGame; newGame then starts the move history from there
            game.newGame(random=random("1"), autoplay=0, dealer=lambda: self._lay(game, placed))
        self.game, self.spec = game, spec
        self._moves = {}

    @staticmethod
    def _placement(
        game: Any, spec: PySolFCGame, layout: Mapping[str, Any]
    ) -> list[tuple[Any, list[str]]]:
        """Which cards go on which of the game's stacks, each list bottom to top."""
        rows = layout["pyramid"]
        if tuple(len(row) for row in rows) != spec.rows:
            raise ValueError(f"{spec.title}'s rows hold {', '.join(map(str, spec.rows))} places")
        places = [card for row in rows for card in row]
        placed: list[tuple[Any, list[str]]] = [
            (stack, [] if card in (None, "--") else [card])
            for stack, card in zip(game.s.rows, places, strict=True)
        ]
        wastes = [list(layout.get("waste") or []), *map(list, layout.get("more_wastes") or [])]
        reserves = [list(pile) for pile in layout.get("reserves") or []]
        stock = list(layout.get("stock") or [])
        if spec.piles == ONE_WASTE:
            stacks, piles = [game.s.waste], wastes
        elif spec.piles == WASTE_PILES:
            stacks, piles = list(game.s.reserves), wastes
        else:
            stacks, piles = list(game.s.reserves), reserves
        others = reserves if spec.piles != RESERVES else [*wastes, stock]
        if len(piles) > len(stacks) or any(others):
            raise ValueError(f"{spec.title} has no such piles: {dict(layout)}")
        placed.extend(zip(stacks, piles, strict=False))  # piles left out are empty
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
        # the talon lies face down, but for the top card of a FaceUpWasteTalonStack (Pyramid's
        # and Triangle's Pyramid_Talon), which PySolFC keeps face up
        face_up_top = isinstance(talon, _load()["FaceUpWasteTalonStack"])
        for card in talon.cards[:-1] if face_up_top else talon.cards:
            card.showBack()
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
        # the talon cannot be dragged; where it is a Pyramid_Talon (games 38, 193, 700), a click
        # on it removes a face-up, unblocked King on top (the test of
        # Pyramid_StackMethods._dropKingClickHandler, pysollib/games/pyramid.py l. 73-81); the
        # other games' talons deal on a click
        king = talon.cards[-1] if talon.cards else None
        if (
            king is not None
            and hasattr(talon, "_dropKingClickHandler")
            and king.face_up
            and king.rank == KING
            and not talon.basicIsBlocked()
        ):
            found[_name(king)] = lambda: talon.clickHandler(None)
        if game.canDealCards():
            # Apophis's "recycle" also deals the first row (DealRowRedealTalonStack.dealCards)
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
        game, spec = self.game, self.spec
        if game is None:
            raise RuntimeError("no game started")
        places = iter(game.s.rows)
        pyramid = [
            [_name(stack.cards[-1]) if stack.cards else None for stack in _take(places, n)]
            for n in spec.rows
        ]
        stock = [_name(card) for card in reversed(game.s.talon.cards)]
        wastes: list[list[str]] = [[]]
        reserves: list[list[str]] = []
        if spec.piles == ONE_WASTE:
            wastes = [_names(game.s.waste.cards)]
        elif spec.piles == WASTE_PILES:
            wastes = [_names(stack.cards) for stack in game.s.reserves]
        else:
            reserves = [_names(stack.cards) for stack in game.s.reserves]
        if game.isGameWon():
            status = "won"
        elif self._legal():
            status = "playing"
        else:
            status = "no-more-moves"
        return {
            "pyramid": pyramid,
            "waste": wastes[0],
            "more_wastes": wastes[1:],
            "reserves": reserves,
            "stock": stock,
            "stock_size": len(stock),
            "score": 0,  # conventions: score none
            "moves": game.moves.index,
            "status": status,
            "code": None,
        }


def _take(stacks: Any, count: int) -> list[Any]:
    return [next(stacks) for _ in range(count)]


def _names(cards: Sequence[Any]) -> list[str]:
    return [_name(card) for card in cards]


_load()  # on import: without PySolFC this module is of no use, and the error names PYSOLFC_DIR


def make_adapter() -> MoveShimAdapter:
    """``pyramide check --impl pysolfc_adapter:make_adapter --profile pysolfc-pyramid``; the
    variant games with ``--profile docs/examples/pysolfc/pysolfc-giza.yaml`` (and so on)."""
    return MoveShimAdapter(
        PySolFCEngine(),
        profiles=NAMED_PROFILES,
        rule_sets={name: dict(switches) for name, switches in RULE_SETS.items()},
        deal_codes=False,
        stock_order=True,
        conventions=dict(CONVENTIONS),
        tables=True,
        own_deals=True,
    )


def make_profile_adapter() -> MoveShimAdapter:
    """Games 592, 658, 681 and 700 said to play the suite's ``giza``, ``apophis``, ``king-tut``
    and ``triangle`` profiles, to measure how PySolFC differs from them:
    ``pyramide check --impl pysolfc_adapter:make_profile_adapter --profile giza``."""
    return MoveShimAdapter(
        PySolFCEngine(PROFILE_CLAIMS),
        profiles=tuple(PROFILE_CLAIMS),
        deal_codes=False,
        stock_order=True,
        conventions=dict(CONVENTIONS),
        tables=True,
        own_deals=True,
    )
