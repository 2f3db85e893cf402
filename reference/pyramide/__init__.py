"""Pyramid solitaire ("Pyramide"): the reference engine of the conformance suite.

``pyramide`` is pure Python with no third-party dependency: cards and their notations, the
table's geometry, rule profiles, the move-level :class:`Game`, the app's tap interface
:class:`Table`, deal codes and an exact solver. The conformance harness lives in
``pyramide.conformance``.
"""

from .cards import DECK, Card, CardError
from .dealcode import DealCode, DealCodeError, parse_code
from .game import Game, IllegalMoveError, Status
from .layout import Layout, LayoutError
from .moves import Draw, Move, MoveError, Recycle, RemoveKing, RemovePair, parse_move
from .profiles import APP, PROFILES, Profile, ProfileError, get_profile
from .solver import Solution, can_remove, solve
from .table import Message, Table

__all__ = [
    "APP",
    "DECK",
    "PROFILES",
    "Card",
    "CardError",
    "DealCode",
    "DealCodeError",
    "Draw",
    "Game",
    "IllegalMoveError",
    "Layout",
    "LayoutError",
    "Message",
    "Move",
    "MoveError",
    "Profile",
    "ProfileError",
    "Recycle",
    "RemoveKing",
    "RemovePair",
    "Solution",
    "Status",
    "Table",
    "can_remove",
    "get_profile",
    "parse_code",
    "parse_move",
    "solve",
]
