"""Every generated file of the site, by its path under the site's root.

The hand-written pages of ``docs/`` (guides, deal codes, engines) sit next to these. Two names
are shared with committed pages on purpose: on the site, ``rules.md`` is the index of every rule
ID (linking the area pages) and ``open-points.md`` links every rule it names; the committed
``docs/rules.md`` and ``docs/open-points.md`` are the single-page versions read on GitHub.
"""

from __future__ import annotations

from typing import Any

from . import markdown as md
from .deal_pages import render_deals, render_home
from .links import (
    DEALS,
    HOME,
    OPEN_POINTS,
    PROFILES,
    READING,
    RULES_INDEX,
    SOURCES,
    area_page,
    href,
    variant_page,
)
from .reading import render_reading
from .rule_pages import render_area, render_index
from .scenarios import Diagrams
from .spec import Spec, load_spec
from .spec_pages import render_profiles, render_site_open_points, render_sources
from .variant_pages import render_variant, render_variants_index, variant_name, variant_title

VARIANTS = "variants"
"""The rule area whose rules the variants' own pages show; its page lists those pages."""


def site_files(spec: Spec | None = None) -> dict[str, str]:
    """Path under the site's root → text, for every page and diagram the generator writes."""
    spec = spec or load_spec()
    diagrams = Diagrams()
    pages = {
        HOME: render_home(spec, diagrams),
        RULES_INDEX: render_index(spec),
        READING: render_reading(spec.readme, md.HEADER, lambda stem: feature_href(spec, stem)),
        DEALS: render_deals(spec, diagrams),
        PROFILES: render_profiles(spec),
        SOURCES: render_sources(spec),
        OPEN_POINTS: render_site_open_points(spec),
    }
    for area in spec.areas:
        intro = render_variants_index(spec) if area == VARIANTS else ()
        pages[area_page(area)] = render_area(spec, area, diagrams, intro)
    for feature in spec.variants:
        pages[variant_page(variant_name(feature))] = render_variant(spec, feature, diagrams)
    return {**pages, **diagrams.files}


def feature_page(spec: Spec, stem: str) -> str | None:
    """The page showing a feature file's rules: a variant's page, or its area's page."""
    variant = next((f for f in spec.variants if f.stem == stem), None)
    if variant is not None:
        return variant_page(variant_name(variant))
    return area_page(stem) if stem in spec.catalogue.areas() else None


def feature_href(spec: Spec, stem: str) -> str | None:
    target = feature_page(spec, stem)
    return href(READING, target) if target else None


def rules_nav(spec: Spec) -> list[Any]:
    """The Rules section of the nav, after its fixed entries: the areas in the README's
    reading order, the variants' index, then each variant's page."""
    nav: list[Any] = [area_page(area) for area in spec.areas if area != VARIANTS]
    variants = [
        {variant_title(f).split(",")[0]: variant_page(variant_name(f))} for f in spec.variants
    ]
    if VARIANTS in spec.areas:
        nav.append({"Variants": [{"All variants": area_page(VARIANTS)}, *variants]})
    return nav
