"""A failed check said as what the rule expects beside what the engine showed.

Every report prints a failure's reason as it is, so the reason carries the difference itself:
a line saying what differs, then ``expected:`` and ``shown:`` for a value, or the two tables side
by side for a table, with ``≠`` before each line that differs. A developer reads the difference
without the harness's source and without rebuilding a table by hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from .adapter import Snapshot
from .checks import CheckFailed
from .exchange import pyramid_lines, shown, table_lines

EXPECTED, SHOWN = "expected", "shown"
DIFFERS = "≠ "
"""The mark before a line of two tables drawn side by side that is not the same in both."""


def difference(
    what: str,
    expected: str | Sequence[str],
    actual: str | Sequence[str],
    labels: tuple[str, str] = (EXPECTED, SHOWN),
) -> str:
    """``what``, then the expectation and what was shown (or what ``labels`` name): one value
    each on a line of its own, or two drawings (lists of lines) side by side."""
    if isinstance(expected, str) and isinstance(actual, str):
        pad = max(len(label) for label in labels) + 1
        return f"{what}\n{labels[0] + ':':<{pad}} {expected}\n{labels[1] + ':':<{pad}} {actual}"
    left = [expected] if isinstance(expected, str) else list(expected)
    right = [actual] if isinstance(actual, str) else list(actual)
    width = max(len(line) for line in [labels[0], *left])
    height = max(len(left), len(right))
    left += [""] * (height - len(left))
    right += [""] * (height - len(right))
    lines = [f"  {labels[0]:<{width}}   {labels[1]}"]
    for want, got in zip(left, right, strict=True):
        mark = "  " if want.strip() == got.strip() else DIFFERS
        lines.append(f"{mark}{want:<{width}}   {got}".rstrip())
    return "\n".join([what, *lines])


def expect_equal(
    what: str,
    expected: object,
    actual: object,
    rules: Sequence[str] = (),
    cleared: Sequence[str] = (),
) -> None:
    """Fail, naming the ``rules`` checked, unless ``actual`` is ``expected``; both are shown
    as the rulebook writes them (:func:`said`)."""
    if actual != expected:
        raise CheckFailed(difference(what, said(expected), said(actual)), rules, cleared)


def said(value: object) -> str:
    """A value as the rulebook writes it: cards with their glyphs (``10♦``), a list of cards
    in order, ``nothing`` for no value and ``(none)`` for an empty list."""
    if value is None:
        return "nothing"
    if isinstance(value, (list, tuple)):
        return " ".join(said(item) for item in value) or "(none)"
    if isinstance(value, str) and _is_card(value):
        return shown(value)
    return str(value)


def _is_card(text: str) -> bool:
    """Whether ``text`` is a card in the protocol's notation (``TD``, ``??``)."""
    if len(text) != 2:
        return False
    try:
        shown(text)
    except ValueError:
        return False
    return True


def cards_drawn(snapshot: Snapshot) -> list[str]:
    """A snapshot's cards drawn as a table (:func:`~.exchange.table_lines`) and its score:
    what undo restores, without the counter and selection it need not."""
    *table, _status = table_lines(snapshot.to_json())
    return [*table, f"score {snapshot.score}"]


def pyramids_differ(
    what: str,
    expected: Sequence[Sequence[str | None]],
    actual: Sequence[Sequence[str | None]],
    rules: Sequence[str] = (),
) -> CheckFailed:
    """Two pyramids drawn side by side (:func:`difference`), down to the last row that holds a
    card in either: the rulebook leaves empty rows at the bottom out; naming the ``rules``
    checked, if known."""
    left, right = pyramid_lines(expected), pyramid_lines(actual)
    while left and right and all(set(side[-1].split()) <= {shown(None)} for side in (left, right)):
        left.pop()
        right.pop()
    return CheckFailed(difference(what, left, right), rules)
