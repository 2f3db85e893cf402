"""The scenarios of ``features/``, read with the Gherkin parser pytest-bdd itself uses.

Each scenario knows the rule IDs it cites, its *primary* rule first: the rule of the Gherkin
``Rule:`` block it sits in (named by a tag on the block or by a rule ID in the block's name),
else its first rule-ID tag. The site shows a scenario in full under its primary rule and links
to it from the other rules it cites, so a scenario is drawn once however many rules it shows.
Background steps (of the feature and of the ``Rule:`` block) are kept with every scenario, so
each reads on its own.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser

_WORD = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")


class FeatureError(ValueError):
    """A feature file the site cannot read; the message names the file and the line."""


@dataclass(frozen=True)
class Step:
    keyword: str
    """``Given``, ``When``, ``Then``, ``And``, ``But`` or ``*``."""
    text: str
    line: int
    docstring: str | None = None
    table: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Examples:
    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Scenario:
    file: str
    """The file's path from the suite's root, e.g. ``features/pairs.feature``."""
    line: int
    keyword: str
    name: str
    description: str
    tags: tuple[str, ...]
    """Every tag that applies, without ``@``: the feature's, the rule block's, the scenario's
    and its examples'."""
    rule_ids: tuple[str, ...]
    """The rule IDs the scenario cites, its primary rule first."""
    background: tuple[Step, ...]
    steps: tuple[Step, ...]
    examples: tuple[Examples, ...]
    shared_background: int = 0
    """How many of the first background steps are the feature's own, shared by every scenario of
    its file: a page says them once rather than under each scenario."""

    @property
    def anchor(self) -> str:
        """A stable HTML id: ``scenario-pairs-13`` for line 13 of pairs.feature."""
        return f"scenario-{Path(self.file).stem}-{self.line}"

    @property
    def primary(self) -> str | None:
        return self.rule_ids[0] if self.rule_ids else None

    @property
    def first_example(self) -> dict[str, str]:
        """The first row of the first examples table, by column name (empty if none)."""
        for examples in self.examples:
            if examples.rows:
                return dict(zip(examples.header, examples.rows[0], strict=False))
        return {}


@dataclass(frozen=True)
class Feature:
    file: str
    name: str
    description: str
    background: tuple[Step, ...] = ()
    """The feature's own background steps, which every scenario of the file starts with."""
    rules: tuple[str, ...] = ()
    """The rule IDs of its ``Rule:`` blocks, in file order: the rules the file is about."""

    @property
    def stem(self) -> str:
        """The file's name without ``.feature``: ``variant-giza``."""
        return Path(self.file).stem


def read_features(
    folder: Path, rule_ids: Collection[str]
) -> tuple[tuple[Feature, ...], tuple[Scenario, ...]]:
    """Every feature and scenario of ``folder`` (files in name order, scenarios in file order).

    ``rule_ids`` are the catalogue's IDs: a tag is a rule ID only if the catalogue has it.
    """
    features: list[Feature] = []
    scenarios: list[Scenario] = []
    for path in sorted(folder.glob("*.feature")):
        name = f"{folder.name}/{path.name}"
        document = _parse(path, name)
        feature = document.get("feature")
        if feature is None:
            continue
        found = _walk(name, feature["children"], _tags(feature), (), None, rule_ids)
        background = tuple(
            step
            for child in feature["children"]
            if "background" in child
            for step in _steps(child["background"]["steps"])
        )
        blocks = tuple(
            rule_id
            for child in feature["children"]
            if "rule" in child
            for rule_id in [_block_rule(child["rule"], rule_ids)]
            if rule_id is not None
        )
        features.append(
            Feature(name, feature["name"], _dedent(feature["description"]), background, blocks)
        )
        scenarios += [replace(s, shared_background=len(background)) for s in found]
    return tuple(features), tuple(scenarios)


def scenarios_by_rule(scenarios: Iterable[Scenario]) -> dict[str, list[Scenario]]:
    """Rule ID → every scenario citing it, in file order."""
    grouped: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        for rule_id in scenario.rule_ids:
            grouped.setdefault(rule_id, []).append(scenario)
    return grouped


def _parse(path: Path, name: str) -> Mapping[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise FeatureError(f"{name}: cannot read the file ({error.strerror})") from None
    try:
        document: Mapping[str, Any] = Parser().parse(text)
    except (CompositeParserException, ParserException) as error:
        first = str(error).strip().splitlines()[0]
        raise FeatureError(f"{name}: not valid Gherkin: {first}") from None
    return document


def _walk(
    file: str,
    children: Sequence[Mapping[str, Any]],
    inherited: tuple[str, ...],
    background: tuple[Step, ...],
    block_rule: str | None,
    rule_ids: Collection[str],
) -> list[Scenario]:
    """The scenarios of a feature's or a ``Rule:`` block's children."""
    found: list[Scenario] = []
    for child in children:
        if "background" in child:
            background = (*background, *_steps(child["background"]["steps"]))
        elif "rule" in child:
            rule = child["rule"]
            own = _block_rule(rule, rule_ids)
            found += _walk(
                file, rule["children"], (*inherited, *_tags(rule)), background, own, rule_ids
            )
        elif "scenario" in child:
            found.append(
                _scenario(file, child["scenario"], inherited, background, block_rule, rule_ids)
            )
    return found


def _block_rule(rule: Mapping[str, Any], rule_ids: Collection[str]) -> str | None:
    """The rule a ``Rule:`` block is about: its first rule-ID tag, else a rule ID in its name."""
    tagged = [tag for tag in _tags(rule) if tag in rule_ids]
    named = [word for word in _WORD.findall(rule["name"]) if word in rule_ids]
    return next(iter(tagged + named), None)


def _scenario(
    file: str,
    raw: Mapping[str, Any],
    inherited: tuple[str, ...],
    background: tuple[Step, ...],
    block_rule: str | None,
    rule_ids: Collection[str],
) -> Scenario:
    examples = tuple(
        Examples(
            item["name"],
            tuple(cell["value"] for cell in item["tableHeader"]["cells"])
            if item.get("tableHeader")
            else (),
            tuple(tuple(c["value"] for c in row["cells"]) for row in item.get("tableBody", [])),
        )
        for item in raw.get("examples", [])
    )
    example_tags = tuple(tag for item in raw.get("examples", []) for tag in _tags(item))
    tags = _unique((*_tags(raw), *example_tags, *inherited))
    cited = [block_rule] if block_rule else []
    cited += [tag for tag in tags if tag in rule_ids]
    return Scenario(
        file,
        raw["location"]["line"],
        raw["keyword"],
        raw["name"],
        _dedent(raw["description"]),
        tags,
        _unique(cited),
        background,
        _steps(raw["steps"]),
        examples,
    )


def _steps(raw: Sequence[Mapping[str, Any]]) -> tuple[Step, ...]:
    return tuple(
        Step(
            step["keyword"].strip(),
            step["text"],
            step["location"]["line"],
            step["docString"]["content"] if "docString" in step else None,
            tuple(
                tuple(cell["value"] for cell in row["cells"])
                for row in step.get("dataTable", {}).get("rows", [])
            ),
        )
        for step in raw
    )


def _tags(node: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(tag["name"].lstrip("@") for tag in node.get("tags", []))


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _dedent(text: str) -> str:
    """A description's lines joined into paragraphs (blank lines separate paragraphs)."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())
