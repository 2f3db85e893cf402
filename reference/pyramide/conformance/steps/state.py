"""What the game shows besides the cards: the selection, the score, the move counter and the
status, each read as the engine's conventions say."""

from __future__ import annotations

from pytest_bdd import parsers, then

from ..checks import counter_blame, holding, score_blame, status_cleared, status_rules
from ..expectations import expect_equal
from ..play import Play
from ..tabletop import cards_on_table

STATUS_WORDS = {
    "goes on": "playing",
    "is won": "won",
    "is over with no more moves": "no-more-moves",
}


@then(parsers.re(r"(?P<card>(?!nothing )\S+) is selected"))
def is_selected(play: Play, card: str) -> None:
    expected = play.target(card)
    expect_equal(f"the place selected ({card} lies at {expected})", expected, play.now.selected)


@then("nothing is selected")
def nothing_selected(play: Play) -> None:
    expect_equal("the place selected", None, play.now.selected)


@then(parsers.re(r"the score is (?P<score>\d+)"))
def score_is(play: Play, score: str) -> None:
    """The score as the app counts it (10 per pyramid card removed); an engine that scores one
    point per card shows the cards of the rule set's deck gone from the table instead, and one
    with no score shows nothing to check."""
    convention = play.convention["score"]
    now = play.now
    if convention == "none":
        return
    what = f"the score, counted {convention}"
    if convention == "one-per-card":
        rules = holding(play.under.states, ("SCORE-ONE-PER-CARD",))
        expect_equal(what, play.deck_size - cards_on_table(now), now.score, rules)
        return
    blame = score_blame([*play.taps, now], bool(play.undone), play.under.states)
    expect_equal(what, int(score), now.score, *blame)


def counter_blame_of(play: Play) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a move counter other than the scenario's breaks (:func:`checks.counter_blame`)."""
    return counter_blame([*play.taps, play.now], bool(play.undone), play.under.states)


@then(parsers.re(r"the score shows (?P<score>\d+)"))
def score_shows(play: Play, score: str) -> None:
    """Exactly the number on screen (scenarios about a scoring convention itself)."""
    expect_equal("the score shown", int(score), play.now.score)


@then(parsers.re(r"the move counter shows (?P<moves>\d+)"))
def moves_show(play: Play, moves: str) -> None:
    """Exactly the number on screen (scenarios about a counting convention itself)."""
    expect_equal("the move counter shown", int(moves), play.now.moves, *counter_blame_of(play))


@then(parsers.re(r"the move counter is (?P<at_least>at least )?(?P<moves>\d+)"))
def moves_is(play: Play, moves: str, at_least: str | None) -> None:
    """The counter as the app counts it; an engine whose undo restores the counter shows one
    less per action undone, and one with no counter shows nothing to check. "At least" leaves
    room for undos counted as moves (OPEN-UNDO-NOT-A-MOVE)."""
    if play.convention["move_counter"] == "none":
        return
    expected = int(moves)
    if play.convention["undo_counter"] == "restores":
        expected -= play.undone
    actual = play.now.moves
    if at_least and actual >= expected:
        return
    wanted = f"at least {expected}" if at_least else expected
    expect_equal("the move counter", wanted, actual, *counter_blame_of(play))


@then(parsers.re(f"the game (?P<words>{'|'.join(STATUS_WORDS)})"))
def status_is(play: Play, words: str) -> None:
    """The status; a wrong one on the table the scenario expects fails on the rule of ends."""
    now, expected = play.now, STATUS_WORDS[words]
    states = play.under.states
    rules = status_rules(expected, now, states)
    cleared = () if rules else status_cleared(expected, now, states)
    expect_equal("the game's status", expected, now.status, rules, cleared)


@then("the game is not won")
def not_won(play: Play) -> None:
    now, states = play.now, play.under.states
    rules = status_rules("playing", now, states)
    cleared = () if rules else status_cleared("playing", now, states)
    if now.status == "won":
        expect_equal("the game's status", "not won", now.status, rules, cleared)
