"""The two deals the rules document, dealt by their codes and checked by the solver."""

from pyramide import Game, Layout, parse_code, solve
from pyramide.solver import can_remove

DOCUMENTED_ROWS = [
    "J♦",
    "6♣ 7♥",
    "A♠ 4♦ Q♠",
    "5♥ 3♦ 6♥ 8♠",
    "K♥ K♣ A♦ K♠ 9♣",
    "Q♣ 2♣ 8♦ 10♦ 10♠ J♠",
    "7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠",
]


def test_py1_n_aaaaaas_deals_the_documented_pyramid_and_waste() -> None:
    dealt = parse_code("PY1-N-AAAAAAS").layout()
    documented = Layout.from_rows(DOCUMENTED_ROWS, waste="7♦")
    assert dealt.pyramid == documented.pyramid
    assert dealt.waste == documented.waste
    assert len(dealt.stock) == 23


def test_py1_n_aaaaaaj_removes_at_most_14_cards() -> None:
    code = parse_code("PY1-N-AAAAAAJ")
    game = Game(code.layout(), code.profile)
    assert can_remove(game, 14)
    assert not can_remove(game, 15)


def test_solver_line_for_the_documented_deal_replays_to_a_win() -> None:
    code = parse_code("PY1-N-AAAAAAS")
    solution = solve(Game(code.layout(), code.profile))
    replay = Game(code.layout(), code.profile)
    for move in solution.moves:
        replay.push(move)
    assert solution.winnable and replay.is_won()
    assert replay.move_count == len(solution.moves)
