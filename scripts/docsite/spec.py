"""Everything the site is made from, loaded once: the catalogue, the profiles, the fixtures and
the scenarios of ``features/``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyramide.conformance.deal_fixtures import Fixture, load_fixtures
from pyramide.conformance.paths import features_dir
from pyramide.conformance.specdata import Catalogue, Profiles, load_profiles, load_rules

from .features import Feature, Scenario, read_features, scenarios_by_rule


@dataclass(frozen=True)
class Spec:
    catalogue: Catalogue
    profiles: Profiles
    fixtures: tuple[Fixture, ...]
    features: tuple[Feature, ...]
    scenarios: tuple[Scenario, ...]
    scenarios_by_rule: dict[str, list[Scenario]]

    def feature(self, area: str) -> Feature | None:
        """The feature file named after a rule area (``features/pairs.feature``), if any."""
        return next((f for f in self.features if Path(f.file).stem == area), None)


def load_spec(features: Path | None = None, fresh: bool = False) -> Spec:
    """Read spec/ and features/; ``fresh`` reads spec/ again rather than the files' cached
    reading, so that a long-running ``mkdocs serve`` sees every edit."""
    if fresh:
        for loader in (load_rules, load_profiles, load_fixtures):
            loader.cache_clear()
    catalogue = load_rules()
    found, scenarios = read_features(features or features_dir(), catalogue.rules)
    return Spec(
        catalogue,
        load_profiles(),
        load_fixtures(),
        found,
        scenarios,
        scenarios_by_rule(scenarios),
    )
