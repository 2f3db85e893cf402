"""A malformed spec file yields one clear message naming the file, the field and the line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pyramide.conformance.deal_fixtures import load_fixture
from pyramide.conformance.paths import spec_dir
from pyramide.conformance.spec_files import SpecError
from pyramide.conformance.specdata import load_profiles, load_rules

GOOD = """\
id: broken
title: A small fixture
rules: [KING-ALONE]
profile: app
layout:
  pyramid: ["K♠", "-- --", "-- -- --", "-- -- -- --", "-- -- -- -- --", "-- -- -- -- -- --",
            "-- -- -- -- -- -- --"]
  waste: "5♦"
  stock: ""
transcript:
  - tap: r1c1
    expect: {score: 10, moves: 1, status: won}
"""


def test_the_good_fixture_loads(tmp_path: Path) -> None:
    file = tmp_path / "broken.yaml"
    file.write_text(GOOD, encoding="utf-8")
    assert load_fixture(file).transcript[0].expect is not None


@pytest.mark.parametrize(
    ("old", "new", "fragments"),
    [
        ("{score: 10,", "{scor: 10,", ["line 12", "transcript[0].expect", "unknown field", "scor"]),
        ('"K♠", "-- --"', '"K♠", "-- 11♦"', ["line 6", "layout.pyramid[1]", "11♦"]),
        ('"K♠", "-- --"', '"K♠", "--"', ["line 6", "layout.pyramid[1]", "row 2 must hold 2"]),
        ('"K♠", "-- --"', '"--", "K♠ --"', ["line 6", "at layout", "still lies on it"]),
        ('waste: "5♦"', 'waste: "K♠"', ["line 6", "at layout", "K♠ appears twice"]),
        ("[KING-ALONE]", "[KING-ALONE, KING-ALONEE]", ["line 3", "rules[1]", "KING-ALONEE"]),
        ("profile: app", "profile: apps", ["line 4", "at profile", "unknown profile 'apps'"]),
        ("id: broken", "id: other", ["line 1", "at id", "the file's name, 'broken'"]),
        ("tap: r1c1", "tap: r1c2", ["line 11", "transcript[0].tap", "r1c2"]),
        ("status: won}", "status: won, message: {key: oops}}", ["line 12", "message.key", "oops"]),
        ("status: won}", 'status: won, rows: {"2": "--"}}', ["line 12", "rows.2", "row 2"]),
        ("moves: 1,", "moves: -1,", ["line 12", "transcript[0].expect.moves", "-1"]),
        ("layout:", "code: PY1-N-AAAAAAS\nlayout:", ["broken.yaml", "allowed forms"]),
        ("  - tap: r1c1", "  - tap: r1c1\n    undo: true", ["line 11", "transcript[0]"]),
        ("title: A small fixture", "title: [unclosed", ["line 3", "not valid YAML"]),
    ],
)
def test_a_malformed_fixture_is_named_with_file_field_and_line(
    tmp_path: Path, old: str, new: str, fragments: list[str]
) -> None:
    assert old in GOOD
    file = tmp_path / "broken.yaml"
    file.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_fixture(file)
    message = str(caught.value)
    assert message.startswith(str(file))
    for fragment in fragments:
        assert fragment in message
    assert "Traceback" not in message


@pytest.mark.parametrize(
    ("profile", "old", "new", "fragments"),
    [
        ("triangle", 'waste: "5♦"', 'waste: "5♦"', ["layout.pyramid[0]", "row 1 must hold 7"]),
        (
            "giza",
            '  stock: ""\n',
            '  stock: ""\n  piles: {reserve-9: "2♦"}\n',
            ["layout.piles", "reserve-9"],
        ),
        (
            "giza",
            '  stock: ""\n',
            '  stock: ""\n  piles: {reserve-2: "K♠"}\n',
            ["at layout", "K♠ appears twice"],
        ),
        ("spanish", 'waste: "5♦"', 'waste: "TO"', ["layout.waste", "TO"]),
    ],
)
def test_a_variant_s_table_is_checked_too(
    tmp_path: Path, profile: str, old: str, new: str, fragments: list[str]
) -> None:
    """The Triangle's rows, the reserve and waste piles and Spanish cards are checked like the
    app's table: the message names the file, the field and what is wrong."""
    file = tmp_path / "broken.yaml"
    text = GOOD.replace("profile: app", f"profile: {profile}").replace(old, new, 1)
    file.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_fixture(file)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_a_code_for_another_profile_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "broken.yaml"
    text = GOOD.split("layout:")[0] + "code: PY1-N-AAAAAAS\n"
    file.write_text(text.replace("profile: app", "profile: traditional"), encoding="utf-8")
    with pytest.raises(SpecError, match="letter N is not profile traditional"):
        load_fixture(file)


def _spec_copy(tmp_path: Path) -> Path:
    root = tmp_path / "spec"
    shutil.copytree(spec_dir(), root)
    return root


@pytest.mark.parametrize(
    ("old", "new", "fragments"),
    [
        ("section: Les cartes libres}", "section: Les cartes libre}", ["rules[5].sources[0]"]),
        ("{doc: app-fr, section: La marque}", "{doc: app-en, section: La marque}", ["app-en"]),
        (
            "    when: {max_recycles: [unlimited]}",
            "    when: {max_recycles: [unlimted]}",
            ["when.max_recycles[0]", "unlimted", "its states: unlimited, limited"],
        ),
        (
            'when: {stock_24: ["off"], reserves',
            'when: {stock24: ["off"], reserves',
            ["when.stock24", "unknown switch or convention"],
        ),
        ("  - id: DEAL-PYRAMID", "  - id: DEAL-DECK", ["rules[1].id", "appears twice"]),
        (
            "rules: [VAR-TRIANGLE, VAR-TRIANGLE-COVERING, DEAL-PYRAMID,",
            "rules: [VAR-TRIANGLE, VAR-TRIANGLE-COVERING, DEAL-PYRAMIDS,",
            ["open_points[8].rules[2]", "DEAL-PYRAMIDS"],
        ),
        ("    status: required\n", "    status: needed\n", ["rules[0].status", "needed"]),
    ],
)
def test_a_malformed_catalogue_is_named_with_file_field_and_line(
    tmp_path: Path, old: str, new: str, fragments: list[str]
) -> None:
    root = _spec_copy(tmp_path)
    rules = root / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert old in text
    rules.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_rules(root)
    message = str(caught.value)
    assert message.startswith(f"{rules}, line ")
    for fragment in fragments:
        assert fragment in message


def test_a_profile_value_without_a_state_is_named(tmp_path: Path) -> None:
    root = _spec_copy(tmp_path)
    profiles = root / "profiles.yaml"
    text = profiles.read_text(encoding="utf-8")
    profiles.write_text(text.replace("waste_play: drawn-with-below", "waste_play: drawn"), "utf-8")
    with pytest.raises(
        SpecError,
        match=r"profiles.yaml, line \d+, at profiles\[\d+\]\.switches\.waste_play: .drawn.",
    ):
        load_profiles(root)
