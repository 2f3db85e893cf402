"""The deal fixtures page and the home page, which opens on the documented deal.

A fixture is drawn from the layout it gives, else from the pyramid its ``initial`` expectation
draws, else from the deal its code deals in the reference codec (the suite asks no other engine
for that codec: see ``docs/deal-codes.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pyramide.cards import Card
from pyramide.conformance.deal_fixtures import Fixture
from pyramide.conformance.reference_adapter import layout_data
from pyramide.conformance.specdata import render_message
from pyramide.dealcode import parse_code
from pyramide.diagrams import Board, layout_board, trimmed

from . import markdown as md
from .links import DEALS, HOME, OPEN_POINTS, PROFILES, READING, RULES_INDEX, SOURCES, depth
from .scenarios import Diagrams
from .spec import Spec

DOCUMENTED_DEAL = "py1-n-aaaaaas"
"""The fixture of the deal the app's rules lay out in full: the home page draws it first."""


def fixture_board(fixture: Fixture) -> tuple[Board, str]:
    """The fixture's starting table and where the drawing comes from."""
    if fixture.layout is not None:
        return layout_board(fixture.layout), "its layout"
    checks = fixture.initial.checks if fixture.initial is not None else {}
    if "pyramid" in checks:
        rows = trimmed(checks["pyramid"])
        board = Board(rows, checks.get("waste", []), None, checks.get("stock_size"))
        return board, "the table the rules document draws"
    assert fixture.code is not None, f"{fixture.file}: no layout, no pyramid and no code"
    dealt = layout_data(parse_code(fixture.code).layout())
    board = layout_board(dealt)
    if not dealt.get("reserves"):  # Giza's reserves stand in for the stock: none to draw
        board = replace(board, stock=None, stock_size=len(dealt["stock"]))
    return board, f"the reference codec's deal of {fixture.code}"


def render_deals(spec: Spec, diagrams: Diagrams) -> str:
    link = spec.linker(DEALS)
    lines = [
        md.HEADER,
        "# Deal fixtures",
        "",
        "Each fixture of `spec/deals/` starts a game (from a layout or a deal code), plays a "
        "transcript of taps and undos and says what the engine must show after each step. "
        "The suite replays every fixture on every engine that can start it.",
        "",
    ]
    for fixture in spec.fixtures:
        board, origin = fixture_board(fixture)
        lines += [
            f"## {md.text(fixture.title)} {{#{fixture.id}}}",
            "",
            md.text(fixture.description),
            "",
            diagrams.add(f"deal-{fixture.id}", board, depth(DEALS)),
            "",
            f"<small>Drawn from {md.text(origin)}.</small>",
            "",
            f"- **File:** `spec/deals/{fixture.id}.yaml`",
            f"- **Profile:** {link.profile(fixture.profile)}"
            + (f" · **code** `{fixture.code}`" if fixture.code else "")
            + ("" if fixture.error_help else " · error help off"),
            f"- **Rules:** {', '.join(link.rule(rule_id) for rule_id in fixture.rules)}",
        ]
        if fixture.facts is not None:
            lines.append(f"- **Facts the solver recomputes:** {_facts(fixture)}")
        lines += ["", *_transcript(fixture), ""]
    return "\n".join(lines).rstrip() + "\n"


def _facts(fixture: Fixture) -> str:
    facts = fixture.facts
    assert facts is not None
    said = []
    if facts.max_removed is not None:
        said.append(f"at most {facts.max_removed} pyramid cards can be removed")
    if facts.winnable is not None:
        said.append("winnable" if facts.winnable else "never winnable")
    if facts.has_par:
        said.append("no win" if facts.par is None else f"shortest win {facts.par} moves")
    return "; ".join(said)


def _transcript(fixture: Fixture) -> list[str]:
    rows = []
    if fixture.initial is not None:
        rows.append(["start", "", _expected(fixture.initial.checks)])
    for step in fixture.transcript:
        action = "undo" if step.action == "undo" else f"tap `{step.target}`"
        if step.repeat > 1:
            action += f" × {step.repeat}"
        note = md.text(step.note or "")
        rows.append([action, note, _expected(step.expect.checks if step.expect else {})])
    if not rows:
        return []
    return md.styled("transcript", md.table(["step", "note", "the engine then shows"], rows))


def _expected(checks: Mapping[str, Any]) -> str:
    """An expectation in words: ``score 10; moves 1; row 7: 7♣ -- 3♥``."""
    said = []
    for name, value in checks.items():
        if name == "rows":
            said += [f"row {row}: {md.text(_cards(cards))}" for row, cards in value.items()]
            continue
        if name == "piles":
            said += [
                f"{target.replace('-', ' ')}: {md.text(_cards(cards) or 'empty')}"
                for target, cards in value.items()
            ]
            continue
        if name == "pyramid":
            shown = " / ".join(_cards(row) for row in value)
        elif name in ("waste", "stock"):
            shown = _cards(value) or "empty"
        elif name == "waste_top":
            shown = _cards([value]) if value else "none"
        elif name == "message":
            shown = (
                "none"
                if value is None
                else f"“{render_message(value['key'], 'en', value['params'])}”"
            )
        elif name == "code":
            said.append(f"code `{value}`")
            continue
        else:
            shown = _plain(value)
        said.append(f"{name.replace('_', ' ')} {md.text(shown)}")
    return "; ".join(said)


def _plain(value: object) -> str:
    """A number, a word or a place as the page writes it: ``none``, ``yes``/``no``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _cards(cards: list[str | None]) -> str:
    return " ".join("--" if card is None else str(Card.parse(card)) for card in cards)


def render_home(spec: Spec, diagrams: Diagrams) -> str:
    """The home page: what the suite is, the documented deal drawn, where to read on."""
    link = spec.linker(HOME)
    fixture = next(f for f in spec.fixtures if f.id == DOCUMENTED_DEAL)
    board, _ = fixture_board(fixture)
    areas = spec.catalogue.areas()
    lines = [
        md.HEADER,
        "# Pyramide: the rules of Pyramid solitaire",
        "",
        "The rules of the Pyramide app, written once and checked by machine: a catalogue of "
        "rules with stable IDs, scenarios that show each rule on a small table, and deal "
        "fixtures. The conformance suite plays them against any engine, under the rule set "
        "that engine plays. Every page here is generated from `spec/` and `features/`.",
        "",
        f"## The documented deal: `{fixture.code}`",
        "",
        diagrams.add("home-documented-deal", board, depth(HOME), large=True),
        "",
        md.text(fixture.description),
        f"Its fixture: {link.deal(fixture.id, fixture.code)}.",
        "",
        "## Reading a diagram",
        "",
        "- The pyramid is drawn from its apex (row 1) down to row 7; each row partly covers the "
        "row above it, as the cards lie on the table. A place is named by row and position "
        "from the left: `r7c6` is the sixth card of row 7.",
        "- A dashed outline is an empty place (a card that has gone); a blue back is a card "
        "dealt face down (variant `face_down`).",
        "- Every pile (the stock, the waste, a variant's other waste piles or reserves) is "
        "fanned from its bottom card on the left to its top card on the right, each card lying "
        "on the one before, so the top card shows whole; **▲ top** marks it, and the line "
        "under the piles says which top cards a player can touch under the rules shown. "
        "Hearts and diamonds are red, spades and clubs black.",
        "- A scenario's table leaves out the rows at the bottom that are empty.",
        "",
        "## Where to read on",
        "",
        f"- {link.page_link(READING, 'Reading the rules')}: the order to read the rules in, "
        "and the words they use.",
        f"- {link.page_link(RULES_INDEX, 'Every rule by ID')}: required rules, variants, "
        "conventions and implementation-defined points, kept apart.",
        "- The rules by area: "
        + ", ".join(
            link.area(area, f"{md.title(area)} ({len(areas[area])})") for area in spec.areas
        )
        + ".",
        f"- {link.page_link(PROFILES, 'Profiles')}: the rule switches and the named rule sets "
        "side by side.",
        f"- {link.page_link(OPEN_POINTS, 'Open points')}: where the documents disagree or are "
        "silent, and how each point is settled.",
        f"- {link.page_link(SOURCES, 'Sources')}: the documents and sections each rule "
        "paraphrases.",
        f"- {link.page_link(DEALS, 'Deal fixtures')}: whole games replayed step by step.",
        "",
    ]
    return "\n".join(lines).rstrip() + "\n"
