"""The moves an engine allows, compared with the moves the rules allow, at every state.

An engine can pass every scenario and still let the waste be turned over while the stock holds
cards, or say "no more moves" while it lists a legal pair itself: no scenario happens to reach
that state. As a chess move generator is checked by its perft counts, a move-level engine is
checked by the moves it lists: a :class:`Witness` keeps the reference's game in step with the
engine's (the same start, the same moves played) and, at every state, compares the two sets of
legal moves. A move allowed that the rules forbid, or refused that they allow, fails naming the
rule that decides that move there (:func:`deciding_rules`); a status that contradicts the
engine's own moves fails the end rule (:func:`status_problem`). Once the engine's table differs
from the reference's, the witness falls silent: other checks catch that difference, and the two
games no longer share a state whose moves could be compared.

The tables a tap-level engine shows are judged by a :func:`referee`: the reference's game set
up at that table, which knows every removal the rules allow there (not the passes left nor
whether a card was just drawn, which a table does not show).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import chain, islice
from typing import Any

from ..cards import Card
from ..dealcode import parse_code
from ..game import Game
from ..moves import Draw, Move, Recycle, RemoveKing
from ..profiles import Profile
from .adapter import FACE_DOWN, LayoutData, Snapshot, face_down_view
from .checks import (
    DRAW_RULES,
    KING_RULES,
    OVER,
    PAIR_RULES,
    PAIRS,
    CheckFailed,
    holding,
    table_won,
)
from .reference_adapter import layout_data, layout_from_data

RECYCLE_RULES = ("RECYCLE-ORDER", "VAR-APOPHIS-CHOICE-RECYCLE", "VAR-APOPHIS-RECYCLE-ORDER")
"""The rules that turn the waste over only when the stock is empty."""
PASS_RULES = ("RECYCLE-UNLIMITED", "VAR-LIMITED-PASSES")
"""The rules that say how many times the waste may be turned over (none at all for one pass)."""
COVERED = ("FREE-PYRAMID", "VAR-TRIANGLE-COVERING")
"""The rules that keep a covered pyramid card out of play."""
COVERING = ("PAIR-NOT-COVERING", "VAR-COVERING-PAIR")
"""The rules that say whether a card pairs with the card still covering it."""
WASTE_BENEATH = ("WASTE-DRAWN-ALONE", "VAR-WASTE-PAIR-ANYTIME", "VAR-DRAWN-WITH-WASTE")
"""The rules that say whether the waste top pairs with the card beneath it."""
STOCK = ("STOCK-OUT-OF-PLAY", "VAR-STOCK-TOP")
"""The rules that say whether the stock's top card is in play."""
GOES_ON = ("END-PLAY-GOES-ON",)
"""The rule that keeps a game in play while a card can be drawn or the waste recycled."""


class MovesDisagree(CheckFailed):
    """An engine allows a move the rules forbid, or refuses one they allow."""

    invariant = "moves"


class StatusDisagrees(CheckFailed):
    """An engine's status contradicts the moves it lists (or, for a table it shows, the rules')."""

    invariant = "status"


def first_holding(states: Mapping[str, str], *groups: Sequence[str]) -> tuple[str, ...]:
    """The rules of the first group of which some hold under ``states``."""
    for group in groups:
        rules = holding(states, group)
        if rules:
            return rules
    return ()


def _in_play(game: Game, card: Card) -> bool:
    """Whether ``card`` could be removed on its own where it lies: a free pyramid card, the top
    of a waste or reserve pile, or the playable stock top."""
    place = game.place_of(card)
    if place is None:
        return False
    return game.is_free(place.index) if place.pile == "pyramid" else place.index == 0


def _place_rules(game: Game, card: Card, partner: Card | None) -> tuple[str, ...]:
    """The rules that say whether ``card`` is in play where it lies (with ``partner``, for a
    pair); none for a card the rules put in play by the move's own rule (a free pyramid card,
    a King on the waste)."""
    if card in game.pyramid:
        index = game.pyramid.index(card)
        if game.is_free(index):
            return ()
        covers = [game.pyramid[i] for i in game.covering(index)]
        alone = covers == [partner] and partner is not None and _in_play(game, partner)
        if not alone:
            return COVERED
        # with its last cover: allowed by the covering pair's rule alone; where no rule allows
        # it, the card is as much out of play as with any other partner
        return COVERING if game.profile.pairs_with_covering_card else (*COVERING, *COVERED)
    if card in game.waste:
        depth = len(game.waste) - 1 - game.waste.index(card)
        if depth == 0:  # with the card beneath it, the rule is that card's
            return ("WASTE-PAIRS",) if partner not in (None, *game.waste) else ()
        return WASTE_BENEATH if depth == 1 and partner == game.waste_top else ("FREE-WASTE-TOP",)
    if any(card in pile for pile in game.wastes[1:]):
        return ("VAR-APOPHIS-TOPS",)
    if any(card in pile for pile in game.reserves):
        return ("VAR-GIZA-RESERVE-TOPS",)
    return STOCK if card in game.stock else ()


def _removal_rules(game: Game, cards: Sequence[Card], general: Sequence[str]) -> list[list[str]]:
    """Groups of rules deciding a removal of ``cards``, the most particular first: where a card
    out of play lies, then where a card in play lies, then the removal's ``general`` rules."""
    blocked: list[str] = []
    placed: list[str] = []
    for card, partner in zip(cards, [*cards[1:], *cards[:1]], strict=True):
        partner_card = partner if len(cards) > 1 else None
        rules = _place_rules(game, card, partner_card)
        (placed if _in_play(game, card) else blocked).extend(rules)
    return [list(dict.fromkeys(blocked)), list(dict.fromkeys(placed)), list(general)]


def deciding_rules(game: Game, move: Move, states: Mapping[str, str]) -> tuple[str, ...]:
    """The rules (holding under ``states``) that decide whether ``move`` is legal in ``game``:
    an engine that lists it where the rules forbid it, or not where they allow it, breaks them.
    A removal the rules forbid breaks the most particular rule that forbids it (a card out of
    play where it lies, else the values); one they allow, refused, breaks every rule that lets
    it be played, the removal's own (a pair's values and sum: PAIR-VALUES, PAIR-THIRTEEN) and
    each card's place (WASTE-PAIRS), since an engine refusing it may have any of them wrong."""
    if isinstance(move, Draw):
        return holding(states, DRAW_RULES)
    if isinstance(move, Recycle):
        when = game.stock or not any(game.wastes)
        return first_holding(states, RECYCLE_RULES if when else PASS_RULES, PASS_RULES)
    if isinstance(move, RemoveKing):
        groups = _removal_rules(game, [move.card], KING_RULES)
    elif move.first.goes_alone or move.second.goes_alone:
        # a King goes alone, and with any card it makes more than a pair's total: an engine
        # whose pairs add up wrong allows a King with an Ace (14) without breaking the King's rule
        return first_holding(states, KING_RULES) + first_holding(states, PAIR_RULES)
    elif move.first == move.second or move.first.rank + move.second.rank != game.target:
        return first_holding(states, PAIRS)
    else:
        groups = _removal_rules(game, [move.first, move.second], PAIRS)
    if game.is_legal(move):
        return holding(states, list(dict.fromkeys(chain.from_iterable(groups))))
    return first_holding(states, *groups)


def _ascii(move: Move) -> str:
    return move.ascii


def _named(moves: Iterable[Move]) -> str:
    return ", ".join(sorted(map(_ascii, moves)))


def spelling(move: Move) -> str:
    """A move as an engine writes it, in ASCII, a pair's cards in a fixed order: all it can
    write, with two decks, of either copy of a card."""
    return "+".join(sorted(move.ascii.split("+")))


def by_spelling(moves: Iterable[Move]) -> dict[str, Move]:
    """Moves by :func:`spelling`."""
    return {spelling(move): move for move in moves}


def moves_problem(
    game: Game, listed: Collection[Move], states: Mapping[str, str]
) -> MovesDisagree | None:
    """How the moves an engine ``listed`` differ from those the rules allow in ``game``: the
    moves allowed that the rules forbid, then those refused that they allow, each kind named
    with the rules deciding them."""
    allowed, given = by_spelling(game.legal_moves()), by_spelling(listed)
    wrong = [given[text] for text in sorted(given.keys() - allowed.keys())]
    missing = [allowed[text] for text in sorted(allowed.keys() - given.keys())]
    if not (wrong or missing):
        return None
    parts = []
    if wrong:
        parts.append(f"the engine allows {_named(wrong)}, which the rules forbid here")
    if missing:
        parts.append(f"the engine refuses {_named(missing)}, which the rules allow here")
    decided = (deciding_rules(game, move, states) for move in wrong + missing)
    return MovesDisagree("; ".join(parts), list(dict.fromkeys(chain.from_iterable(decided))))


def status_problem(
    snapshot: Snapshot, moves: Collection[Move], states: Mapping[str, str], whose: str
) -> StatusDisagrees | None:
    """How the status ``snapshot`` shows contradicts ``moves`` (``whose``: the engine's own
    list, or the rules'): over while a move is left, or in play with none. A won game, and a
    table the rules call won, are the win rules' business."""
    if snapshot.status == "won" or table_won(snapshot, states):
        return None
    if snapshot.status == "no-more-moves" and moves:
        goes_on = any(isinstance(move, (Draw, Recycle)) for move in moves)
        rules = first_holding(states, GOES_ON if goes_on else OVER, OVER)
        listed = _named(moves)
        return StatusDisagrees(f"'no-more-moves' while {whose} allow {listed}", rules)
    if snapshot.status == "playing" and not moves:
        message = f"'playing' while {whose} allow no move"
        return StatusDisagrees(message, first_holding(states, OVER, GOES_ON))
    return None


def game_state(game: Game) -> dict[str, Any]:
    """A game's table in snapshot notation, read without building a
    :class:`~pyramide.layout.Layout` (whose checks would refuse the table of an engine the
    tests make wrong on purpose)."""
    places = iter(None if card is None else card.ascii for card in game.pyramid)
    rows = [list(islice(places, length)) for length in game.profile.geometry.row_lengths]
    return {
        "pyramid": face_down_view(rows) if game.profile.face_down else rows,
        "waste": [card.ascii for card in game.waste],
        "stock": [card.ascii for card in game.stock],
        "stock_size": len(game.stock),
        "score": game.score,
        "moves": game.move_count,
        "status": game.status.value,
        "code": game.code,
        "more_wastes": [[card.ascii for card in pile] for pile in game.wastes[1:]],
        "reserves": [[card.ascii for card in pile] for pile in game.reserves],
    }


def same_table(engine: Snapshot, reference: Snapshot) -> bool:
    """Whether the engine shows the reference's table (its stock's order too, when shown)."""
    fields = ("pyramid", "waste", "more_wastes", "reserves", "stock_size")
    stock_differs = engine.stock is not None and engine.stock != reference.stock
    same = all(getattr(engine, name) == getattr(reference, name) for name in fields)
    return same and not stock_differs


def starting_game(
    layout: LayoutData | None, code: str | None, rules: Profile | None
) -> Game | None:
    """The reference's game from the start an engine was given, under ``rules`` (a code's own
    rules for a code); None where the reference cannot deal it (a deal of the engine's own,
    an unknown rule set, a table it cannot read)."""
    try:
        if code is not None:
            parsed = parse_code(code)
            return Game(parsed.layout(), parsed.profile, str(parsed))
        if layout is None or rules is None:
            return None
        return Game(layout_from_data(layout, rules.geometry), rules)
    except ValueError:
        return None


def referee(
    snapshot: Snapshot, rules: Profile, dealt: Sequence[Sequence[str | None]] | None
) -> Game | None:
    """The reference's game at the table ``snapshot`` shows, under ``rules``, with no card just
    drawn and no pass used (a table shows neither); a face-down card is read from ``dealt``,
    the pyramid the game started with. None where it cannot be set up: a stock whose order is
    not shown, a face-down card not known, a table that is no deal's."""
    if snapshot.stock is None and snapshot.stock_size:
        return None
    rows = [
        [dealt[r][c] if card == FACE_DOWN and dealt else card for c, card in enumerate(row)]
        for r, row in enumerate(snapshot.pyramid)
    ]
    layout: LayoutData = {
        "pyramid": rows,
        "waste": list(snapshot.waste),
        "stock": list(snapshot.stock or ()),
        "more_wastes": [list(pile) for pile in snapshot.more_wastes],
        "reserves": [list(pile) for pile in snapshot.reserves],
    }
    try:
        return Game(layout_from_data(layout, rules.geometry), rules)
    except ValueError:
        return None


def status_at_table(
    snapshot: Snapshot,
    rules: Profile,
    dealt: Sequence[Sequence[str | None]] | None,
    states: Mapping[str, str],
) -> StatusDisagrees | None:
    """How 'no more moves', shown by a tap-level engine, contradicts the rules at its table: a
    King or a pair can still be removed, or a card drawn (the passes left, which a table does
    not show, are not counted). 'Playing' where the rules see no move is left to the checks of
    the move the engine then makes: it would blame the end rule for another rule's fault."""
    if snapshot.status != "no-more-moves":
        return None
    game = referee(snapshot, rules, dealt)
    if game is None:
        return None
    certain = [move for move in game.legal_moves() if not isinstance(move, Recycle)]
    return status_problem(snapshot, certain, states, "the rules")


def dealt_pyramid(
    layout: LayoutData | None, code: str | None
) -> Sequence[Sequence[str | None]] | None:
    """The pyramid's cards at the start, place by place (None where the start gives none):
    from the layout, or what the deal code deals; unknown for a deal of the engine's own."""
    if layout is not None:
        return layout["pyramid"]  # type: ignore[no-any-return]
    if code is not None:
        return layout_data(parse_code(code).layout())["pyramid"]  # type: ignore[no-any-return]
    return None


class Witness:
    """The reference's game kept in step with an engine's (the same start, the same moves), and
    the rules the engine's status is judged by even where the reference cannot deal its start."""

    def __init__(self, game: Game | None, states: Mapping[str, str]) -> None:
        self.game = game
        self.states = states
        self.in_step = game is not None
        """False once the two games part (or with no game): no move is compared from then on."""

    def follow(self, move: Move) -> MovesDisagree | None:
        """Play ``move``, which the engine played: the legal move written as it is, whichever
        copy of a card the engine meant. One the rules forbid parts the games, and is returned
        as the disagreement it is."""
        if not self.in_step or self.game is None:
            return None
        if self.game.is_won():  # what a move does once the game is won is an open point
            self.in_step = False
            return None
        if not self.game.is_legal(move):
            move = by_spelling(self.game.legal_moves()).get(spelling(move), move)
        if self.game.is_legal(move):
            self.game.push(move)
            return None
        self.in_step = False
        rules = deciding_rules(self.game, move, self.states)
        return MovesDisagree(f"the engine played {move}, which the rules forbid here", rules)

    def refused(self, move: Move) -> MovesDisagree | None:
        """The disagreement of an engine that does not offer ``move`` where the rules allow it,
        if they do."""
        game = self.game
        if not self.in_step or game is None or game.is_won():
            return None
        allowed = by_spelling(game.legal_moves()).get(spelling(move))
        if allowed is None:
            return None
        rules = deciding_rules(game, allowed, self.states)
        return MovesDisagree(f"the engine refuses {allowed}, which the rules allow here", rules)

    def take_back(self) -> None:
        """Undo the last move, as the engine did (nothing with none to undo: if the engine
        undid something all the same, the tables differ and the games part)."""
        if self.in_step and self.game is not None and self.game.can_undo():
            self.game.pop()

    def check(self, snapshot: Snapshot, listed: Collection[Move]) -> None:
        """Raise :class:`CheckFailed` when the engine's status contradicts the moves it
        ``listed``, or when, at the reference's own table, they are not the rules' moves."""
        problem = status_problem(snapshot, listed, self.states, "its own moves")
        if problem is not None:
            raise problem
        game = self.game
        if game is None or not self.in_step:
            return
        if not same_table(snapshot, Snapshot.from_json(game_state(game))):
            self.in_step = False
        elif snapshot.status != "won" and not game.is_won():
            disagreement = moves_problem(game, listed, self.states)
            if disagreement is not None:
                raise disagreement
