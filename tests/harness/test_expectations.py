"""A failure says what the rule expects beside what the engine showed (issue 25): a value on
two lines, two tables side by side with each differing line marked."""

from __future__ import annotations

import pytest
from pyramide.conformance.checks import CheckFailed
from pyramide.conformance.expectations import (
    DIFFERS,
    difference,
    expect_equal,
    pyramids_differ,
    said,
)


def test_a_value_is_said_on_two_lines_with_cards_as_the_rulebook_writes_them() -> None:
    with pytest.raises(CheckFailed) as failure:
        expect_equal("the waste, bottom to top", ["TD", "AS"], ["TD"], rules=("STOCK-DRAW",))
    assert str(failure.value).splitlines() == [
        "the waste, bottom to top",
        "expected: 10♦ A♠",
        "shown:    10♦",
    ]
    assert failure.value.rules == ("STOCK-DRAW",)


def test_equal_values_pass_and_nothing_is_said_as_nothing() -> None:
    expect_equal("the place selected", None, None)
    assert said(None) == "nothing" and said([]) == "(none)" and said("won") == "won"


def test_two_pyramids_side_by_side_mark_only_the_rows_that_differ() -> None:
    empty: list[str | None] = [None, None, None]
    expected: list[list[str | None]] = [["KD"], [None, None], empty]
    shown: list[list[str | None]] = [["KD"], ["2D", "JC"], empty]
    lines = str(pyramids_differ("the pyramid", expected, shown)).splitlines()
    assert lines[0] == "the pyramid"
    assert lines[1].split() == ["expected", "shown"]
    assert not lines[2].startswith(DIFFERS) and lines[2].split() == ["K♦", "K♦"]
    assert lines[3].startswith(DIFFERS) and lines[3].split()[1:] == ["--", "--", "2♦", "J♣"]
    assert len(lines) == 4, "a row empty on both sides at the bottom is left out"


def test_drawings_of_different_heights_are_padded() -> None:
    text = difference("the table", ["a", "b"], ["a"])
    assert text.splitlines()[-1].startswith(DIFFERS) and text.splitlines()[-1].split() == ["≠", "b"]
