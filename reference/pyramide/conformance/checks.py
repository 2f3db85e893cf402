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

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from typing import Any

from ..cards import Card
from ..layout import PYRAMID, by_row_lengths
from .adapter import FACE_DOWN, Snapshot
from .recycling import piles_cards
from .specdata import load_rules
from .tabletop import cards_and_score

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
COPIES = ("VAR-PHARAOH-DECKS",)
"""The rule that makes each copy of a card a card of its own (two decks)."""
PAIRS = ("PAIR-THIRTEEN", "PAIR-VALUES", "VAR-SPANISH-PAIRS-TWELVE")
"""The rules that say which two cards make a pair: 13 together (the total) by the cards' values
in the French deck, 12 in the Spanish one. Two cards removed that make no pair break the total
or a card's value, which one tap cannot tell apart: the failures together do (a total is wrong
for every value, a value for its own pairs alone)."""


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
    problems.extend((twice, COPIES) for twice in both_copies(before, after))
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
    if target != "stock" and not onto and not table_won(after, states):
        problems.extend((no_pair, PAIRS) for no_pair in unpaired(before, after))
    named = [(message, holding(states, rules)) for message, rules in problems]
    return [(message, rules) for message, rules in named if rules]


def every_card(snapshot: Snapshot) -> Counter[str]:
    """The face-up cards of the table, each as often as it lies there, the stock's included
    when the engine lists them."""
    return Counter(
        card for card in (*cards_in_piles(snapshot), *(snapshot.stock or ())) if card != FACE_DOWN
    )


def both_copies(before: Snapshot, after: Snapshot) -> list[str]:
    """The cards of which one tap took both copies off the table (two decks): a tap removes
    one card of a kind at most, since no card pairs with its own copy."""
    gone = every_card(before) - every_card(after)
    return [f"one tap took both copies of {Card.parse(card)}" for card, n in gone.items() if n > 1]


def unpaired(before: Snapshot, after: Snapshot) -> list[str]:
    """Two cards one tap took off the table together although their values make no pair (a
    King, which goes alone, aside): whatever else the rules say, such two cards never go."""
    shown = Counter(cards_in_piles(before)) - Counter(cards_in_piles(after))
    gone = [Card.parse(card) for card in shown.elements() if card != FACE_DOWN]
    if len(gone) != 2 or any(card.goes_alone for card in gone):
        return []
    first, second = gone
    total, target = first.rank + second.rank, first.deck.target
    if total == target:
        return []
    return [f"one tap removed {first} and {second}, worth {total} together, not {target}"]


DECK_RULES = ("DEAL-DECK", "VAR-SPANISH-DECK", "VAR-PHARAOH-DECKS")
"""The rules of the cards a deal uses (one deck, the Spanish deck, two decks)."""
DEALT_ROWS = ("DEAL-PYRAMID", "VAR-FACE-DOWN", "VAR-TRIANGLE", "VAR-PHARAOH-ROWS")
"""The rules of the rows a deal lays out, and which of their cards lie face up."""
DEALT_ELSEWHERE = (
    "VAR-STOCK-24",
    "VAR-KING-TUT-DEAL",
    "VAR-APOPHIS-DEAL",
    "VAR-APOPHIS-CHOICE-DEAL",
    "VAR-GIZA-RESERVES",
)
"""The variants' rules of where a deal puts the cards left after the pyramid."""
DEALT_PILES = {
    "waste": ("DEAL-WASTE-CARD", *DEALT_ELSEWHERE),
    "stock": ("DEAL-STOCK", *DEALT_ELSEWHERE),
    "reserves": ("VAR-GIZA-RESERVES",),
}
"""Each pile a deal fills → the rules of what it holds at the deal."""
PAIR_RULES = ("PAIR-THIRTEEN", "VAR-SPANISH-PAIRS-TWELVE")
"""The rules that remove two cards in play worth a pair."""
KING_RULES = ("KING-ALONE", "VAR-SPANISH-REY-ALONE")
"""The rules that remove a King (a rey) in play alone."""
WIN_RULES = ("END-WIN", "VAR-PHARAOH-WIN", "VAR-STRICT-WIN")
"""The rules that say when a game is won (one holds under any rule set)."""
OVER = ("END-NO-MORE-MOVES", "VAR-LIMITED-PASSES")
"""The rules that say when a game is over with no more moves (with passes limited, the
last pass counts too)."""


def status_rules(expected: str, snapshot: Snapshot, states: Mapping[str, str]) -> tuple[str, ...]:
    """The rules a status other than ``expected`` breaks, judged from the table the engine
    shows: won with pyramid cards left, not won on a cleared table, over while the stock still
    deals or a free King waits to go alone (the end's rule, or the King's where the engine
    cannot remove it: the other failures tell), or in play with nothing left to draw. None when
    the table itself is not the one the scenario expects, so that its status could be right (a
    step before went wrong: a pair the rules make may be none for the engine)."""
    won, actual = table_won(snapshot, states), snapshot.status
    if (actual == "won") != won and "won" in (actual, expected):
        return holding(states, WIN_RULES)
    if actual == "no-more-moves" and snapshot.stock_size:
        return holding(states, ("END-PLAY-GOES-ON",))
    if actual == "no-more-moves" and expected == "playing" and free_king(snapshot):
        return holding(states, (*OVER, *KING_RULES))
    if expected == "no-more-moves" and not snapshot.stock_size and not snapshot.waste:
        return holding(states, ("END-NO-MORE-MOVES",))
    return ()


def free_king(snapshot: Snapshot) -> bool:
    """Whether a King (a rey) lies free on the table: on no pyramid card's row below, or on
    top of a waste or reserve pile. Any engine would remove it, whatever its pairs."""
    rows = snapshot.pyramid
    geometry = by_row_lengths([len(row) for row in rows]) or PYRAMID
    places = [card for row in rows for card in row]
    piles = (snapshot.waste, *snapshot.more_wastes, *snapshot.reserves)
    tops = [pile[-1] for pile in piles if pile]
    free = [
        card
        for index, card in enumerate(places)
        if card not in (None, FACE_DOWN) and not any(places[i] for i in geometry.covered_by[index])
    ]
    return any(Card.parse(card).goes_alone for card in (*free, *tops))


def status_cleared(expected: str, snapshot: Snapshot, states: Mapping[str, str]) -> tuple[str, ...]:
    """The rules of ends a status other than ``expected`` does not break, because it is the
    right status for the table the engine shows: not won where the pyramid is not cleared
    (nor won where it is), in play while the stock still deals. The table is then not the one
    the scenario expects: a step before went wrong, and its rules are at fault."""
    won, actual = table_won(snapshot, states), snapshot.status
    if "won" in (actual, expected) and (actual == "won") == won:
        return holding(states, WIN_RULES)
    if actual == "playing" and snapshot.stock_size:
        return holding(states, ("END-NO-MORE-MOVES",))
    return ()


SCORE_RULES = ("SCORE-PYRAMID-CARD", "SCORE-NOTHING-ELSE")
"""The rules of the app's score: 10 per pyramid card, nothing for anything else."""
WON_SCORE = ("SCORE-WIN-280", "SCORE-WIN-550")
"""The rules of a won game's score (7 rows, and the Pharaoh's 10)."""
POINTS_PER_CARD = 10
"""What a pyramid card removed scores under the app's convention (SCORE-PYRAMID-CARD)."""


def pyramid_cards(snapshot: Snapshot) -> int:
    """The cards left in the pyramid, face up or down."""
    return sum(card is not None for row in snapshot.pyramid for card in row)


def piles(snapshot: Snapshot) -> tuple[object, ...]:
    """Everything outside the pyramid: the stock, the waste piles and the reserves."""
    return snapshot.stock_size, snapshot.waste, snapshot.more_wastes, snapshot.reserves


def score_blame(
    tables: Sequence[Snapshot], undone: bool, states: Mapping[str, str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(rules broken, rules cleared) by a score other than the scenario expects, under the
    app's convention, judged from the ``tables`` the scenario's taps left (the first at the
    start, the last now). A score that is 10 per pyramid card gone is right for the table
    shown (the table is not the scenario's: a step before went wrong), so the scoring rules
    are cleared. Otherwise the first tap that put the score off says which rule it broke: one
    that won the game, the rule of a won game's worth (a bonus); one that moved cards outside
    the pyramid and scored more, the rule that nothing else scores; any other, the 10 per
    pyramid card. After an undo that took something back, the points may be the undo's fault:
    nothing named."""
    start = tables[0]

    def off(table: Snapshot) -> int:
        earned = POINTS_PER_CARD * (pyramid_cards(start) - pyramid_cards(table))
        return table.score - start.score - earned

    if not off(tables[-1]):
        return (), (*SCORE_RULES, *WON_SCORE)
    if undone:
        return (), ()
    went_off = next(n for n, table in enumerate(tables) if off(table))
    before, after = tables[went_off - 1], tables[went_off]
    if table_won(after, states):
        rules: tuple[str, ...] = WON_SCORE
    elif off(after) > 0 and piles(after) != piles(before):
        rules = ("SCORE-NOTHING-ELSE",)
    else:
        rules = ("SCORE-PYRAMID-CARD",)
    return holding(states, rules), ()


COUNTER = ("MOVES-COUNT",)
"""The rule of what the move counter counts."""


def counter_blame(
    tables: Sequence[Snapshot], undone: bool, states: Mapping[str, str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(rules broken, rules cleared) by a move counter other than the scenario expects, judged
    from the ``tables`` the scenario's taps left (the first at the start): a counter equal to
    the taps that moved a card or a point is right for what the engine did (a step before went
    wrong), any other breaks the rule of what counts. After an undo that took something back,
    nothing is named: the undo's own rules may be at fault."""
    if undone:
        return (), ()
    moved = sum(cards_and_score(a) != cards_and_score(b) for a, b in pairwise(tables))
    if tables[-1].moves - tables[0].moves == moved:
        return (), COUNTER
    return holding(states, COUNTER), ()
