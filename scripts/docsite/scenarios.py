"""A scenario as a reader sees it on the site: its steps, its boards drawn as card diagrams,
its examples as tables.

Boards are read with the step library's own table parser
(:func:`pyramide.conformance.steps.parse_table`), so a diagram shows exactly the table the
scenario plays. In a scenario outline, a board that names placeholders is drawn with the
values of the first example row, and its caption says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from pyramide.conformance.steps import PILE_LINE, parse_table

from . import markdown as md
from .diagrams import Board, board_svg
from .features import FeatureError, Scenario, Step

BOARD_STEPS = {"a table:": True, "the pyramid is:": False}
"""The step library's steps whose docstring is a board, and whether it draws the piles too
(``the pyramid is:`` checks the pyramid alone)."""
_PLACEHOLDER = re.compile(r"<([^<>\s]+)>")


@dataclass
class Diagrams:
    """The SVG files the pages draw, by file name; pages link them relative to themselves."""

    files: dict[str, str] = field(default_factory=dict)

    def add(self, name: str, board: Board, depth: int, large: bool = False) -> str:
        """Register a diagram and return a Markdown image of it for a page ``depth`` folders
        below the site's root (``large``: drawn wider than its natural size)."""
        self.files[f"diagrams/{name}.svg"] = board_svg(board)
        alt = board.describe().replace("[", "(").replace("]", ")")
        css = ".card-diagram .large" if large else ".card-diagram"
        return f"![{alt}]({'../' * depth}diagrams/{name}.svg){{ {css} }}"


def render_scenario(
    scenario: Scenario, diagrams: Diagrams, depth: int, rule_link: Callable[[str], str]
) -> list[str]:
    """An open "example" admonition holding the scenario, preceded by its anchor."""
    body: list[str] = []
    cited = " · ".join(rule_link(rule_id) for rule_id in scenario.rule_ids)
    others = [tag for tag in scenario.tags if tag not in scenario.rule_ids]
    about = f"Rules: {cited}" if cited else "Rules: none"
    if others:
        about += " · tags: " + ", ".join(f"`{tag}`" for tag in others)
    body += [f"<small>{about} · `{scenario.file}`, line {scenario.line}</small>", ""]
    if scenario.description:
        body += [f"*{md.text(scenario.description)}*", ""]
    steps = [*scenario.background, *scenario.steps]
    for n, step in enumerate(steps):
        background = " *(background)*" if n < len(scenario.background) else ""
        body.append(f"- **{md.text(step.keyword)}** {md.text(step.text)}{background}")
        extra = _step_extra(scenario, step, diagrams, depth)
        if extra:
            body += ["", *md.indent(extra), ""]
    for examples in scenario.examples:
        name = f": {md.text(examples.name)}" if examples.name else ""
        body += ["", f"**Examples{name}**", ""]
        body += md.table(
            [md.text(cell) for cell in examples.header],
            [[md.text(cell) for cell in row] for row in examples.rows],
        )
    heading = md.text(f"{scenario.keyword}: {scenario.name}").replace('"', "'")
    return [
        f'<a id="{scenario.anchor}"></a>',
        "",
        f'???+ example "{heading}"',
        "",
        *md.indent(body),
    ]


def _step_extra(scenario: Scenario, step: Step, diagrams: Diagrams, depth: int) -> list[str]:
    """What a step carries under its line: a card diagram, a data table or a text block."""
    if step.docstring is not None and step.text in BOARD_STEPS:
        board, caption = _board(scenario, step, piles=BOARD_STEPS[step.text])
        name = f"{scenario.anchor.removeprefix('scenario-')}-{step.line}"
        image = diagrams.add(name, board, depth)
        return [image] + ([f"*{md.text(caption)}*"] if caption else [])
    if step.docstring is not None:
        return ["```text", *step.docstring.splitlines(), "```"]
    if step.table:
        return md.table(
            [md.text(cell) for cell in step.table[0]],
            [[md.text(cell) for cell in row] for row in step.table[1:]],
        )
    return []


def _board(scenario: Scenario, step: Step, piles: bool) -> tuple[Board, str]:
    assert step.docstring is not None
    values: Mapping[str, str] = scenario.first_example
    named = _PLACEHOLDER.findall(step.docstring)
    missing = [name for name in named if name not in values]
    if missing:
        raise FeatureError(
            f"{scenario.file}, line {step.line}: the table names <{missing[0]}>, "
            "which no examples column gives"
        )
    drawing = _PLACEHOLDER.sub(lambda match: values[match[1]], step.docstring)
    try:
        parsed = parse_table(drawing)
    except pytest.fail.Exception as error:
        raise FeatureError(f"{scenario.file}, line {step.line}: {error.msg}") from None
    rows = parsed["pyramid"][: max(_rows_written(drawing), 1)]
    caption = ""
    if named:
        shown = ", ".join(f"{name} = {values[name]}" for name in dict.fromkeys(named))
        caption = f"Drawn with the first example row: {shown}."
    if not piles:
        return Board(rows), caption
    more = more_piles(parsed)
    if parsed.get("reserves"):  # Giza: no stock and no waste to draw
        return Board(rows, more_piles=more), caption
    return Board(rows, parsed["waste"], parsed["stock"], more_piles=more), caption


def more_piles(layout: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """The variants' other piles of a protocol layout, named as the rulebook names them."""
    wastes = [(f"waste {n}", pile) for n, pile in enumerate(layout.get("more_wastes", ()), 2)]
    reserves = [(f"reserve {n}", pile) for n, pile in enumerate(layout.get("reserves", ()), 1)]
    return wastes + reserves


def _rows_written(drawing: str) -> int:
    """How many pyramid rows a table draws: the rows it leaves out are empty, and the diagram
    leaves them out too."""
    return sum(
        1
        for line in drawing.splitlines()
        if line.split() and not PILE_LINE.match(line.strip().lower())
    )
