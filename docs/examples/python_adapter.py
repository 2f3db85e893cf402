"""An in-process adapter module: the two ways a Python engine plugs into the suite.

Put this file (or your own, modelled on it) on the Python path and name a factory::

    pyramide check --impl python_adapter:full_engine
    pyramide check --impl python_adapter:moves_only

A factory is any zero-argument callable returning an object with the five methods of
:class:`pyramide.conformance.adapter.Adapter`: ``capabilities``, ``start``, ``tap``, ``undo`` and
``snapshot``. The suite calls it once per scenario.

``full_engine`` is an engine with its own touch interface (taps, selection, messages): here the
reference engine, whose adapter is the model to follow — translate each call to your engine's
API and build a :class:`~pyramide.conformance.adapter.Snapshot` from what it shows.

``moves_only`` is an engine that only knows moves (legal moves, play one, undo). It implements
the four methods of :class:`pyramide.conformance.moveshim.MoveEngine` and the shim turns taps
into moves; tap, selection and message scenarios are then reported not applicable.
"""

from __future__ import annotations

from pyramide.conformance.adapter import Adapter
from pyramide.conformance.moveshim import GameMoveEngine, MoveShimAdapter
from pyramide.conformance.reference_adapter import ReferenceAdapter


def full_engine() -> Adapter:
    return ReferenceAdapter()


class LoggingMoveEngine(GameMoveEngine):
    """A move-only engine: the example one, logging the moves it is asked to play.

    Replace the body of each method with calls to your engine; keep the move notation
    (``KD``, ``TC+3S``, ``draw``, ``recycle``) and the state's field names.
    """

    def __init__(self) -> None:
        super().__init__()
        self.played: list[str] = []

    def play(self, move: str) -> None:
        self.played.append(move)
        super().play(move)


def moves_only() -> Adapter:
    return MoveShimAdapter(LoggingMoveEngine(), deal_codes=True)
