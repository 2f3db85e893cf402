"""The move-only shim under revision 2 of the protocol: the named variants' piles, the
Triangle's rows, Spanish cards, and the revision it reports."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pyramide.conformance.adapter import REVISION
from pyramide.conformance.moveshim import (
    GameMoveEngine,
    MoveShimAdapter,
    card_at,
    example_factory,
)

from .test_moveshim_and_invariants import Bare


def _pyramid(**rows: Sequence[str | None]) -> list[Sequence[str | None]]:
    """Seven empty rows of 1..7 places, with the rows given (``r1=[...]``) filled in."""
    return [rows.get(f"r{n}", [None] * n) for n in range(1, 8)]


def _triangle(**rows: Sequence[str | None]) -> list[Sequence[str | None]]:
    """The Triangle's seven rows of 7..1 places."""
    return [rows.get(f"r{n}", [None] * (8 - n)) for n in range(1, 8)]


class RevisionOneEngine(GameMoveEngine):
    """An engine that says nothing of its revision (every engine written before revision 2)."""

    revision = 1

    def state(self) -> Mapping[str, Any]:
        state = dict(super().state())
        del state["more_wastes"], state["reserves"]
        return state


def test_the_shim_reports_the_revision_its_engine_speaks() -> None:
    assert example_factory().capabilities().revision == REVISION == 3
    assert MoveShimAdapter(RevisionOneEngine()).capabilities().revision == 1
    assert MoveShimAdapter(Bare(RevisionOneEngine())).capabilities().revision == 1
    # the shim may also be told, for an engine that cannot say it itself
    assert MoveShimAdapter(Bare(RevisionOneEngine()), revision=2).capabilities().revision == 2
    assert example_factory().capabilities().to_json()["revision"] == 3


def test_reserve_targets_select_and_pair_the_top_of_their_pile() -> None:
    shim = example_factory()
    reserves = [["2C", "5H"], ["KS"], ["9C"], [], [], [], [], ["4D"]]
    start = shim.start(
        layout={"pyramid": _pyramid(r1=["8D"]), "reserves": reserves}, profile="giza"
    )
    assert start.reserves == tuple(tuple(pile) for pile in reserves)
    assert (start.waste, start.stock_size) == ((), 0)

    assert shim.tap("reserve-4").selected is None  # an empty pile: nothing to select
    king = shim.tap("reserve-2")  # K♠ goes alone
    assert (king.reserves[1], king.moves, king.selected) == ((), 1, None)
    assert shim.tap("reserve-1").selected == "reserve-1"  # 5♥, the top; 2♣ lies beneath
    assert shim.tap("reserve-8").selected == "reserve-8"  # 5 + 4: no pair, 4♦ selected instead
    assert shim.tap("reserve-3").reserves[2:] == ((), (), (), (), (), ())  # 4 + 9 pairs
    assert shim.tap("reserve-1").selected == "reserve-1"
    won = shim.tap("r1c1")  # 5♥ + 8♦: the pyramid is cleared, which wins Giza
    assert (won.pyramid[0], won.reserves[0], won.score, won.status) == ((None,), ("2C",), 10, "won")


def test_waste_pile_targets_and_the_three_waste_piles_of_apophis() -> None:
    shim = example_factory()
    layout = {
        "pyramid": _pyramid(r1=["8D"]),
        "waste": ["2C", "5H"],
        "more_wastes": [["7S"], ["6D"]],
        "stock": ["AC", "3C", "4C", "QD"],
    }
    start = shim.start(layout=layout, profile="pysolfc-apophis")
    assert (start.waste, start.more_wastes) == (("2C", "5H"), (("7S",), ("6D",)))
    assert shim.tap("waste-2").selected == "waste-2"
    paired = shim.tap("waste-3")  # 7♠ + 6♦
    assert (paired.more_wastes, paired.moves, paired.selected) == (((), ()), 1, None)
    drawn = shim.tap("stock")  # one card onto each pile, left to right
    assert (drawn.waste[-1], drawn.more_wastes, drawn.stock) == ("AC", (("3C",), ("4C",)), ("QD",))
    shim.tap("waste-2")
    shim.tap("waste-3")  # 3 + 4: no pair; waste-3 is selected now
    assert shim.snapshot().selected == "waste-3"
    undone = shim.undo()
    assert (undone.more_wastes, undone.stock_size, undone.selected) == (((), ()), 4, None)


def test_a_draw_onto_a_named_pile_is_the_move_that_names_it() -> None:
    """Revision 3: ``stock-to-waste-3`` is the engine's ``draw:3`` under the page's Apophis."""
    shim = example_factory()
    layout = {"pyramid": _pyramid(r1=["8D"]), "waste": ["2C"], "stock": ["AC", "3C", "4C"]}
    shim.start(layout=layout, profile="apophis")
    drawn = shim.tap("stock-to-waste-3")
    assert (drawn.waste, drawn.more_wastes, drawn.stock) == (("2C",), ((), ("AC",)), ("3C", "4C"))
    drawn = shim.tap("stock")  # a draw that names no pile: onto pile 1
    assert (drawn.waste, drawn.more_wastes, drawn.moves) == (("2C", "3C"), ((), ("AC",)), 2)


def test_a_draw_of_king_tut_turns_three_cards_and_only_the_top_is_tapped() -> None:
    shim = example_factory()
    layout = {"pyramid": _pyramid(r1=["4D"]), "waste": [], "stock": ["9S", "2C", "5H", "QC"]}
    shim.start(layout=layout, profile="king-tut")
    drawn = shim.tap("stock")
    assert (drawn.waste, drawn.stock) == (("9S", "2C", "5H"), ("QC",))
    shim.tap("waste-below")  # 2♣ beneath the top: the shim selects what it is shown...
    assert shim.tap("r1c1").waste == ("9S", "2C", "5H")  # ...but 2 + 4 is no move here
    shim.tap("waste")  # 5♥ now; 5 + 4 is no pair either
    assert shim.tap("r1c1").pyramid[0] == ("4D",)
    last = shim.tap("stock")  # the last card: Q♣ on top
    assert (last.waste[-1], last.stock_size, last.selected) == ("QC", 0, None)


def test_triangle_rows_are_read_as_the_engine_gives_them() -> None:
    shim = example_factory()
    row1 = ["2C", "JD", "4C", "9H", "6C", "7C", "KD"]
    start = shim.start(layout={"pyramid": _triangle(r1=row1), "waste": ["AS"]}, profile="triangle")
    assert [len(row) for row in start.pyramid] == [7, 6, 5, 4, 3, 2, 1]
    assert shim.tap("r7c2").selected is None  # row 7 of the Triangle has one place
    assert shim.tap("r1c7").pyramid[0][6] is None  # K♦ at the far right of row 1 goes alone
    shim.tap("r1c1")
    paired = shim.tap("r1c2")  # 2♣ + J♦
    assert paired.pyramid[0][:2] == (None, None) and paired.score == 30


def test_triangle_cards_are_covered_by_the_row_below() -> None:
    shim = example_factory()
    row1 = ["2C", "JD", "4C", "9H", "6C", "7C", "8C"]
    rows = _triangle(r1=row1, r2=["5D", None, None, None, None, None])
    shim.start(layout={"pyramid": rows, "waste": ["AS"]}, profile="triangle")
    shim.tap("r1c2")  # J♦ lies under 5♦ at r2c1 (r+1, c-1)
    assert shim.tap("r1c1").pyramid[0][:2] == ("2C", "JD")  # 2♣ under 5♦ too: no pair


def test_the_spanish_rey_goes_alone_and_pairs_make_twelve() -> None:
    shim = example_factory()
    layout = {"pyramid": _pyramid(r1=["5O"]), "waste": ["6E", "7P", "RB"], "stock": ["AB"]}
    shim.start(layout=layout, profile="spanish")
    rey = shim.tap("waste")  # the rey de bastos goes alone
    assert (rey.waste, rey.moves) == (("6E", "7P"), 1)
    shim.tap("waste")
    won = shim.tap("r1c1")  # 7 de copas + 5 de oros = 12
    assert (won.pyramid[0], won.waste, won.status) == ((None,), ("6E",), "won")


def test_pile_targets_on_a_revision_one_engine_touch_nothing() -> None:
    shim = MoveShimAdapter(Bare(RevisionOneEngine()))
    start = shim.start(layout={"pyramid": _pyramid(r1=["8D"]), "waste": ["5H"], "stock": []})
    for target in ("waste-2", "waste-3", "reserve-1", "reserve-8"):
        assert shim.tap(target) == start
    assert (start.more_wastes, start.reserves) == ((), ())


def test_card_at_reads_every_target_of_a_state() -> None:
    state = {
        "pyramid": _triangle(r1=["??", "JD", None, None, None, None, None]),
        "waste": ["2C", "5H"],
        "more_wastes": [["7S"], []],
        "reserves": [["AD", "QS"]],
        "stock": ["3H"],
    }
    expected = {
        "r1c1": None,  # face down
        "r1c2": "JD",
        "r1c3": None,
        "r7c1": None,
        "r7c5": None,  # no such place in the Triangle
        "waste": "5H",
        "waste-below": "2C",
        "waste-2": "7S",
        "waste-3": None,
        "reserve-1": "QS",
        "reserve-2": None,
        "stock-top": "3H",
        "stock": None,
    }
    assert {target: card_at(state, target) for target in expected} == expected
