"""Everything the site is made from, loaded once: the catalogue, the profiles, the fixtures and
the scenarios of ``features/``, and where each rule is shown."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pyramide.conformance.deal_fixtures import Fixture, load_fixtures
from pyramide.conformance.paths import features_dir, spec_dir
from pyramide.conformance.specdata import Catalogue, Profiles, Source, load_profiles, load_rules

from .features import Feature, Scenario, read_features, scenarios_by_rule
from .links import Linker, area_page, variant_page
from .reading import reading_order

REDRAWN = "redrawn"
"""The folder of the app's scenarios drawn again on the variants' tables (generated)."""
VARIANT_PREFIX = "variant-"
"""A variant's feature file is ``features/variant-<name>.feature``; it gets a page of its own."""


@dataclass(frozen=True)
class Spec:
    catalogue: Catalogue
    profiles: Profiles
    fixtures: tuple[Fixture, ...]
    features: tuple[Feature, ...]
    scenarios: tuple[Scenario, ...]
    scenarios_by_rule: dict[str, list[Scenario]]
    readme: str = ""
    """features/README.md: the reading order and the words, shown on the site as they are."""
    rule_pages: dict[str, str] = field(default_factory=dict)
    """Rule ID → the page showing it: its variant's page, else its area's page."""
    covers: dict[Source, str] = field(default_factory=dict)
    """What each source section covers, in the project's words (``covers:`` of a document in
    spec/rules.yaml)."""
    redrawn: dict[str, tuple[Scenario, ...]] = field(default_factory=dict)
    """Variant name → the app's scenarios drawn again on its tables (features/redrawn)."""

    def feature(self, area: str) -> Feature | None:
        """The feature file named after a rule area (``features/pairs.feature``), if any."""
        return next((f for f in self.features if Path(f.file).stem == area), None)

    def rule_page(self, rule_id: str) -> str:
        return self.rule_pages.get(rule_id) or area_page(self.catalogue.rule(rule_id).area)

    @property
    def variants(self) -> list[Feature]:
        """The variants' feature files, in the README's reading order."""
        found = {f.stem: f for f in self.features if f.stem.startswith(VARIANT_PREFIX)}
        ordered = [stem for stem in reading_order(self.readme) if stem in found]
        return [found[stem] for stem in dict.fromkeys([*ordered, *sorted(found)])]

    @property
    def areas(self) -> list[str]:
        """The rule areas in the README's reading order, then any it leaves out."""
        known = self.catalogue.areas()
        ordered = [stem for stem in reading_order(self.readme) if stem in known]
        return list(dict.fromkeys([*ordered, *known]))

    def linker(self, page: str) -> Linker:
        """Links from ``page`` to the rules (wherever each is shown), deals and profiles."""
        return Linker(page, self.catalogue, self.rule_pages)


def load_spec(features: Path | None = None, fresh: bool = False) -> Spec:
    """Read spec/ and features/; ``fresh`` reads spec/ again rather than the files' cached
    reading, so that a long-running ``mkdocs serve`` sees every edit."""
    if fresh:
        for loader in (load_rules, load_profiles, load_fixtures):
            loader.cache_clear()
    catalogue = load_rules()
    folder = features or features_dir()
    found, scenarios = read_features(folder, catalogue.rules)
    readme = folder / "README.md"
    pages = {
        rule_id: variant_page(feature.stem.removeprefix(VARIANT_PREFIX))
        for feature in found
        if feature.stem.startswith(VARIANT_PREFIX)
        for rule_id in feature.rules
    }
    return Spec(
        catalogue,
        load_profiles(),
        load_fixtures(),
        found,
        scenarios,
        scenarios_by_rule(scenarios),
        readme.read_text(encoding="utf-8") if readme.exists() else "",
        pages,
        read_covers(spec_dir() / "rules.yaml"),
        _redrawn(folder / REDRAWN, catalogue.rules),
    )


def _redrawn(folder: Path, rule_ids: Collection[str]) -> dict[str, tuple[Scenario, ...]]:
    """The redrawn files' scenarios by variant (``redrawn/giza.feature`` → ``giza``)."""
    if not folder.is_dir():
        return {}
    _, scenarios = read_features(folder, rule_ids)
    by_variant: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        by_variant.setdefault(Path(scenario.file).stem, []).append(scenario)
    return {name: tuple(found) for name, found in by_variant.items()}


def read_covers(rules_file: Path) -> dict[Source, str]:
    """The ``covers:`` summaries of spec/rules.yaml's documents, by source section. The
    catalogue's loader has already checked the file against its schema, which requires them."""
    data = yaml.safe_load(rules_file.read_text(encoding="utf-8"))
    return {
        Source(key, section): summary
        for key, document in data["documents"].items()
        for section, summary in (document.get("covers") or {}).items()
    }
