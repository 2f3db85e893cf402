"""Every generated file of the site, by its path under the site's root.

The hand-written pages of ``docs/`` (guides, deal codes, engines) sit next to these. Two names
are shared with committed pages on purpose: on the site, ``rules.md`` is the index of every rule
ID (linking the area pages) and ``open-points.md`` links every rule it names; the committed
``docs/rules.md`` and ``docs/open-points.md`` are the single-page versions read on GitHub.
"""

from __future__ import annotations

from .deal_pages import render_deals, render_home
from .links import DEALS, HOME, OPEN_POINTS, PROFILES, RULES_INDEX, SOURCES, area_page
from .rule_pages import render_area, render_index
from .scenarios import Diagrams
from .spec import Spec, load_spec
from .spec_pages import render_profiles, render_site_open_points, render_sources


def site_files(spec: Spec | None = None) -> dict[str, str]:
    """Path under the site's root → text, for every page and diagram the generator writes."""
    spec = spec or load_spec()
    diagrams = Diagrams()
    pages = {
        HOME: render_home(spec, diagrams),
        RULES_INDEX: render_index(spec),
        DEALS: render_deals(spec, diagrams),
        PROFILES: render_profiles(spec),
        SOURCES: render_sources(spec),
        OPEN_POINTS: render_site_open_points(spec),
    }
    for area in spec.catalogue.areas():
        pages[area_page(area)] = render_area(spec, area, diagrams)
    return {**pages, **diagrams.files}
