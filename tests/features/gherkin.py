"""The suite's feature files as parsed data, for the self-checks."""

from __future__ import annotations

from dataclasses import dataclass

from pyramide.conformance.paths import features_dir
from pytest_bdd.feature import get_features
from pytest_bdd.parser import Step


@dataclass(frozen=True)
class ParsedScenario:
    """One scenario (an outline counts once), with its steps as every example renders them."""

    file: str
    name: str
    tags: frozenset[str]
    outer_tags: frozenset[str]
    """Tags on the Feature, the Rule or the Examples: the suite forbids them."""
    runs: tuple[tuple[Step, ...], ...]

    def __str__(self) -> str:
        return f"{self.file}: {self.name}"


def parsed_scenarios() -> list[ParsedScenario]:
    found = []
    for feature in get_features([str(features_dir())]):
        for template in feature.scenarios.values():
            contexts = [c for examples in template.examples for c in examples.as_contexts()]
            outer = set(feature.tags)
            if template.rule is not None:
                outer |= template.rule.tags
            for examples in template.examples:
                outer |= examples.tags or set()
            found.append(
                ParsedScenario(
                    file=feature.rel_filename,
                    name=template.name,
                    tags=frozenset(template.tags),
                    outer_tags=frozenset(outer),
                    runs=tuple(tuple(template.render(c).steps) for c in contexts or [{}]),
                )
            )
    return found
