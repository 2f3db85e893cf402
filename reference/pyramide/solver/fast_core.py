"""The compiled core's building blocks: numba's compilation, the bit operations numba lacks, and
the layout of a position (one int64) and of the game table (one int64 array) every compiled
function reads.

The compiled core is optional (``pip install .[fast]``, which brings numba) and only a
speed-up of the reference (:mod:`.exact`, :mod:`.walks`, :mod:`.shortest`): its verdict is
:mod:`.fast_verdict`, its shortest line :mod:`.fast_shortest`, built from the bounds of
:mod:`.fast_bounds` and the steps of :mod:`.fast_steps` on the table :mod:`.fast_table` builds.
numba cannot call the reference's Python, so those functions repeat its logic: each names its
twin in the reference, and ``tests/solver/test_fast_twins.py`` (with the tests of the core's
steps and bound in ``tests/solver/test_fast_shortest.py``) compares the two on the same
positions.

*A position is one integer* (int64, never negative): the pyramid mask (28 bits), the talon
mask over the fixed waste-then-stock sequence (24 bits) << 28, the drawn-with-below bit << 52,
the boundary (5 bits) << 53 and the recycles used (5 bits) << 58.

numba keys its on-disk cache of a compiled function on the function's own source file only,
but the core's functions call and inline one another across these modules: the cache is
dropped whenever any of them changes (:func:`forget_stale_code`, run when this module is
imported, before any compiled function is loaded).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

_F = TypeVar("_F", bound=Callable[..., Any])

Array = npt.NDArray[np.int64]


def _jit(function: _F) -> _F:
    """Compile ``function`` in nopython mode, caching the machine code on disk (numba has no
    type stubs: the cast keeps the function's own signature for mypy)."""
    return cast(_F, njit(cache=True, nogil=True)(function))


_FALSE = ir.Constant(ir.IntType(1), 0)
"""LLVM's ``i1 false``: the bit counts below are asked of 0 too, and must then give 64."""


def _popcount(typingctx: object, value: object) -> tuple[object, Callable[..., object]]:
    def codegen(context: object, builder: Any, signature: object, args: Any) -> object:
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


def _trailing_zeros(typingctx: object, value: object) -> tuple[object, Callable[..., object]]:
    def codegen(context: object, builder: Any, signature: object, args: Any) -> object:
        return builder.cttz(args[0], _FALSE)

    return types.int64(types.int64), codegen


def _leading_zeros(typingctx: object, value: object) -> tuple[object, Callable[..., object]]:
    def codegen(context: object, builder: Any, signature: object, args: Any) -> object:
        return builder.ctlz(args[0], _FALSE)

    return types.int64(types.int64), codegen


def _null_meminfo(typingctx: object, array: Any) -> tuple[object, Callable[..., object]]:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> object:
        view = context.make_array(signature.args[0])(context, builder, value=args[0])
        view.meminfo = ir.Constant(view.meminfo.type, None)
        return view._getvalue()

    return array(array), codegen


def _prefetch_entry(
    typingctx: object, array: Any, index: object
) -> tuple[object, Callable[..., object]]:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> object:
        view = context.make_array(signature.args[0])(context, builder, value=args[0])
        pointer = builder.gep(view.data, [args[1]])
        flag = ir.IntType(32)
        kind = ir.FunctionType(ir.VoidType(), [pointer.type, flag, flag, flag])
        prefetch = builder.module.declare_intrinsic("llvm.prefetch", [pointer.type], kind)
        # a read (0), kept in every cache level (3), of data (1)
        builder.call(prefetch, [pointer, flag(0), flag(3), flag(1)])
        return context.get_dummy_value()

    return types.none(array, types.int64), codegen


def _no_code(typingctx: object, array: Any) -> tuple[object, Callable[..., object]]:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> object:
        return context.get_dummy_value()

    return types.none(array), codegen


# Operations Python's ``int`` has but numba lacks, and two on numba's reference counts, written
# as intrinsics (numba has no type stubs: the casts give their signatures as called).
_count = cast(Callable[[int], int], intrinsic(_popcount))
"""The set bits of an int64 (one ``popcnt``)."""
_low = cast(Callable[[int], int], intrinsic(_trailing_zeros))
"""The index of the lowest set bit of a non-zero int64 (one ``tzcnt``)."""
_zeros_above = cast(Callable[[int], int], intrinsic(_leading_zeros))
"""The leading zero bits of an int64 (64 for 0)."""
_unowned = cast(Callable[[Array], Array], intrinsic(_null_meminfo))
"""``array`` without its reference count (a null meminfo): numba counts the references to an
array passed to a function with two atomic operations a call, which would cost more than the
search itself; NRT_incref and NRT_decref return at once on a null pointer. The array must be
kept alive by a reference that stays counted (an argument, or a variable used later)."""
_prefetch = cast(Callable[[Array, int], None], intrinsic(_prefetch_entry))
"""Ask the processor to bring an array entry into its caches, while the code goes on: the
visited table is larger than the caches, and a position's successors are looked up there one
after the other, so their entries are asked for all at once beforehand."""
_keep_alive = cast(Callable[[Array], None], intrinsic(_no_code))
"""Nothing, but a use of ``array``: numba frees an array after its last use, so the array an
:func:`_unowned` view reads must be used after the view."""


@_jit
def _length(value: int) -> int:
    """Python's ``int.bit_length`` for a non-negative int64."""
    return 64 - _zeros_above(value)


_PYRAMID = (1 << 28) - 1
_TALON = (1 << 24) - 1
_TALON_AT, _FRESH_AT, _BOUNDARY_AT, _RECYCLES_AT = 28, 52, 53, 58
_EMPTY = -1
"""An empty slot of the visited table (no position is negative)."""
_MAX_RECYCLES = 31
_UNLIMITED = 15
"""A partner supply no rank ever exceeds (a rank has four cards)."""
_WORK_ROWS = 7
"""Rows of the work array: talon counts, the talon cards present, steps, kept positions, cuts,
the steps' moves, runs of draws."""
_MAX_STEPS = 1024
"""More than the removals of one position: at most 50 runs of draws, each with at most ten
removals, and the pyramid's own."""
_HASH = -7046029254386353131
"""0x9E3779B97F4A7C15 as an int64: Fibonacci hashing (the multiplication wraps)."""

# Rows of the game table (one int64 array, 64 columns): per place, its card's rank, the
# places on it, its partners it can be free together with, the places it lies on (directly or
# not) and the places it lies on directly; per rank, the pyramid's places of that rank, the
# talon's slots of that rank, the places of its cards (5 bits each: the place plus one) and
# which of them can be free together with which card of the partner rank (bit 4 * i + j); per
# talon slot, its card's rank and (reserve piles) the slots above it in its pile; and the rules.
_RANK, _COVER, _REACH, _UNDER, _PARENTS = range(5)
_RANK_MASK, _TALON_MASK, _PLACES, _COMPATIBLE, _TALON_RANK, _RULES, _ABOVE = range(5, 12)
# and, from row _COVERED on, what the cards of each 7 places lie on (see :func:`_free`)
_COVERED, _CHUNK = 12, 7
_COLUMNS = 64
# entries of the rules row
_KING, _TOTAL, _STRICT, _LIMIT, _TALON_PAIRS, _NEEDS_DRAW, _STOCK_TOP, _COVERING = range(8)
_BY_RANK, _MEETS, _DRAW, _STANDING_AT, _RESERVES = 8, 9, 10, 11, 12


@_jit
def _position(pyramid: int, talon: int, boundary: int, recycles: int) -> int:
    """A position right after a removal (never a fresh draw)."""
    return pyramid | talon << _TALON_AT | boundary << _BOUNDARY_AT | recycles << _RECYCLES_AT


@_jit
def _decode(position: int) -> tuple[int, int, int, int, bool]:
    """(pyramid, talon, boundary, recycles used, whether the last move was a draw)."""
    return (
        position & _PYRAMID,
        position >> _TALON_AT & _TALON,
        position >> _BOUNDARY_AT & 31,
        position >> _RECYCLES_AT,
        position >> _FRESH_AT & 1 == 1,
    )


CORE_SOURCES = tuple(sorted(Path(__file__).parent.glob("fast_*.py")))
"""The core's modules: a change to any of them makes the cached code of all stale."""


def forget_stale_code(cache: Path, *core_sources: Path) -> bool:
    """Drop the core's compiled code (every ``fast_*`` entry) from numba's on-disk ``cache`` if
    it was built from other ``core_sources`` than the ones here; whether it did.

    numba keys a cached function on its own source file only, and the core's functions call
    one another across its modules: after an edit of one of them alone (a ``git pull`` in an
    editable install), the cache would hand back code built from the old one. The sources'
    digest is kept beside the cache entries, and they go when it changes."""
    digest = hashlib.sha256()
    for source in core_sources:
        digest.update(source.read_bytes())
    marker = cache / "fast_core.core-digest"
    if marker.exists() and marker.read_text() == digest.hexdigest():
        return False
    for entry in cache.glob("fast_*.nb[ic]"):
        entry.unlink(missing_ok=True)
    marker.write_text(digest.hexdigest())
    return True


def _cache_directory() -> Path | None:
    """Where numba keeps the core's compiled code (None if it keeps none)."""
    cache = getattr(_length, "_cache", None)
    path = getattr(cache, "_cache_path", None)  # (numba's own attribute, 0.58 to 0.68 at least)
    return Path(path) if isinstance(path, str) else None


_cached_in = _cache_directory()
if _cached_in is not None:
    with contextlib.suppress(OSError):  # a read-only cache: numba compiles afresh anyway
        forget_stale_code(_cached_in, *CORE_SOURCES)
