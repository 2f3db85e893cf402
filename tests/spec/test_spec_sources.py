"""A variant rule cites only the sections that say it: what the rules pages leave out of a named
variant and the suite takes from PySolFC cites PySolFC's game, not the page."""

from __future__ import annotations

from pyramide.conformance.specdata import Rule, Source, load_rules

PYSOLFC_GAMES = {
    ("reserves", "8"): "Giza (game 592)",
    ("waste_piles", "3"): "Apophis (game 658)",
    ("draw_count", "3"): "King Tut (game 681)",
    ("layout", "triangle"): "Triangle (game 700)",
    ("stock_top_playable", "on"): "Pyramid (game 38)",
}
"""A switch state read from one PySolFC game → that game's section of the pysolfc document."""

PAGE_SAYS = {
    "VAR-GIZA-RESERVES": (
        Source("traditional", "8. Variantes"),
        "Gizeh spreads the stock out face up, so nothing is drawn and every card is in view",
    ),
    "VAR-APOPHIS-TOPS": (
        Source("classic", "Variantes courantes"),
        "Apophis: the top card of any of the three waste piles may be paired",
    ),
    "VAR-KING-TUT-DRAW-THREE": (
        Source("classic", "Variantes courantes"),
        "King Tut draws three cards at a time instead of one",
    ),
}
"""The only citations of a rules page by a rule bound to a PySolFC game's state, each with what
the page says of it. Not here, on purpose: the page's Apophis lets the player choose the pile
(so it does not say a draw deals one card onto each, nor PySolFC's deal nor its recycle); its
Pharaoh / Triangle is a larger layout (not the 7-row pyramid upside down); King Tut's deal and
which Gizeh cards are in play are not on any page."""


PAGE_STATES = {("waste_choice", "player")}
"""States that are a rules page's own reading: a rule that holds only under one of them is bound
to no PySolFC game (the page's Apophis lets the player choose the pile; PySolFC's deals a row)."""


def bound_states(rule: Rule) -> set[tuple[str, str]]:
    """The PySolFC game states the rule holds under only, unless it holds only under a page's
    own reading (:data:`PAGE_STATES`)."""
    if any(len(s) == 1 and (switch, s[0]) in PAGE_STATES for switch, s in rule.when.items()):
        return set()
    return {
        (switch, states[0])
        for switch, states in rule.when.items()
        if len(states) == 1 and (switch, states[0]) in PYSOLFC_GAMES
    }


def test_a_rule_bound_to_a_pysolfc_game_cites_that_game() -> None:
    catalogue = load_rules()
    pysolfc = catalogue.documents["pysolfc"]
    for section in PYSOLFC_GAMES.values():
        assert section in pysolfc.sections, section
    checked = 0
    for rule in catalogue.rules.values():
        for state in bound_states(rule):
            assert Source("pysolfc", PYSOLFC_GAMES[state]) in rule.sources, (rule.id, state)
            checked += 1
    assert checked >= 11


def test_the_pages_own_apophis_rules_cite_no_pysolfc_game() -> None:
    """The rules of the page's Apophis (the player names the pile) are not PySolFC's game."""
    catalogue = load_rules()
    page_rules = [
        rule
        for rule in catalogue.rules.values()
        if tuple(rule.when.get("waste_choice", ())) == ("player",)
    ]
    assert len(page_rules) >= 3
    for rule in page_rules:
        assert all(source.doc != "pysolfc" for source in rule.sources), rule.id


def test_a_rules_page_is_cited_for_a_pysolfc_game_only_where_it_says_so() -> None:
    catalogue = load_rules()
    cited = set()
    for rule in catalogue.rules.values():
        if not bound_states(rule):
            continue
        for source in rule.sources:
            if catalogue.documents[source.doc].number is not None:
                assert PAGE_SAYS.get(rule.id, (None,))[0] == source, (rule.id, source)
                cited.add(rule.id)
    assert cited == set(PAGE_SAYS)


def test_every_variant_rule_cites_a_section_of_a_declared_document() -> None:
    catalogue = load_rules()
    for rule in catalogue.rules.values():
        if rule.id.startswith("VAR-"):
            assert rule.sources, rule.id
            for source in rule.sources:
                assert source.section in catalogue.documents[source.doc].sections, rule.id


def test_the_pharaoh_cites_only_the_classic_page_that_names_it() -> None:
    """The 10-row rules come from the classic page's Pharaoh / Triangle alone: no engine found
    plays it, and PySolFC's Triangle (game 700) is the 7-row pyramid upside down."""
    catalogue = load_rules()
    pharaoh = [rule for rule in catalogue.rules.values() if rule.when.get("rows") == ("10",)]
    assert len(pharaoh) >= 4
    for rule in pharaoh:
        assert rule.sources == (Source("classic", "Variantes courantes"),), rule.id
