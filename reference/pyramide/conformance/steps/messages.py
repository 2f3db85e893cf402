"""The messages the player reads (by meaning, or word for word in a language) and the deal
codes shown."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

import pytest
from pytest_bdd import parsers, then

from ...cards import DECKS
from ..adapter import FACE_DOWN, Shown, Snapshot
from ..checks import DECK_RULES, CheckFailed, holding
from ..expectations import cards_drawn, difference, expect_equal
from ..play import Play
from ..plugin import NOT_APPLICABLE
from ..specdata import load_messages, render_message
from ..tabletop import face_up_piles
from .playing import require_a_letter

_CODE = re.compile(r"^PY1-[A-Z]-[A-Z2-7]{7}$")


def expect_message(play: Play, key: str, params: dict[str, int]) -> None:
    """Compare keys, or texts in the adapter's language, as its capabilities declare."""
    form = play.adapter.capabilities().messages
    message = play.now.message or Shown()
    if form == "key":
        actual = message_key(message.key, dict(message.params)) if message.key else None
        wanted = message_key(key, params)
    else:
        assert form is not None, "the adapter shows no messages"
        actual = message.text and f"« {message.text} »"
        wanted = f"« {render_message(key, form, params)} »"
    expect_equal("the message shown", wanted, actual, *message_blame(key, params, message))


def message_key(key: str, params: Mapping[str, int]) -> str:
    """A message's key and parameters as a report shows them: ``sum-must-equal target=13``."""
    return " ".join([key, *(f"{name}={value}" for name, value in params.items())])


WORDS = ("MSG-TEXTS",)
"""The rule of the messages' words."""


def message_blame(key: str, params: dict[str, int], shown: Shown) -> tuple[tuple[str, ...], ...]:
    """(rules checked, rules cleared) for a message other than the one expected: its words
    alone when the engine shows that message in other words; else not its words, for the
    message is missing or another one."""
    if app_message_shown(shown) == (key, params):
        return WORDS, ()
    return (), WORDS


LANGUAGE_NAMES = {"French": "fr", "Hungarian": "hu", "English": "en"}
"""The languages a scenario may name (``in French``), or write as their code (``in fr``)."""


def read_message(text: str, language: str | None = None) -> tuple[str, dict[str, int], str] | None:
    """The key, parameters and language of the message of spec/messages.yaml that reads
    ``text`` (in ``language`` if given), or None: ``La somme doit être égale à 13`` is
    ``sum-must-equal`` with target 13, in French."""
    for message in load_messages().values():
        for code, template in message.texts.items():
            if language not in (None, code):
                continue
            pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(template))
            found = re.fullmatch(pattern, text)
            if found is not None:
                return message.key, {k: int(v) for k, v in found.groupdict().items()}, code
    return None


def message_meaning(text: str, language: str | None = None) -> tuple[str, dict[str, int], str]:
    """:func:`read_message` for a text the scenario writes: one the spec lacks is a mistake in
    the scenario."""
    meaning = read_message(text, language)
    if meaning is None:
        where = f" in {language}" if language else ""
        pytest.fail(f"no message of spec/messages.yaml reads {text!r}{where}")
    return meaning


@then(
    parsers.re(
        r"the player reads « (?P<text>[^»]+) »"
        rf"(?: in (?P<language>{'|'.join([*LANGUAGE_NAMES, *LANGUAGE_NAMES.values()])}))?"
    )
)
def player_reads(play: Play, text: str, language: str | None) -> None:
    """The message shown, written as the player reads it. With no language named, it checks
    what the message means, however the engine shows it (a key, or its text in the engine's
    language); with one named (``in Hungarian``), the text word for word in that language,
    which an engine showing texts in another language cannot show."""
    code = LANGUAGE_NAMES.get(language or "", language)
    key, params, found_in = message_meaning(text, code)
    if code is None:
        expect_message(play, key, params)
        return
    form = play.adapter.capabilities().messages
    message = play.now.message or Shown()
    actual: str | None
    if form == "key":
        actual = (
            None
            if message.key is None
            else render_message(message.key, found_in, dict(message.params))
        )
    elif form == found_in:
        actual = message.text
    else:
        pytest.skip(f"{NOT_APPLICABLE}the adapter shows its messages in {form}, not {found_in}")
    read = None if actual is None else f"« {actual} »"
    expect_equal(
        "the message the player reads", f"« {text} »", read, *message_blame(key, params, message)
    )


@then(parsers.re(r"the player does not read « (?P<text>[^»]+) »"))
def player_does_not_read(play: Play, text: str) -> None:
    """Whatever else is shown, not this message (its meaning, in any language)."""
    key, params, _ = message_meaning(text)
    if app_message_shown(play.now.message) == (key, params):
        raise CheckFailed(difference("the message shown", f"not « {text} »", f"« {text} »"))


def app_message_shown(message: Shown | None) -> tuple[str, dict[str, int]] | None:
    """The app's message (key and parameters) that ``message`` is, or None for no message or a
    message of the engine's own: a key, or a text in any language, that spec/messages.yaml
    does not hold."""
    if message is None:
        return None
    if message.key is not None:
        return (message.key, dict(message.params)) if message.key in load_messages() else None
    meaning = None if message.text is None else read_message(message.text)
    return None if meaning is None else meaning[:2]


@then("none of the app's messages is shown")
def no_app_message(play: Play) -> None:
    """None of the messages the rules name (blocked card, wrong sum, no more moves). The rules
    say when each is shown and forbid no other, so a message of the engine's own passes."""
    shown = app_message_shown(play.now.message)
    expect_equal("the app's message shown", None, shown and message_key(*shown))


@then(parsers.re(r"the code shown is (?P<code>\S+)"))
def code_is(play: Play, code: str) -> None:
    expect_equal("the code shown", code, play.now.code)


@then("the code shown is a deal code")
def code_form(play: Play) -> None:
    require_a_letter(play)
    code = play.now.code
    assert code is not None and _CODE.match(code), f"{code!r} is not PY1-<letter>-<7 characters>"


@then("the table is the same as the first deal")
def same_deal(play: Play) -> None:
    assert play.first_deal is not None, "the scenario dealt no code first"
    now = play.now
    if now != play.first_deal:
        what = "the table the code dealt again"
        rules = DECK_RULES if shows_twice(play, play.first_deal) else ("CODE-REDEAL",)
        raise CheckFailed(
            difference(what, cards_drawn(play.first_deal), cards_drawn(now)),
            holding(play.under.states, rules),
        )


def shows_twice(play: Play, snapshot: Snapshot) -> bool:
    """Whether ``snapshot`` shows a card more often than the game's decks hold it: no code
    deals such a table, so a code that deals another breaks the deck's rule, not its own."""
    copies = play.deck_size // len(DECKS[play.under.rule_set.switches["deck"]].cards)
    pyramid = [card for row in snapshot.pyramid for card in row if card not in (None, FACE_DOWN)]
    listed = Counter([*pyramid, *face_up_piles(snapshot), *(snapshot.stock or ())])
    return any(held > copies for held in listed.values())
