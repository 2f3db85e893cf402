"""What the console and the other reports say around a failure, read as an engine's developer
reads them (issue 36 item 4): the tally's columns explained, the scenarios in the rulebook's
reading order, an invariant's start drawn as a table, the rules of a one-scenario rerun only,
and the differential naming the engine it played."""

from __future__ import annotations

import re
from pathlib import Path

from checkruns import Run, run_check
from harness import rule_faults
from pyramide.conformance.differential import run_differential
from pyramide.conformance.loading import load_factory
from pyramide.conformance.paths import features_dir

from features import wrong_adapters
from runner.html_page import parse

FIVE = ["--impl", f"{wrong_adapters.__name__}:FivePerCard"]


def test_the_tallys_columns_are_explained_under_the_rule_table(tmp_path: Path) -> None:
    run = run_check(tmp_path, *FIVE, "-q", "--rule", "SCORE-WIN-280", "--invariant-games", "0")
    (legend,) = [line for line in run.out.splitlines() if line.startswith("p/f/d/na/e: ")]
    words = ("passed", "failed", "differs from reference", "not applicable", "errored")
    assert [legend.index(word) for word in words] == sorted(legend.index(word) for word in words)


def reading_order() -> list[str]:
    """The feature files in the order features/README.md gives them."""
    text = (features_dir() / "README.md").read_text(encoding="utf-8")
    return list(dict.fromkeys(re.findall(r"\]\(([\w/-]+\.feature)\)", text)))


def test_scenarios_come_in_the_rulebooks_reading_order(tmp_path: Path) -> None:
    """Files the README lists in its order, the others (features/redrawn) after them, in
    alphabetical order; a file's scenarios in the order it gives them."""
    run = run_check(tmp_path, "-q", "--rule", "KING-ALONE", "--invariant-games", "0")
    files = list(dict.fromkeys(row["feature"] for row in run.scenarios))
    order = reading_order()
    listed = [name for name in files if name in order]
    assert listed == sorted(listed, key=order.index)
    rest = files[len(listed) :]
    assert rest and rest == sorted(rest), "the files the README does not list come last"


def test_an_invariants_failure_draws_the_games_start_as_a_table(tmp_path: Path) -> None:
    """It printed the start as a Python dict (``{'pyramid': [['7C'], ...``)."""
    args = ("--invariant-games", "1", "--scenario", "invariants::score")
    run = run_check(tmp_path, *FIVE, *args)
    (row,) = run.scenarios
    assert row["outcome"] == "failed"
    assert "{" not in row["reason"] and "'" not in row["reason"], row["reason"]
    lines = row["reason"].splitlines()
    top = lines.index("  start: start table (app)") + 1
    assert re.fullmatch(r" +\S{2,3}", lines[top]), "the pyramid's top card, alone on its row"
    assert any(line.strip().startswith("stock: ") for line in lines)


def test_a_one_scenario_rerun_lists_only_its_rules_in_every_report(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    name = "scoring.feature: A whole pyramid cleared is worth 280"
    run: Run = run_check(tmp_path, *FIVE, "-q", "--scenario", name, "--html", str(page))
    assert run.status == 1 and "no scenario  " not in run.out
    tree = parse(page.read_text(encoding="utf-8"))
    section = next(s for s in tree.all("section") if s.attrs.get("id") == "rules")
    rules = section.all("table")[0].all("tr")[1:]
    assert {row.all("td")[1].text for row in rules} == {"failed", "not reached"}


def test_the_differential_names_a_move_engine_not_its_shim() -> None:
    factory = load_factory(f"{rule_faults.__name__}:recycles_while_the_stock_holds")
    result = run_differential(factory, max_examples=1, shrink_replays=0)
    (kind,) = result.kinds
    assert kind.found.engine == rule_faults.RecyclesWhileTheStockHolds.__name__


def test_the_html_names_the_stock_in_the_order_the_console_does(tmp_path: Path) -> None:
    """The HTML's drawing said "stock (bottom to top) 2♠ ... 2♥" beside the console's "stock:
    2♥ ... 2♠", the rulebook's order, top card first."""
    page = tmp_path / "report.html"
    name = "deal-codes.feature: The documented first two moves of PY1-N-AAAAAAS"
    run = run_check(tmp_path, *FIVE, "-q", "--scenario", name, "--html", str(page))
    (stock,) = [line.strip() for line in run.out.splitlines() if line.startswith("      stock: ")]
    titles = [title.text for title in parse(page.read_text(encoding="utf-8")).all("title")]
    assert any(f"; {stock.replace('stock:', 'stock (top first)')}" in t for t in titles), titles
