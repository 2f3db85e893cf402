"""The text drawing ``pyramide deal`` prints (not a rule: checked here, not by the suite)."""

from __future__ import annotations

from pyramide import parse_code
from pyramide.notation import draw_layout


def test_text_rendering_names_every_card_and_the_stock_size() -> None:
    text = draw_layout(parse_code("PY1-N-AAAAAAS").layout())
    lines = text.splitlines()
    assert lines[0].split() == ["J♦"]
    assert lines[6].split() == ["7♣", "10♣", "3♥", "4♥", "3♠", "K♦", "7♠"]
    assert "7♦" in lines[7]
    assert "23 cards" in lines[8]


def test_reserve_piles_are_drawn_instead_of_a_stock() -> None:
    text = draw_layout(parse_code("PY1-G-AAAAAAS").layout())
    reserves = [line for line in text.splitlines() if line.startswith("reserve")]
    assert len(reserves) == 8
    assert all(len(line.split(": ")[1].split()) == 3 for line in reserves)
    assert "stock" not in text
