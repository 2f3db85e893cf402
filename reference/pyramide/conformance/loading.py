"""Turn what the user names on the command line into an adapter.

``package.module:factory`` imports a Python adapter factory; ``--cmd "node engine.js"`` starts
an engine speaking JSON lines, ``--moves-cmd`` one speaking the moves protocol; none means the
reference engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, cast

from ..cards import CardError
from .adapter import Adapter, AdapterError, Capabilities, Snapshot
from .jsonlines import JsonLinesFactory, normalized, one_line
from .movelines import MoveLinesFactory
from .reference_adapter import ReferenceAdapter
from .rulesets import RuleSetError, UnderTest


class AdapterLoadError(RuntimeError):
    """The named engine cannot be loaded, or cannot say what it plays; the message says what
    to fix, in one line."""


def load_factory(
    impl: str | None,
    cmd: str | None = None,
    timeout: float = 5.0,
    moves_cmd: str | None = None,
) -> Callable[[], Adapter]:
    """A zero-argument callable that gives an adapter for each scenario.

    With ``cmd`` (or ``moves_cmd``) every call gives the same :class:`JsonLinesAdapter` (or
    :class:`MoveLinesAdapter`): one engine process per run, a new game resets it; ``timeout``
    bounds each of its requests.
    """
    engines = {"--impl": impl, "--cmd": cmd, "--moves-cmd": moves_cmd}
    named = [option for option, value in engines.items() if value is not None]
    if len(named) > 1:
        raise AdapterLoadError(f"{' and '.join(named)} each name an engine: give only one")
    for option, make in (("--cmd", JsonLinesFactory), ("--moves-cmd", MoveLinesFactory)):
        command = engines[option]
        if command is not None:
            try:
                return make(command, timeout)
            except (AdapterError, ValueError) as error:
                raise AdapterLoadError(f"{option} {command!r}: {error}") from None
    if impl is None:
        return ReferenceAdapter
    module_name, _, attribute = impl.partition(":")
    if not module_name or not attribute:
        raise AdapterLoadError(f"--impl {impl!r}: expected package.module:factory")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise AdapterLoadError(f"--impl {impl!r}: cannot import {module_name}: {error}") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise AdapterLoadError(f"--impl {impl!r}: {module_name} has no callable {attribute!r}")
    return lambda: NotationTolerant(cast(Callable[[], Adapter], factory)())


def under_test(factory: Callable[[], Adapter], profile: str | None) -> UnderTest:
    """The rule set ``profile`` (default: the first one the engine declares) as the engine
    plays it. An engine that does not even say what it plays (its factory raises, its
    handshake fails) is an :class:`AdapterLoadError`, as is a rule set or convention that
    makes no sense: a command stops there, at once, rather than report every scenario or game
    errored with the cause hidden among them."""
    try:
        adapter = factory()
    except Exception as error:  # the user's factory itself is broken: say so, no traceback
        raise AdapterLoadError(
            f"the adapter factory failed: {type(error).__name__}: {error}"
        ) from None
    try:
        capabilities = adapter.capabilities()
    except AdapterError as error:
        raise AdapterLoadError(f"the engine failed the handshake: {one_line(str(error))}") from None
    except Exception as error:  # an in-process adapter's own failure
        raise AdapterLoadError(
            f"the engine failed the handshake (capabilities): {type(error).__name__}: {error}"
        ) from None
    try:
        return UnderTest.of(capabilities, profile)
    except RuleSetError as error:
        raise AdapterLoadError(str(error)) from None


class NotationTolerant:
    """An in-process adapter whose snapshots may write cards as JSON-lines engines may
    (``10D``, ``10♦``): they reach the steps in the protocol's two-character ASCII."""

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter

    def capabilities(self) -> Capabilities:
        return self.adapter.capabilities()

    def start(self, **how: Any) -> Snapshot:
        return self._tidy(self.adapter.start(**how))

    def tap(self, target: str) -> Snapshot:
        return self._tidy(self.adapter.tap(target))

    def undo(self) -> Snapshot:
        return self._tidy(self.adapter.undo())

    def snapshot(self) -> Snapshot:
        return self._tidy(self.adapter.snapshot())

    @staticmethod
    def _tidy(snapshot: Snapshot) -> Snapshot:
        try:
            return Snapshot.from_json(normalized(snapshot.to_json()))
        except CardError as error:
            raise AdapterError(f"the snapshot names a card that does not exist: {error}") from None
