"""What a reader finds on the generated pages: a page per variant, the README's reading order
and words, what each source section covers, a background said once, fixtures in plain words."""

from __future__ import annotations

import re

from docsite.features import Feature
from docsite.links import READING, open_point_anchor, variant_page
from docsite.markdown import prose, text
from docsite.reading import reading_order
from docsite.site import rules_nav
from docsite.spec import Spec
from docsite.variant_pages import variant_name
from pyramide.conformance.specdata import Source


def test_each_variant_has_a_page_with_its_introduction_rule_set_sources_and_open_points(
    spec: Spec, files: dict[str, str]
) -> None:
    variants: list[Feature] = spec.variants
    assert len(variants) == len([f for f in spec.features if f.stem.startswith("variant-")])
    for feature in variants:
        page = files[variant_page(variant_name(feature))]
        first = feature.description.split("\n\n")[0]
        assert f"> {prose(first)}" in page, f"{feature.file}: no introduction"
        assert "## The rule set beside the app's" in page
        assert "## Where each detail comes from" in page
        for rule_id in feature.rules:
            assert f"{{#{rule_id}}}" in page, f"{rule_id} is not on its variant's page"
            for source in spec.catalogue.rule(rule_id).sources:
                assert text(spec.covers[source]) in page, f"{source} is not summed up"
        for point in spec.catalogue.open_points:
            if set(point.rules) & set(feature.rules):
                assert f"open-points.md#{open_point_anchor(point.number)})" in page
    assert "PySolFC" in files[variant_page("giza")]
    assert (
        "| [`reserves`](../../profiles.md#setting-reserves) | 0 | **8** |"
        in (files[variant_page("giza")])
    )
    pharaoh = files[variant_page("pharaoh")]
    assert "| [`rows`](../../profiles.md#setting-rows) | 7 | **10** |" in pharaoh
    drawn = [files[name] for name in files if name.startswith("diagrams/variant-pharaoh-")]
    labels = [re.findall(r'fill="#8a8a8a" text-anchor="start">(\d+)<', svg) for svg in drawn]
    assert [str(row) for row in range(1, 11)] in labels, "a 10-row table drawn with its 10 rows"
    open_points = files["open-points.md"]
    for point in spec.catalogue.open_points:
        assert f"{{#{open_point_anchor(point.number)}}}" in open_points


def test_the_reading_page_shows_the_readme_order_and_words_linking_the_site_pages(
    spec: Spec, files: dict[str, str]
) -> None:
    page = files[READING]
    assert "## Reading order" in page and "## Words" in page
    assert "| **tap** |" in page
    assert ".feature)" not in page, "a link still leads to a feature file"
    order = reading_order(spec.readme)
    assert order[:3] == ["deal", "free-cards", "pairs"] and "variant-giza" in order
    assert "[variant-giza.feature](rules/variants/giza.md)" in page


def test_the_nav_and_the_index_order_the_areas_as_the_readme_does(spec: Spec) -> None:
    order = [stem for stem in reading_order(spec.readme) if stem in spec.catalogue.areas()]
    nav = rules_nav(spec)
    areas = [entry.removeprefix("rules/").removesuffix(".md") for entry in nav[:-1]]
    assert areas[: len(order)] == order
    variants = [next(iter(entry.values())) for entry in nav[-1]["Variants"][1:]]
    stems = [s for s in reading_order(spec.readme) if s.startswith("variant-")]
    assert [v.removeprefix("rules/variants/") for v in variants][: len(stems)] == [
        s.removeprefix("variant-") + ".md" for s in stems
    ]


def test_every_source_section_says_what_it_covers(spec: Spec, files: dict[str, str]) -> None:
    page = files["sources.md"]
    for doc in spec.catalogue.documents.values():
        covered = {s.section for s in spec.covers if s.doc == doc.key}
        assert covered == set(doc.sections), f"{doc.key}: covers and sections differ"
        for section in doc.sections:
            assert f"*What it covers:* {text(spec.covers[Source(doc.key, section)])}" in page


def test_a_feature_background_is_said_once_a_page(files: dict[str, str]) -> None:
    for path, page in files.items():
        if path.startswith("rules/") and path.endswith(".md"):
            assert page.count("**Given** the rules under test") <= 1, path


def test_the_fixtures_page_writes_cards_codes_and_piles_as_people_read_them(
    files: dict[str, str],
) -> None:
    page = files["deals.md"]
    transcripts = [line for line in page.splitlines() if line.startswith("| ")]
    assert not [line for line in transcripts if "{'" in line or "['" in line]
    assert not [line for line in transcripts if re.search(r"\bpy1-[a-z]-", line)]
    assert not [line for line in transcripts if re.search(r"\b(?:[2-9jqka]|10)[cdhs]\b", line)]
    assert "reserve 1: 7<span" in page and "code `PY1-G-AAAAAAS`" in page


def test_a_variant_page_names_each_profile_playing_some_of_its_rules(
    spec: Spec, files: dict[str, str]
) -> None:
    """Apophis's page holds two rule sets' rules (the classic page's choice, PySolFC's deal):
    no profile plays them all, and both profiles that play some are named, with those rules."""
    sentence = next(
        line for line in files[variant_page("apophis")].splitlines() if "Named profiles" in line
    )
    assert "(../../profiles.md#profile-apophis)" in sentence
    assert "(../../profiles.md#profile-pysolfc-apophis)" in sentence
    assert "VAR-APOPHIS-WASTES" in sentence.split("profile-pysolfc-apophis")[1]
    assert "none" not in sentence


def test_only_switches_that_differ_from_the_app_are_in_bold(files: dict[str, str]) -> None:
    page = files[variant_page("apophis")]
    assert "| [`stock_24`](../../profiles.md#setting-stock_24) | off | off |" in page
    assert "| [`waste_piles`](../../profiles.md#setting-waste_piles) | 1 | **3** |" in page


def test_a_feature_introduction_keeps_its_code_as_code(files: dict[str, str]) -> None:
    """``waste 2: J♥ [7♣]`` in an introduction is code, not backticks shown as typed."""
    for name in ("giza", "apophis"):
        assert "\\`" not in files[variant_page(name)], name
    assert "`waste 2: J♥ [7♣]`" in files[variant_page("apophis")]
    assert "`reserve 3: 2♦ [6♣]`" in files[variant_page("giza")]
