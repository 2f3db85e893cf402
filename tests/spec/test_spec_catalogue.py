"""The rule catalogue, the profiles and the messages agree with each other and with the engine."""

from __future__ import annotations

from dataclasses import fields

import pytest
from pyramide.conformance.specdata import (
    CONVENTIONS,
    SWITCHES,
    load_messages,
    load_profiles,
    load_rules,
    render_message,
)
from pyramide.profiles import PROFILES, Profile
from pyramide.table import BLOCKED, NO_MORE_MOVES, SUM

OPEN_POINTS = range(1, 18)
"""Items 1-12 of the rules folder's README, each of which the catalogue must settle, then the
points the named variants raise (13 Apophis's piles, 14 Gizeh's spread stock, 15 King Tut's
draw, 16 the waste that keeps only the last card drawn, 17 the Pharaoh's larger layout)."""


def test_rule_ids_are_unique_and_well_formed() -> None:
    catalogue = load_rules()
    assert len(catalogue.rules) >= 46
    for rule_id, rule in catalogue.rules.items():
        assert rule.id == rule_id
        assert rule.statement and rule.title and rule.sources


def test_status_follows_the_id_family() -> None:
    """OPEN-* rules are implementation-defined, VAR-* rules variants; a convention is bound to
    an engine convention, and the others are required."""
    for rule in load_rules().rules.values():
        family = rule.id.split("-")[0]
        expected = {"OPEN": "implementation-defined", "VAR": "variant"}.get(family, "required")
        if rule.status == "convention":
            assert expected == "required" and set(rule.when) & set(CONVENTIONS), rule.id
        else:
            assert rule.status == expected, rule.id


def test_every_open_point_is_settled_once() -> None:
    numbers = [point.number for point in load_rules().open_points]
    assert numbers == list(OPEN_POINTS)


def test_every_implementation_defined_rule_is_an_open_point() -> None:
    catalogue = load_rules()
    settled = {rule_id for point in catalogue.open_points for rule_id in point.rules}
    undefined = {r.id for r in catalogue.rules.values() if r.status == "implementation-defined"}
    assert undefined <= settled
    by_number = {point.number: point for point in catalogue.open_points}
    assert by_number[11].settlement == "implementation-defined"


def test_every_variant_rule_settles_an_open_point_or_comes_from_an_engine() -> None:
    """A variant either settles a point of the rules documents or is a real engine's rule,
    citing that engine's own rules (a document read elsewhere, with a ``where``)."""
    catalogue = load_rules()
    settled = {rule_id for point in catalogue.open_points for rule_id in point.rules}
    for rule in catalogue.rules.values():
        if rule.status == "variant" and rule.id not in settled:
            assert any(catalogue.documents[s.doc].number is None for s in rule.sources), rule.id


def test_every_variant_rule_is_bound_to_a_switch_state_and_turned_on_by_a_profile() -> None:
    catalogue = load_rules()
    for rule in catalogue.rules.values():
        if rule.status == "variant":
            assert set(rule.when) <= set(SWITCHES) and rule.when, rule.id
            assert rule.profiles and "app" not in rule.profiles, rule.id


def test_app_documents_are_cited_by_every_required_rule() -> None:
    """The app's rules are the primary source: each required rule cites them in both languages."""
    for rule in load_rules().rules.values():
        if rule.status == "required":
            cited = {source.doc for source in rule.sources}
            assert {"app-fr", "app-hu"} <= cited, rule.id


def test_profiles_agree_with_the_engine_field_by_field() -> None:
    specified = load_profiles().profiles
    assert list(specified) == list(PROFILES)
    for name, engine in PROFILES.items():
        spec = specified[name]
        assert (spec.name, spec.letter) == (engine.name, engine.letter)
        assert dict(spec.switches) == {s: getattr(engine, s) for s in SWITCHES}


def test_the_switch_list_is_the_engines() -> None:
    engine_switches = [f.name for f in fields(Profile) if f.name not in ("name", "letter")]
    assert list(SWITCHES) == engine_switches
    assert list(load_profiles().switches) == engine_switches


def test_every_profile_but_the_app_turns_on_a_variant_rule() -> None:
    """Otherwise its switches would change nothing the rulebook can tell apart from the app."""
    variants = [r for r in load_rules().rules.values() if r.status == "variant"]
    for name in load_profiles().profiles:
        turned_on = [rule.id for rule in variants if name in rule.profiles]
        assert bool(turned_on) == (name != "app"), name


def test_every_state_of_every_switch_is_some_profiles() -> None:
    profiles = load_profiles()
    for name, switch in profiles.switches.items():
        used = {profiles.states(p.switches)[name] for p in profiles.profiles.values()}
        assert used == set(switch.states), name


def test_the_app_profile_is_the_default_with_every_switch_off() -> None:
    app = load_profiles().profiles["app"]
    assert app.letter == "N"
    assert dict(app.switches) == {
        "strict_win": False,
        "max_recycles": None,
        "waste_play": "top",
        "stock_top_playable": False,
        "pairs_with_covering_card": False,
        "stock_24": False,
        "face_down": False,
        "deck": "french",
        "layout": "pyramid",
        "rows": 7,
        "reserves": 0,
        "waste_piles": 1,
        "draw_count": 1,
        "waste_keeps": "all",
        "waste_choice": "deal",
    }


def test_message_keys_are_the_engines() -> None:
    assert sorted(load_messages()) == sorted([BLOCKED, SUM, NO_MORE_MOVES])


@pytest.mark.parametrize(
    ("key", "language", "params", "text"),
    [
        ("card-blocked", "fr", {}, "Cette carte est bloquée par une autre"),
        ("sum-must-equal", "fr", {"target": 13}, "La somme doit être égale à 13"),
        ("no-more-moves", "fr", {}, "Plus aucun coup possible"),
        ("card-blocked", "hu", {}, "Ezt a lapot egy másik lap takarja"),
        ("sum-must-equal", "hu", {"target": 13}, "Az összegnek ennyinek kell lennie: 13"),
        ("no-more-moves", "hu", {}, "Nincs több lehetséges lépés"),
    ],
)
def test_messages_render_the_documented_texts_to_the_letter(
    key: str, language: str, params: dict[str, int], text: str
) -> None:
    assert render_message(key, language, params) == text


def test_the_sum_target_is_a_parameter_in_every_language() -> None:
    for language in ("fr", "hu", "en"):
        assert "12" in render_message("sum-must-equal", language, {"target": 12})


def test_rendering_checks_key_language_and_parameters() -> None:
    with pytest.raises(KeyError, match="unknown message key"):
        render_message("no-such-message", "fr")
    with pytest.raises(KeyError, match="no 'de' text"):
        render_message("card-blocked", "de")
    with pytest.raises(KeyError, match="takes parameters"):
        render_message("sum-must-equal", "en")
