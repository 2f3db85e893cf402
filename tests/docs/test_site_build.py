"""``mkdocs build --strict`` of the whole site: no broken link, anchor or missing page, and
every rule ID reachable at ``rules/<area>/#RULE-ID``.

One build (the ``built_site`` fixture), shared with the layout's tests in one xdist group: a
second build would cost another worker the same seconds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pyramide.conformance.deal_fixtures import load_fixtures
from pyramide.conformance.specdata import load_rules

from .conftest import SITE_GROUP

pytestmark = pytest.mark.xdist_group(SITE_GROUP)


def test_the_site_builds_strictly_with_every_rule_fixture_and_diagram(built_site: Path) -> None:
    site = built_site
    for rule in load_rules().rules.values():
        page = site / "rules" / rule.area / "index.html"
        assert f'id="{rule.id}"' in page.read_text(encoding="utf-8"), f"no #{rule.id} on {page}"
    deals = (site / "deals" / "index.html").read_text(encoding="utf-8")
    for fixture in load_fixtures():
        assert f'id="{fixture.id}"' in deals
        assert (site / "diagrams" / f"deal-{fixture.id}.svg").exists()

    rules_index = (site / "rules" / "index.html").read_text(encoding="utf-8")
    assert "Every rule, by ID" in rules_index, "the committed docs/rules.md was not replaced"
    home = (site / "index.html").read_text(encoding="utf-8")
    images = re.findall(r'<img [^>]*src="([^"]+)"', home)
    assert images and images[0].endswith("diagrams/home-documented-deal.svg")
    drawn = (site / "diagrams" / "home-documented-deal.svg").read_text(encoding="utf-8")
    assert "7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠" in drawn, "the home page draws another deal"

    giza = (site / "rules" / "variants" / "giza" / "index.html").read_text(encoding="utf-8")
    assert 'id="VAR-GIZA-RESERVES"' in giza and "PySolFC" in giza
    assert "Reading order" in (site / "reading" / "index.html").read_text(encoding="utf-8")

    for page in site.rglob("*.html"):
        for image in re.findall(r'<img [^>]*src="([^":]+)"', page.read_text(encoding="utf-8")):
            assert (page.parent / image).resolve().exists(), f"{page}: missing image {image}"
