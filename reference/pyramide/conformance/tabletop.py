"""What a snapshot holds, as the steps and the pairing convention count it: the cards on the
table, what undo must restore, and the tap targets the rulebook names in words."""

from __future__ import annotations

from .adapter import PILE_WORDS, Snapshot

PILE_NAMED = {sentence: target for target, sentence in PILE_WORDS.items()}
PILE_NAMED["waste pile 1"] = "waste"
"""Tap targets by the words the rulebook names them with; waste pile 1 is the waste."""


def face_up_piles(snapshot: Snapshot) -> list[str]:
    """The cards of every waste and reserve pile."""
    piles = (snapshot.waste, *snapshot.more_wastes, *snapshot.reserves)
    return [card for pile in piles for card in pile]


def on_table(snapshot: Snapshot) -> set[str]:
    """Every card a snapshot shows (the stock's only if the engine reports its order)."""
    cards = {c for row in snapshot.pyramid for c in row if c is not None}
    return cards | set(face_up_piles(snapshot)) | set(snapshot.stock or ())


def cards_on_table(snapshot: Snapshot) -> int:
    """How many cards lie on the table, face up or down, the stock's counted by its size."""
    pyramid = sum(card is not None for row in snapshot.pyramid for card in row)
    return pyramid + len(face_up_piles(snapshot)) + snapshot.stock_size


def cards_and_score(snapshot: Snapshot) -> tuple[object, ...]:
    """What undo must restore: every card's place and the score (the counter is not restored)."""
    return (
        snapshot.pyramid,
        snapshot.waste,
        snapshot.more_wastes,
        snapshot.reserves,
        snapshot.stock_size,
        snapshot.stock,
        snapshot.score,
    )
