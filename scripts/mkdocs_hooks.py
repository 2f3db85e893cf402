"""MkDocs hooks (``mkdocs.yml``: ``hooks:``): generate the site's pages at every build.

The generated pages and diagrams (:func:`docsite.site.site_files`) are added to the build as
files of their own, next to the hand-written pages of ``docs/``; nothing is written into
``docs/``, so there is nothing to commit or keep up to date, and ``mkdocs serve`` regenerates
them whenever ``spec/`` or ``features/`` changes (``watch:`` in ``mkdocs.yml``).
The nav's Rules section gets the rule areas and the variants' pages in the reading order of
features/README.md. A hand-written page of ``docs/`` that the nav does not list yet is added
under "More", so a new guide shows up without anyone editing the nav.
"""

from __future__ import annotations

import logging
from typing import Any

from docsite.features import FeatureError
from docsite.site import rules_nav, site_files
from docsite.spec import load_spec
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from pyramide.conformance.spec_files import SpecError

log = logging.getLogger("mkdocs.hooks.docsite")


RULES_SECTION = "Rules"
"""The nav section that the rule areas and the variants' pages are added to, in the order of
features/README.md's reading order (so the nav never orders them otherwise)."""


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    try:
        spec = load_spec(fresh=True)
    except (SpecError, FeatureError) as error:
        raise PluginError(f"cannot generate the site: {error}") from None
    add_rule_pages(config.nav, rules_nav(spec))
    return config


def add_rule_pages(nav: Any, pages: list[Any]) -> None:
    """Append ``pages`` to the nav's Rules section, past the pages it lists already."""
    for item in nav or []:
        if isinstance(item, dict) and isinstance(item.get(RULES_SECTION), list):
            section = item[RULES_SECTION]
            listed = set(_nav_paths(section))
            section += [page for page in pages if not set(_nav_paths(page)) & listed]
            return
    raise PluginError(f"mkdocs.yml: the nav has no {RULES_SECTION!r} section for the rule pages")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    try:
        generated = site_files(load_spec(fresh=True))
    except (SpecError, FeatureError) as error:
        raise PluginError(f"cannot generate the site: {error}") from None
    for path, text in generated.items():
        existing = files.get_file_from_path(path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, path, content=text))
    _add_unlisted_pages(files, config)
    return files


def _add_unlisted_pages(files: Files, config: MkDocsConfig) -> None:
    listed = set(_nav_paths(config.nav))
    extra = [
        file.src_uri
        for file in files.documentation_pages()
        if file.src_uri not in listed and file.generated_by is None
    ]
    if extra and config.nav is not None:
        log.info("added to the nav under More: %s", ", ".join(extra))
        config.nav.append({"More": sorted(extra)})


def _nav_paths(nav: Any) -> list[str]:
    """Every page path a nav (nested lists and one-key dicts) names."""
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [path for value in nav.values() for path in _nav_paths(value)]
    if isinstance(nav, list):
        return [path for item in nav for path in _nav_paths(item)]
    return []
