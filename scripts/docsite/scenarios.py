"""A scenario as a reader sees it on the site: its steps, its boards drawn as card diagrams,
its examples as tables.

Boards are read and drawn by the package's :mod:`pyramide.diagrams`, which ``pyramide check
--html`` draws a failure's tables with too. In a scenario outline, a board that names
placeholders is drawn with the values of the first example row, and its caption says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

import pytest
from pyramide.diagrams import BOARD_STEPS, Board, board_svg, drawn_board

from . import markdown as md
from .features import FeatureError, Scenario, Step

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
    scenario: Scenario,
    diagrams: Diagrams,
    depth: int,
    rule_link: Callable[[str], str],
    stock_in_play: bool = False,
) -> list[str]:
    """An open "example" admonition holding the scenario, preceded by its anchor. Its feature's
    own background is left out (the page says it once); a ``Rule:`` block's is kept, marked.
    ``stock_in_play``: the rule set shown puts the stock's top card in play."""
    body: list[str] = []
    cited = " · ".join(rule_link(rule_id) for rule_id in scenario.rule_ids)
    others = [tag for tag in scenario.tags if tag not in scenario.rule_ids]
    about = f"Rules: {cited}" if cited else "Rules: none"
    if others:
        about += " · tags: " + ", ".join(f"`{tag}`" for tag in others)
    body += [f"<small>{about} · `{scenario.file}`, line {scenario.line}</small>", ""]
    if scenario.description:
        body += [f"*{md.text(scenario.description)}*", ""]
    kept = scenario.background[scenario.shared_background :]
    for n, step in enumerate([*kept, *scenario.steps]):
        background = " *(background)*" if n < len(kept) else ""
        body.append(f"- **{md.text(step.keyword)}** {md.text(step.text)}{background}")
        extra = _step_extra(scenario, step, diagrams, depth, stock_in_play)
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


def _step_extra(
    scenario: Scenario, step: Step, diagrams: Diagrams, depth: int, stock_in_play: bool
) -> list[str]:
    """What a step carries under its line: a card diagram, a data table or a text block."""
    if step.docstring is not None and step.text in BOARD_STEPS:
        board, caption = _board(scenario, step, piles=BOARD_STEPS[step.text])
        board = replace(board, stock_in_play=stock_in_play)
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
        board = drawn_board(drawing, piles)
    except pytest.fail.Exception as error:
        raise FeatureError(f"{scenario.file}, line {step.line}: {error.msg}") from None
    caption = ""
    if named:
        shown = ", ".join(f"{name} = {values[name]}" for name in dict.fromkeys(named))
        caption = f"Drawn with the first example row: {shown}."
    return board, caption
