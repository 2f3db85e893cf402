"""A redrawn scenario written back as Gherkin, in the rulebook's layout."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from .source import Scenario

INDENT = "  "


def scenario_text(scenario: Scenario, note: str) -> str:
    """``@TAGS``, ``Scenario: name``, the note saying where it comes from, then its steps."""
    lines = [
        f"{INDENT}{' '.join('@' + tag for tag in scenario.tags)}",
        f"{INDENT}Scenario: {scenario.name}",
        *textwrap.wrap(note, 100, initial_indent=INDENT * 2, subsequent_indent=INDENT * 2),
    ]
    for step in scenario.steps:
        lines.append(f"{INDENT * 2}{step.keyword} {step.text}")
        if step.docstring is not None:
            lines.append(f'{INDENT * 3}"""')
            lines += [f"{INDENT * 3}{line}".rstrip() for line in step.docstring.splitlines()]
            lines.append(f'{INDENT * 3}"""')
    return "\n".join(lines)


def feature_text(title: str, introduction: str, scenarios: Iterable[tuple[Scenario, str]]) -> str:
    """A whole generated feature file: its title, introduction, background and scenarios."""
    intro = "\n\n".join(
        textwrap.fill(part, 100, initial_indent=INDENT, subsequent_indent=INDENT)
        for part in introduction.split("\n\n")
    )
    background = f"{INDENT}Background:\n{INDENT * 2}Given the rules under test"
    blocks = [f"Feature: {title}\n{intro}", background]
    blocks += [scenario_text(scenario, note) for scenario, note in scenarios]
    return "\n\n".join(blocks) + "\n"
