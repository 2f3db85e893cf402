"""Where every generated thing lives on the site, and links to it from any page.

Pages are named by their path under the site's root (``rules/pairs.md``); a link is written
relative to the page it sits on, so MkDocs checks it (``--strict``) and rewrites it for
whatever URL style the site uses.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping

from pyramide.conformance.specdata import Catalogue, Source

from .features import Scenario
from .markdown import slug

RULES_INDEX = "rules.md"
DEALS = "deals.md"
PROFILES = "profiles.md"
SOURCES = "sources.md"
OPEN_POINTS = "open-points.md"
HOME = "index.md"


READING = "reading.md"


def area_page(area: str) -> str:
    return f"rules/{area}.md"


def variant_page(name: str) -> str:
    """A variant's own page: ``rules/variants/giza.md`` for ``features/variant-giza.feature``."""
    return f"rules/variants/{name}.md"


def href(page: str, target: str, anchor: str = "") -> str:
    """``target`` (a page path) with an optional anchor, relative to ``page``."""
    path = posixpath.relpath(target, posixpath.dirname(page) or ".")
    if target == page:
        path = ""
    return f"{path}#{anchor}" if anchor else path


def depth(page: str) -> int:
    """How many folders below the site's root a page sits."""
    return page.count("/")


class Linker:
    """Links from one page to the rules, deals, profiles, settings and sources."""

    def __init__(
        self, page: str, catalogue: Catalogue, rule_pages: Mapping[str, str] | None = None
    ) -> None:
        self.page = page
        self.catalogue = catalogue
        self.rule_pages = rule_pages or {}
        """Rule ID → its page, where that is not its area's (a variant's rules)."""

    def rule_page(self, rule_id: str) -> str:
        return self.rule_pages.get(rule_id) or area_page(self.catalogue.rule(rule_id).area)

    def rule(self, rule_id: str, label: str | None = None) -> str:
        return f"[{label or rule_id}]({href(self.page, self.rule_page(rule_id), rule_id)})"

    def scenario(self, scenario: Scenario, label: str) -> str:
        """A scenario, shown in full under its primary rule."""
        target = self.rule_page(scenario.primary or "")
        return f"[{label}]({href(self.page, target, scenario.anchor)})"

    def area(self, area: str, label: str) -> str:
        return f"[{label}]({href(self.page, area_page(area))})"

    def deal(self, fixture_id: str, label: str | None = None) -> str:
        return f"[{label or fixture_id}]({href(self.page, DEALS, fixture_id)})"

    def profile(self, name: str) -> str:
        return f"[{name}]({href(self.page, PROFILES, 'profile-' + name)})"

    def setting(self, name: str, label: str | None = None) -> str:
        """A switch or a convention, on the profiles page (as code unless ``label`` is given)."""
        return f"[{label or f'`{name}`'}]({href(self.page, PROFILES, 'setting-' + name)})"

    def source(self, source: Source) -> str:
        return (
            f"[{source.doc}: {source.section}]({href(self.page, SOURCES, section_anchor(source))})"
        )

    def page_link(self, target: str, label: str, anchor: str = "") -> str:
        return f"[{label}]({href(self.page, target, anchor)})"

    def open_point(self, number: int, label: str) -> str:
        return self.page_link(OPEN_POINTS, label, open_point_anchor(number))


def section_anchor(source: Source) -> str:
    """The sources page's anchor of a document's section: ``app-fr-la-mise-en-place``."""
    return f"{source.doc}-{slug(source.section)}"


def open_point_anchor(number: int) -> str:
    """The site's open points page's anchor of point ``number``: ``open-point-14``."""
    return f"open-point-{number}"
