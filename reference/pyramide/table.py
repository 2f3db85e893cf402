"""The app's touch interface on top of :class:`~pyramide.game.Game`: taps, selection, messages.

The rules document describes play as taps: tap a free card to select it, tap a second one to
pair it, tap a King to remove it, tap the stock to draw or recycle. This layer turns taps into
moves and keeps what the player sees besides the cards: which card is selected and the last
message. The points the document leaves open are settled here (see ``docs/open-points.md``):

- tapping the selected card again deselects it;
- tapping a King removes it even while another card is selected, and clears the selection;
- tapping a blocked card changes nothing but the message, whatever is selected;
- drawing, recycling and undoing clear the selection;
- undo is not a move: the counter neither rises nor falls.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .cards import Card
from .game import Game, Place, Status
from .layout import Position
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair

WASTE: Literal["waste"] = "waste"
WASTE_BELOW: Literal["waste-below"] = "waste-below"
"""The card just under the waste top; only in play when the waste top may pair with it."""
STOCK: Literal["stock"] = "stock"
"""The stock itself: a tap draws, or recycles the waste."""
STOCK_TOP: Literal["stock-top"] = "stock-top"
"""The stock's face-up top card; only in play under the playable-stock-top switch."""

DRAW_ONTO = re.compile(r"^stock-to-waste(?:-(?P<number>[0-9]+))?$")
"""``stock-to-waste``, ``stock-to-waste-2``, ``stock-to-waste-3``: a draw onto that waste pile,
where the player names the pile (VAR-APOPHIS-CHOICE; ``stock-to-waste`` is pile 1)."""

PILE_TARGET = re.compile(r"^(?P<pile>waste|reserve)-(?P<number>[1-9])$")
"""``waste-2``, ``waste-3``: the top of another waste pile (Apophis; ``waste`` is pile 1);
``reserve-1`` .. ``reserve-8``: the top of a reserve pile (Giza)."""

Target = Position | str

BLOCKED = "card-blocked"
SUM = "sum-must-equal"
NO_MORE_MOVES = "no-more-moves"
"""Message keys; their texts in French, Hungarian and English live in ``spec/messages.yaml``."""


@dataclass(frozen=True)
class Message:
    """A message the app shows, by key, with its parameters (the sum message's ``target``)."""

    key: str
    params: Mapping[str, int] = field(default_factory=dict)


class Table:
    """A game played by taps, as in the app."""

    def __init__(self, game: Game, error_help: bool = True) -> None:
        self.game = game
        self.error_help = error_help
        """The app's error-help setting: when off, a tap on a blocked card shows nothing."""
        self.selected: Target | None = None
        self.message: Message | None = None

    def card_at(self, target: Target) -> Card | None:
        """The card a tap on ``target`` would touch (the stock's cards are never touched)."""
        if target == STOCK:
            return None
        if target == WASTE:
            return self.game.waste_top
        if target == WASTE_BELOW:
            return self.game.waste[-2] if len(self.game.waste) > 1 else None
        if target == STOCK_TOP:
            return self.game.stock_top if self.game.profile.stock_top_playable else None
        if isinstance(target, str):
            return self._pile_top(target)
        return self.game.pyramid[self.game.profile.geometry.index_of(*target)]

    def _pile_top(self, target: str) -> Card | None:
        """The top card of ``waste-N`` or ``reserve-N``; None for an empty or unknown pile."""
        match = PILE_TARGET.match(target)
        if match is None:
            raise ValueError(f"no such place to tap: {target!r}")
        game, number = self.game, int(match["number"]) - 1
        piles = game.wastes if match["pile"] == "waste" else game.reserves
        if number >= len(piles) or not piles[number]:
            return None
        return piles[number][-1]

    def tap(self, target: Target) -> None:
        """Tap the stock, the waste or a pyramid place, exactly as a player would."""
        self.message = None
        if self.game.is_won():
            return
        if target == STOCK:
            move: Move = Draw() if self.game.stock else Recycle()
            if self.game.is_legal(move):
                self._play(move)
            return
        if isinstance(target, str) and target.startswith("stock-to-"):
            draw = self.draw_onto(target)
            if self.game.is_legal(draw):
                self._play(draw)
            return
        card = self.card_at(target)
        if card is None:
            return
        if not self._selectable(card):
            self._blocked()
        elif card.goes_alone:
            if self.game.is_legal(RemoveKing(card)):
                self._play(RemoveKing(card))
            else:
                self._blocked()
        elif self.selected is None:
            self.selected = target
        elif self.selected == target:
            self.selected = None
        else:
            self._pair(target, card)

    def draw_onto(self, target: str) -> Draw:
        """The draw a ``stock-to-waste[-N]`` tap asks for; a pile the rules do not let the
        player name is an error that says why (a tap on ``stock`` draws as the rules deal)."""
        match = DRAW_ONTO.match(target)
        if match is None:
            raise ValueError(f"no such place to tap: {target!r}")
        pile, piles = int(match["number"] or 1), len(self.game.wastes)
        if not self.game.profile.chosen_pile:
            raise ValueError(
                f"{target}: under the {self.game.profile.name} rules the player names no "
                "waste pile for a draw (waste_choice: deal); tap the stock"
            )
        if not 1 <= pile <= piles:
            raise ValueError(f"{target}: there is no waste pile {pile}, only 1 to {piles}")
        return Draw(pile)

    def _pair(self, target: Target, card: Card) -> None:
        first = self.card_at(self.selected) if self.selected is not None else None
        assert first is not None, "a selected place always holds a card"
        move = RemovePair(first, card)
        if self.game.is_legal(move):
            self._play(move)
            return
        if first.rank + card.rank != self.game.target:
            self.message = Message(SUM, {"target": self.game.target})
            self.selected = target
        else:
            # Worth 13 yet not a legal pair: one card is playable only with another (its last
            # covering card, or the waste top beneath a fresh draw), so for this pair it is
            # blocked, and a blocked tap keeps the selection (OPEN-BLOCKED-WHILE-SELECTED).
            self._blocked()

    def _blocked(self) -> None:
        if self.error_help:
            self.message = Message(BLOCKED)

    def _selectable(self, card: Card) -> bool:
        """Free, or (with a variant switch) able to take part in a pair all the same."""
        place = self.game.place_of(card)
        if place is None:
            return False
        if place == Place("waste", 1):
            return self.game.waste_below_in_play()
        if place.pile in ("waste", "stock", "reserve") or self.game.is_free(place.index):
            return True
        covering = self.game.covering(place.index)
        return (
            self.game.profile.pairs_with_covering_card
            and len(covering) == 1
            and self.game.is_free(covering[0])
        )

    def _play(self, move: Move) -> None:
        self.game.push(move)
        self.selected = None
        if self.game.status is Status.NO_MORE_MOVES:
            self.message = Message(NO_MORE_MOVES)

    def undo(self) -> None:
        """Undo the last action if there is one; the selection and message are cleared."""
        self.selected = None
        self.message = None
        if self.game.can_undo():
            self.game.pop()
