"""soliterm 1.2.0's Pyramid (AisleRiot's Thirteen) checked by the suite, through its public API.

soliterm (PyPI, MIT) is a terminal solitaire whose ``pyramid`` game reimplements AisleRiot's
Thirteen. It has no tap interface of ours, only moves, so :class:`SolitermEngine` implements
:class:`~pyramide.conformance.moveshim.MoveEngine` (plus undo) and the suite's
:class:`~pyramide.conformance.moveshim.MoveShimAdapter` turns taps into moves. Every rule
decision stays soliterm's: the moves offered are the ones ``Solitaire.legal_moves()`` lists
(and ``draw`` while ``Solitaire.can_deal()``), and each is played by ``attempt_move``/``deal``.

Run it (``pip install soliterm==1.2.0`` first)::

    PYTHONPATH=docs/examples/soliterm pyramide check --impl soliterm_adapter:make_adapter \\
        --profile aisleriot-thirteen

and, with the deviations that are soliterm's own (``known-deviations.yaml``, next to this
file)::

    PYTHONPATH=docs/examples/soliterm pyramide check --impl soliterm_adapter:make_adapter \\
        --profile aisleriot-thirteen \\
        --expected-failures docs/examples/soliterm/known-deviations.yaml

soliterm's slots: 0 the stock (bottom..top), 1 the waste (bottom..top), 2..29 the pyramid
apex first and row by row, left to right (AisleRiot's numbering), 30 a discard pile of its own
holding the cards removed (AisleRiot simply takes them away).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyramide.cards import KING, Card
from pyramide.conformance.adapter import FACE_DOWN, LayoutData
from pyramide.conformance.moveshim import MoveShimAdapter
from pyramide.moves import parse_move
from soliterm.engine import Card as SolitermCard
from soliterm.engine import Solitaire, make_deck, new_solitaire, resume_solitaire

GAME = "pyramid"
"""soliterm's name for AisleRiot's Thirteen (it files its statistics under thirteen.scm)."""
PROFILE = "aisleriot-thirteen"
STOCK, WASTE, DISCARD = 0, 1, 30
ROWS = 7
PLACES = [
    (2 + n, row, col)
    for n, (row, col) in enumerate((r, c) for r in range(ROWS) for c in range(r + 1))
]
"""(slot, row, column), rows and columns from 0, of each pyramid card in soliterm's order."""

CONVENTIONS = {
    # after_move sets score = len(discard): one point per card removed, at most 52
    "score": "one-per-card",
    # attempt_move, click (draw) and double_click each add one move
    "move_counter": "counted",
    # undo restores the whole serialized position, its moves= counter included
    "undo_counter": "restores",
    # the in-memory undo list has no size limit (only a save keeps 500 steps)
    "undo_depth": "unlimited",
}
"""How soliterm shows what it counts (``spec/profiles.yaml`` conventions)."""


def _ours(card: SolitermCard) -> str:
    """soliterm's card (rank 1..13, suit letter) in the protocol's ASCII."""
    return Card(card.rank, card.suit).ascii


def _theirs(text: str, face_up: bool) -> SolitermCard:
    card = Card.parse(text)
    return SolitermCard(card.rank, card.suit, face_up)


def _code(card: SolitermCard) -> str:
    """A card as soliterm's ``serialize()`` writes it: rank, suit, U or D (``10SU``)."""
    return f"{card.rank}{card.suit}{'U' if card.face_up else 'D'}"


class SolitermEngine:
    """A soliterm Pyramid game behind the move-only protocol of the suite's shim."""

    def __init__(self) -> None:
        self.game: Solitaire | None = None

    def _game(self) -> Solitaire:
        if self.game is None:
            raise RuntimeError("no game started")
        return self.game

    # --- starting a game ------------------------------------------------------------------

    def new_game(
        self,
        *,
        layout: LayoutData | None,
        code: str | None,
        profile: str,
        deal: int | None = None,
    ) -> None:
        """soliterm's own deal ``deal`` (its seeded shuffle), or exactly the ``layout`` given.

        soliterm has no deal codes (``deal_codes=False``) and plays one rule set only.
        """
        if profile != PROFILE:
            raise ValueError(f"soliterm plays only {PROFILE}, not {profile}")
        if code is not None:
            raise ValueError("soliterm has no deal codes")
        if deal is not None:
            self.game = new_solitaire(GAME, seed=deal)
        elif layout is not None:
            self.game = self._from_layout(layout)
        else:
            raise ValueError("new_game needs a layout or a deal")

    @staticmethod
    def _from_layout(layout: LayoutData) -> Solitaire:
        """The table as a soliterm position, loaded with the public ``resume_solitaire``.

        That loader checks the slots and that all 52 cards are there, and starts with no undo
        history. It takes the face-up flags and the score as given, so both are computed here
        as soliterm itself would have them: a pyramid card is face up iff no card lies on it
        (soliterm flips a card once both cards covering it are gone), and a card on no pile is
        in the discard slot and scores its point.
        """
        given = list(layout["pyramid"])
        rows: list[list[str | None]] = [  # rows left out at the bottom are empty
            [None if card in (None, "--") else str(card) for card in row]
            + [None] * (r + 1 - len(row))
            for r, row in enumerate(given + [[]] * (ROWS - len(given)))
        ]
        cards: dict[int, list[SolitermCard]] = {}
        for sid, row, col in PLACES:
            text = rows[row][col]
            covered = row + 1 < ROWS and (
                rows[row + 1][col] is not None or rows[row + 1][col + 1] is not None
            )
            cards[sid] = [] if text is None else [_theirs(text, not covered)]
        cards[WASTE] = [_theirs(text, True) for text in layout.get("waste", [])]
        stock_top_first = [_theirs(text, False) for text in layout.get("stock", [])]
        cards[STOCK] = stock_top_first[::-1]
        placed = {(c.rank, c.suit) for pile in cards.values() for c in pile}
        if len(placed) != sum(len(pile) for pile in cards.values()):
            raise ValueError("a card lies on the table twice")
        cards[DISCARD] = [c.up(True) for c in make_deck() if (c.rank, c.suit) not in placed]

        fresh = new_solitaire(GAME, seed=0)  # its slots are the layout's frame
        lines = [f"game={GAME}", f"score={len(cards[DISCARD])}", "base=0", "moves=0", "redeals=0"]
        for slot in fresh.slots:
            pile = ",".join(_code(card) for card in cards[slot.sid])
            lines.append(f"s{slot.sid}|{slot.kind}|{slot.expand}|{slot.row}|{pile}")
        snapshot = {"game": GAME, "options": {}, "deal": 0, "position": "\n".join(lines)}
        return resume_solitaire({**snapshot, "undo": [], "redo": []})

    # --- moves ----------------------------------------------------------------------------

    def _legal(self) -> dict[str, tuple[int, int]]:
        """soliterm's legal moves in our notation, each with one (src, dst) that plays it.

        soliterm lists a pair both ways (src onto dst and back), a King as a drop on the
        discard, and the waste's top two as the waste top dropped on the discard.
        """
        game = self._game()
        found: dict[str, tuple[int, int]] = {}
        for src, dst, _ in game.legal_moves():
            card = game.top(src)
            assert card is not None
            if dst != DISCARD:
                partner = game.top(dst)
                assert partner is not None
                move = f"{_ours(card)}+{_ours(partner)}"
            elif card.rank == KING:
                move = _ours(card)
            else:
                move = f"{_ours(card)}+{_ours(game.cards(WASTE)[-2])}"
            found.setdefault(parse_move(move).ascii, (src, dst))
        return found

    def legal_moves(self) -> list[str]:
        moves = list(self._legal())
        return [*moves, "draw"] if self._game().can_deal() else moves

    def play(self, move: str) -> None:
        game = self._game()
        if move == "draw":
            done = game.deal()
        else:
            src, dst = self._legal()[parse_move(move).ascii]
            done = game.attempt_move(src, dst, 1)
        if not done:
            raise RuntimeError(f"soliterm refused {move}, which it listed as legal")

    def undo(self) -> None:
        self._game().undo()  # does nothing at the start, as the protocol asks

    # --- what the player sees -------------------------------------------------------------

    def state(self) -> Mapping[str, Any]:
        game = self._game()
        pyramid: list[list[str | None]] = [[] for _ in range(ROWS)]
        for sid, row, _ in PLACES:
            card = game.top(sid)
            shown = None if card is None else _ours(card) if card.face_up else FACE_DOWN
            pyramid[row].append(shown)
        stock = [_ours(card) for card in reversed(game.cards(STOCK))]
        if game.is_won():
            status = "won"
        elif game.is_stuck():
            status = "no-more-moves"
        else:
            status = "playing"
        return {
            "pyramid": pyramid,
            "waste": [_ours(card) for card in game.cards(WASTE)],
            "stock": stock,
            "stock_size": len(stock),
            "score": game.score,
            "moves": game.moves,
            "status": status,
            "code": None,
        }


def make_adapter() -> MoveShimAdapter:
    """The factory ``pyramide check --impl soliterm_adapter:make_adapter`` calls per scenario."""
    return MoveShimAdapter(
        SolitermEngine(),
        profiles=(PROFILE,),
        deal_codes=False,
        stock_order=True,
        conventions=CONVENTIONS,
        own_deals=True,
        tables=True,
    )
