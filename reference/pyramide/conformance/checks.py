"""Checks that know the rule they check.

A scenario tagged with its rules fails at one step; which rule broke is that step's business,
not the tags'. A scenario about a King that draws three cards to reach it fails on King Tut's
draw if the draw goes wrong, and a scenario about the Triangle that taps the stock's top card
fails on the rule that keeps the stock out of play. A step that knows what it checks raises
:class:`CheckFailed` with the rules whose breach it saw; the report then blames among those
(:func:`pyramide.conformance.results.blame`), and only a plain assertion leaves the blame to
every rule the scenario involves.

:func:`tap_problems` holds the checks every tap makes whatever the scenario says next: what a
draw takes from the stock, and that a card out of play is neither selected nor removed. They
hold for every engine playing the rule set, so they never blame a legitimate choice; they run
only while the game is in play (what a tap does after the end is an open point); the tap that
wins may take the stock's cards away with the last pyramid card (where the cards left go then is
no rule of play).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .adapter import Snapshot
from .recycling import piles_cards
from .specdata import load_rules

DRAW_RULES = (
    "VAR-APOPHIS-CHOICE",
    "VAR-APOPHIS-WASTES",
    "VAR-KING-TUT-DRAW-THREE",
    "VAR-WASTE-LAST-ONLY",
    "STOCK-DRAW",
)
"""The rules that say what a draw turns up, the most particular first."""
OUT_OF_PLAY = ("STOCK-OUT-OF-PLAY",)
"""The rule that keeps the stock's cards, its top card included, out of play."""
UNDO_DEPTH = 100
"""How many actions back undo reaches under the app's convention (UNDO-LAST-100)."""
RECYCLING = ("RECYCLE-UNLIMITED",)
"""The rule that turns the waste over at every tap on the empty stock, without limit."""
BENEATH = ("FREE-WASTE-TOP",)
"""The rule that keeps the card beneath the waste top out of play (it may pair only with the
top, under the switches that allow it)."""


class CheckFailed(AssertionError):
    """A failed check, with the rules it checks (those that hold under the rule set) when it
    knows them, and the rules it knows are not at fault (a message missing is no fault of its
    words)."""

    def __init__(
        self, message: str, rules: Sequence[str] = (), cleared: Sequence[str] = ()
    ) -> None:
        super().__init__(message)
        self.rules = tuple(rules)
        self.cleared = tuple(cleared)

    def involved(self, candidates: Iterable[str]) -> frozenset[str]:
        """The rules this failure may be blamed on, of the ``candidates`` (every rule its
        scenario shows or leans on)."""
        return frozenset(self.rules or candidates) - set(self.cleared)


def holding(states: Mapping[str, str], rule_ids: Sequence[str]) -> tuple[str, ...]:
    """The rules among ``rule_ids`` that hold under ``states``, in the order given."""
    rules = load_rules().rules
    return tuple(rule_id for rule_id in rule_ids if rules[rule_id].holds(states))


def require(
    condition: bool, message: str, rules: Sequence[str] = (), cleared: Sequence[str] = ()
) -> None:
    """Fail with ``message`` unless ``condition``, naming the ``rules`` checked (none: every
    rule of the scenario may be at fault) and those ``cleared``."""
    if not condition:
        raise CheckFailed(message, rules, cleared)


def cards_in_piles(snapshot: Snapshot) -> list[str]:
    """The cards of every waste and reserve pile, and the pyramid's, as the snapshot shows them."""
    piles = (snapshot.waste, *snapshot.more_wastes, *snapshot.reserves)
    return [c for row in snapshot.pyramid for c in row if c] + [c for p in piles for c in p]


def table_won(snapshot: Snapshot, states: Mapping[str, str]) -> bool:
    """Whether the table is a won game's, whatever status the engine shows: the pyramid
    cleared and, under the strict win, the stock and every pile too."""
    if any(card is not None for row in snapshot.pyramid for card in row):
        return False
    piles = (snapshot.waste, *snapshot.more_wastes, *snapshot.reserves)
    return states.get("strict_win") != "on" or not (snapshot.stock_size or any(piles))


def cards(count: int) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} card{'' if count == 1 else 's'}"


def per_draw(switches: Mapping[str, Any]) -> int:
    """How many cards one draw turns: one per waste pile where the rules deal rows, one where
    the player names the pile, or the draw count onto the one."""
    if switches.get("waste_choice") == "player":
        return 1
    return max(int(switches["waste_piles"]), int(switches["draw_count"]))


def named_pile(target: str) -> str | None:
    """The waste pile a draw onto a named pile (``stock-to-waste-2``) names (``waste-2``;
    ``waste`` for pile 1), or None for any other target."""
    return target.removeprefix("stock-to-") if target.startswith("stock-to-") else None


def put_onto(pile: str, before: Snapshot, after: Snapshot) -> bool:
    """Whether ``pile`` holds what it held and one card more."""
    return after.pile(pile)[:-1] == before.pile(pile) and len(after.pile(pile)) > len(
        before.pile(pile)
    )


def pile_sizes(snapshot: Snapshot) -> list[int]:
    """How many cards each waste pile holds, pile 1 first."""
    return [len(pile) for pile in (snapshot.waste, *snapshot.more_wastes)]


def tap_problems(
    target: str,
    before: Snapshot,
    after: Snapshot,
    switches: Mapping[str, Any],
    states: Mapping[str, str],
) -> list[tuple[str, tuple[str, ...]]]:
    """What one tap did that the rules under ``states`` forbid, each with the rules it breaks
    (only rules that hold are named: a problem none of them names is no problem there)."""
    if before.status != "playing" or table_won(before, states):
        return []
    problems: list[tuple[str, Sequence[str]]] = []
    onto = named_pile(target)
    if (target == "stock" or onto) and before.stock_size:
        drawn = min(per_draw(switches), before.stock_size)
        if after.stock_size != before.stock_size - drawn:
            problems.append(
                (
                    f"a draw from a stock of {cards(before.stock_size)} left "
                    f"{after.stock_size}, not {before.stock_size - drawn}",
                    DRAW_RULES,
                )
            )
        elif onto and not put_onto(onto, before, after):
            sizes = zip(pile_sizes(before), pile_sizes(after), strict=False)
            grew = [n for n, (a, b) in enumerate(sizes, start=1) if b > a]
            problems.append(
                (
                    f"a draw onto {onto} put the card onto "
                    + (", ".join(f"pile {n}" for n in grew) or "no pile"),
                    DRAW_RULES,
                )
            )
    elif target == "stock" and switches["max_recycles"] is None and piles_cards(before):
        unmoved = (after.stock_size, piles_cards(after), after.moves)
        if unmoved == (0, piles_cards(before), before.moves):
            problems.append(("a tap on the empty stock left the waste as it was", RECYCLING))
    elif not switches["stock_top_playable"]:
        won = after.status == "won"
        if target != "stock" and after.stock_size != before.stock_size and not won:
            problems.append(
                (
                    f"a tap on {target} took the stock from {cards(before.stock_size)} to "
                    f"{after.stock_size}",
                    OUT_OF_PLAY,
                )
            )
        if target == "stock-top" and after.selected == target:
            problems.append((f"a tap on {target}, out of play, selected it", OUT_OF_PLAY))
    if target != "stock" and len(before.waste) > 1:
        now = set(cards_in_piles(after))
        if before.waste[-2] not in now and before.waste[-1] in now:
            problems.append(("the card beneath the waste top went without the top", BENEATH))
    named = [(message, holding(states, rules)) for message, rules in problems]
    return [(message, rules) for message, rules in named if rules]


WIN_RULES = ("END-WIN", "VAR-PHARAOH-WIN", "VAR-STRICT-WIN")
"""The rules that say when a game is won (one holds under any rule set)."""


def status_rules(expected: str, snapshot: Snapshot, states: Mapping[str, str]) -> tuple[str, ...]:
    """The rules a status other than ``expected`` breaks, judged from the table the engine
    shows: won with pyramid cards left, not won on a cleared table, over while the stock still
    deals, or in play with nothing left to draw. None when the table itself is not the one the
    scenario expects, so that its status could be right (a step before went wrong)."""
    won, actual = table_won(snapshot, states), snapshot.status
    if (actual == "won") != won and "won" in (actual, expected):
        return holding(states, WIN_RULES)
    if actual == "no-more-moves" and snapshot.stock_size:
        return holding(states, ("END-PLAY-GOES-ON",))
    if expected == "no-more-moves" and not snapshot.stock_size and not snapshot.waste:
        return holding(states, ("END-NO-MORE-MOVES",))
    return ()
