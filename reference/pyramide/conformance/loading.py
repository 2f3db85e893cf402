"""Turn what the user names on the command line into an adapter.

``package.module:factory`` imports a Python adapter factory; ``--cmd "node engine.js"`` starts
an engine speaking JSON lines; neither means the reference engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from .adapter import Adapter, AdapterError
from .jsonlines import JsonLinesFactory
from .reference_adapter import ReferenceAdapter


class AdapterLoadError(RuntimeError):
    """The named adapter cannot be loaded; the message says what to fix."""


def load_factory(
    impl: str | None, cmd: str | None = None, timeout: float = 5.0
) -> Callable[[], Adapter]:
    """A zero-argument callable that gives an adapter for each scenario.

    With ``cmd`` every call gives the same :class:`JsonLinesAdapter` (one engine process per
    run; ``start`` resets the game); ``timeout`` bounds each of its requests.
    """
    if impl is not None and cmd is not None:
        raise AdapterLoadError("--impl and --cmd name two engines: give only one")
    if cmd is not None:
        try:
            return JsonLinesFactory(cmd, timeout)
        except (AdapterError, ValueError) as error:
            raise AdapterLoadError(f"--cmd {cmd!r}: {error}") from None
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
    return cast(Callable[[], Adapter], factory)
