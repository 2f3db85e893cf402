"""The step library: the sentences of ``features/*.feature``, spoken to an adapter.

Every step talks only to the ``adapter`` fixture (:class:`~pyramide.conformance.adapter.Adapter`)
and reads only its snapshots, so the same scenarios check the reference engine and any other
engine. Tables are drawn as :mod:`~pyramide.conformance.drawings` says, and one scenario's game
is a :class:`~pyramide.conformance.play.Play`.

Cards are tapped by name: the step finds the card in the pyramid or on top of a waste or reserve
pile. A card that is nowhere a player could touch it fails the scenario with a message naming
where it is.

Every scenario plays under the rule set being checked (``Given the rules under test``), and the
steps read the engine as its conventions say: a score is checked the way the engine scores, a
move counter only if it shows one, counted as its undo counts; under the face-down switch a
covered card shows as ``??`` and is found by the place the table gave it.

The steps live in one module per area; pytest-bdd finds a step definition in the namespace of
the module that runs the scenarios, so this package gathers them all here, and
:mod:`pyramide.conformance.suite` (or a test module of one's own) imports them with ``*``.
"""

from .cards import *  # noqa: F403
from .messages import *  # noqa: F403
from .playing import *  # noqa: F403
from .setting_up import *  # noqa: F403
from .state import *  # noqa: F403
