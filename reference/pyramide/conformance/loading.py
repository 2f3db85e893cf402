"""Turn what the user names on the command line into an adapter.

``package.module:factory`` imports a Python adapter factory; no name means the reference
engine. (The JSON-lines bridge adds ``--cmd``.)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from .adapter import Adapter
from .reference_adapter import ReferenceAdapter


class AdapterLoadError(RuntimeError):
    """The named adapter cannot be loaded; the message says what to fix."""


def load_factory(impl: str | None) -> Callable[[], Adapter]:
    """A zero-argument callable that makes a fresh adapter for each scenario."""
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
