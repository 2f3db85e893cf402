"""The site generator: what each page must show, and how it reads features/ and draws boards."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from docsite import markdown as md
from docsite.deal_pages import fixture_board
from docsite.features import FeatureError, read_features
from docsite.links import section_anchor
from docsite.rule_pages import STATUS_HEADINGS
from docsite.scenarios import Diagrams, render_scenario
from docsite.spec import Spec
from pyramide.conformance.specdata import Source, render_message
from pyramide.diagrams import BLACK, RED, Board, board_svg, legend


def _anchors(page: str) -> set[str]:
    return set(re.findall(r"\{#([^}\s]+)\}", page)) | set(re.findall(r'<a id="([^"]+)">', page))


def test_every_rule_is_on_its_page_under_its_status(spec: Spec, files: dict[str, str]) -> None:
    for rule in spec.catalogue.rules.values():
        page = files[spec.rule_page(rule.id)]
        heading = f"### {rule.id} · "
        assert heading in page and f"{{#{rule.id}}}" in page, rule.id
        before = page[: page.index(heading)]
        sections = re.findall(r"^## (.+)$", before, flags=re.MULTILINE)
        assert sections[-1] == STATUS_HEADINGS[rule.status], rule.id
        for source in rule.sources:
            assert f"sources.md#{section_anchor(source)}" in page


def test_every_scenario_is_drawn_once_and_linked_from_every_rule_it_cites(
    spec: Spec, files: dict[str, str]
) -> None:
    pages = "\n".join(text for path, text in files.items() if path.startswith("rules/"))
    for scenario in spec.scenarios:
        assert pages.count(f'<a id="{scenario.anchor}"></a>') == 1, scenario.anchor
        for rule_id in scenario.rule_ids[1:]:
            page = files[spec.rule_page(rule_id)]
            assert f"#{scenario.anchor})" in page, f"{rule_id} does not link {scenario.anchor}"


def test_every_link_to_a_generated_page_lands_on_an_anchor_it_has(files: dict[str, str]) -> None:
    anchors = {path: _anchors(text) for path, text in files.items() if path.endswith(".md")}
    for path, text in files.items():
        if not path.endswith(".md"):
            continue
        for target, anchor in re.findall(r"\]\(([^)#\s]*)#([^)\s]+)\)", text):
            resolved = Path(path).parent.joinpath(target).as_posix() if target else path
            resolved = str(Path(resolved)).replace("\\", "/")
            normal = Path(resolved).resolve().relative_to(Path(".").resolve()).as_posix()
            assert normal in anchors, f"{path} links {target}, which the site does not generate"
            assert anchor in anchors[normal], f"{path} links #{anchor}, missing on {normal}"


def test_sources_page_has_an_anchor_per_document_section(spec: Spec, files: dict[str, str]) -> None:
    anchors = _anchors(files["sources.md"])
    for doc in spec.catalogue.documents.values():
        assert doc.key in anchors
        for section in doc.sections:
            assert section_anchor(Source(doc.key, section)) in anchors


def test_profile_table_names_every_switch_a_profile_sets_otherwise_than_the_app(
    spec: Spec, files: dict[str, str]
) -> None:
    page = files["profiles.md"]
    app = spec.profiles.profiles["app"].switches
    seen = set()
    for name, profile in spec.profiles.profiles.items():
        row = next(line for line in page.splitlines() if line.startswith(f"| [{name}]("))
        named = set(re.findall(r"#setting-(\w+)", row))
        differs = {switch for switch, value in profile.switches.items() if value != app[switch]}
        assert named == (set(app) if name == "app" else differs), name
        cells = row.strip("|").split("|")
        assert len(cells) == 2, "two columns: no table wider than the page"
        seen.add(cells[1])
    assert len(seen) == len(spec.profiles.profiles), "two profiles read the same"


def test_home_page_opens_on_the_documented_deal(files: dict[str, str]) -> None:
    home = files["index.md"]
    first_image = re.search(r"!\[[^\]]*\]\(([^)]+)\)", home)
    assert first_image and first_image[1] == "diagrams/home-documented-deal.svg"
    assert "K♦" in files["diagrams/home-documented-deal.svg"]


def test_diagram_colours_suits_and_marks_the_waste_top() -> None:
    rows: list[list[str | None]] = [["KD"], ["AH", "QS"], [None, "??", "9C"]]
    svg = board_svg(Board(rows, waste=["6D", "7C"], stock=["2S"]))
    assert re.search(rf'>K</text>.*?fill="{RED}"', svg)
    assert f'fill="{BLACK}" text-anchor="middle" font-weight="bold">Q</text>' in svg
    assert f'fill="{RED}" text-anchor="middle" font-weight="bold">A</text>' in svg
    assert 'stroke-dasharray="4 3"' in svg, "an empty place is drawn dashed"
    assert 'fill="url(#back)"' in svg, "a face-down card shows its back"
    assert svg.count("▲ top") == 3, "the waste top and the stock top are marked, and the legend"
    assert "waste (bottom to top) 6♦ 7♣" in svg and "stock (top first) 2♠" in svg


def _drawn(svg: str) -> list[tuple[float, str]]:
    """The cards' corner ranks in drawing order, each with its x."""
    return [
        (float(x), rank)
        for x, rank in re.findall(r'<text x="([\d.]+)"[^>]*font-weight="bold">(\w+)</text>', svg)
    ]


def test_every_pile_draws_its_top_card_last_and_the_legend_names_what_is_in_play() -> None:
    # the stock is given top card first (4♣ is drawn next), as the rulebook's tables write it
    board = Board([["QC"]], waste=["6H", "JD"], stock=["4C", "5S", "2H"])
    svg = board_svg(board)
    ranks = [rank for _, rank in _drawn(svg)]
    assert ranks[1:4] == ["2", "5", "4"], "the stock's top card, 4♣, is drawn last: on top"
    assert ranks[4:] == ["6", "J"], "the waste's top card, J♦, is drawn last: on top"
    xs = dict((rank, x) for x, rank in _drawn(svg))
    assert xs["4"] > xs["5"] > xs["2"], "each card lies to the right of the one under it"
    assert legend(board) == (
        "▲ top card · in play: the waste's top · the stock's top is drawn next"
    )
    assert legend(replace(board, stock_in_play=True)) == (
        "▲ top card · in play: the stock's and the waste's top"
    )
    assert legend(Board([["QC"]], more_piles=[("reserve 1", ["2S"])])).endswith(
        "in play: each reserve's top"
    )


def test_the_stock_top_variant_draws_its_legend_and_giza_wraps_its_eight_reserves(
    files: dict[str, str],
) -> None:
    stock_top = [text for name, text in files.items() if "variant-stock-top" in name]
    assert stock_top and all("in play: the stock" in svg for svg in stock_top if "stock" in svg)
    giza = files["diagrams/deal-py1-g-aaaaaas.svg"]
    width = float(re.search(r'width="([\d.]+)"', giza)[1])  # type: ignore[index]
    assert width <= 520, "eight reserves wrap under the pyramid rather than shrink the diagram"
    assert giza.count("▲ top") == 9 and "stock" not in giza.split("<title>")[1].split("<")[0]


FEATURE = '''\
@DEAL-PYRAMID
Feature: Pairs, restructured
  Background:
    Given the rules under test

  @PAIR-THIRTEEN
  Rule: the values add up to 13
    Background:
      Given error help is off

    @PAIR-VALUES
    Scenario Outline: a pair goes: <first> and <second>
      Given a table:
        """
            K♦
          <first>  <second>
        waste: 6♥
        """
      When I tap <first> then <second>

      Examples:
        | first | second |
        | A♥    | Q♠     |

  Rule: PAIR-MISMATCH a wrong sum stays
    @KING-ALONE
    Scenario: nothing goes
      Then the score is 0
'''


def _feature(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "features"
    folder.mkdir()
    (folder / "pairs.feature").write_text(text, encoding="utf-8")
    return folder


def test_rule_blocks_give_the_primary_rule_and_their_background(spec: Spec, tmp_path: Path) -> None:
    _, scenarios = read_features(_feature(tmp_path, FEATURE), spec.catalogue.rules)
    outline, wrong_sum = scenarios
    assert outline.rule_ids == ("PAIR-THIRTEEN", "PAIR-VALUES", "DEAL-PYRAMID")
    assert [step.text for step in outline.background] == [
        "the rules under test",
        "error help is off",
    ]
    assert wrong_sum.rule_ids == ("PAIR-MISMATCH", "KING-ALONE", "DEAL-PYRAMID")
    assert [step.text for step in wrong_sum.background] == ["the rules under test"]

    diagrams = Diagrams()
    text = "\n".join(render_scenario(outline, diagrams, 1, lambda rule_id: rule_id))
    assert 'first = A<span class="suit-red">♥</span>, second = Q♠' in text
    (svg,) = diagrams.files.values()
    assert "pyramid K♦ / A♥ Q♠; waste (bottom to top) 6♥" in svg
    assert "*(background)*" in text and "*‹first›*" in text
    assert "the rules under test" not in text, "the feature's background is said once a page"
    assert "error help is off" in text, "the Rule block's background stays with its scenario"
    assert '"Scenario Outline: a pair goes: *‹first›* and *‹second›*"' in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            FEATURE.replace("<first>  <second>", "A♥ Q♠ 2♣"),
            "features/pairs.feature, line 13: table line 2 ",
        ),
        (FEATURE.replace("<second>", "<third>"), "line 13: the table names <third>"),
    ],
)
def test_a_bad_table_is_named_in_one_line(
    spec: Spec, tmp_path: Path, text: str, message: str
) -> None:
    _, scenarios = read_features(_feature(tmp_path, text), spec.catalogue.rules)
    with pytest.raises(FeatureError) as raised:
        render_scenario(scenarios[0], Diagrams(), 1, str)
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_bad_gherkin_is_named_in_one_line(spec: Spec, tmp_path: Path) -> None:
    folder = _feature(tmp_path, FEATURE.replace("Scenario: nothing", "Scenari: nothing"))
    with pytest.raises(FeatureError) as raised:
        read_features(folder, spec.catalogue.rules)
    assert str(raised.value).startswith("features/pairs.feature: not valid Gherkin: ")
    assert "\n" not in str(raised.value)


def test_text_from_the_spec_cannot_break_the_markdown() -> None:
    assert md.text("tap <first> | 7♦ *x*") == (
        'tap *‹first›* \\| 7<span class="suit-red">♦</span> \\*x\\*'
    )


def test_each_fixture_is_drawn_from_what_it_gives(spec: Spec, files: dict[str, str]) -> None:
    by_id = {fixture.id: fixture for fixture in spec.fixtures}
    laid_out, _ = fixture_board(by_id["king-on-waste"])
    assert [list(row) for row in laid_out.rows] == [["JD"], ["6C", "7H"]]
    assert list(laid_out.waste or []) == ["KC", "3D"] and list(laid_out.stock or []) == ["KS"]
    dealt, origin = fixture_board(by_id["py1-n-aaaaaaj"])
    assert "codec" in origin and dealt.stock_size == 23 and list(dealt.waste or []) == ["QC"]
    assert sum(card is not None for row in dealt.rows for card in row) == 28
    message = render_message("sum-must-equal", "en", {"target": 13})
    assert f"“{message}”" in files["deals.md"]
