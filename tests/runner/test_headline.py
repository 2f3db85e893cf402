"""The verdict's headline names exactly the rule broken, in every report (issue 33 A1).

A rule is at fault only on evidence against it: a failed check of that rule, or a failed
scenario about it whose failed step named none. One fault planted in engines of every interface
(in-process taps, moves only behind the shim, one-tap pairing, JSON lines) must get exactly its
rules in the "rules at fault" of the console, the Markdown summary, the HTML page and the JSON
lines report, and each of them must be failed in the rule table above it. Before, pairs adding
up to 14 were blamed on DEAL-PYRAMID (every pair scenario relies on the deal) and on PAIR-MISMATCH.
"""

from __future__ import annotations

import html
import re
import shlex
import sys
from pathlib import Path

import pytest
from checkruns import Run, run_check

from runner import planted

SELECTED = ("DEAL-PYRAMID",)
"""Besides a fault's own rules, the scenarios of the deal every pair scenario relies on (once
blamed for a pairs fault). A scenario is selected with every rule it is tagged with, so the
rules it merely shows are there to be wrongly blamed too."""
CONSOLE = re.compile(r"^rules at fault[^:]*: (.*)$", re.MULTILINE)
MARKDOWN = re.compile(r"^Rules at fault: (.*)$", re.MULTILINE)
HTML = re.compile(r"<p>rules at fault[^:]*: (.*?)</p>")
INTERFACES = [*planted.INTERFACES, "json"]
UNCHECKED = ("outside the rule set", "not applicable", "no scenario", "not reached")
"""A rule's verdict where no scenario of it ran: a fault cannot be seen to break it there."""


def engine(fault: str, interface: str) -> list[str]:
    """The options naming the engine with ``fault`` planted behind ``interface``."""
    if interface == "json":
        return ["--cmd", shlex.join([sys.executable, planted.__file__, fault])]
    return ["--impl", f"{planted.__name__}:{fault}_{interface}"]


def headlines(run: Run) -> dict[str, list[str]]:
    """The rules at fault as each format names them."""
    named = {
        "console": CONSOLE.findall(run.out),
        "markdown": MARKDOWN.findall((run.folder / "summary.md").read_text(encoding="utf-8")),
        "html": HTML.findall((run.folder / "report.html").read_text(encoding="utf-8")),
    }
    rules = {
        form: html.unescape(found[0]).split(", ") if found else [] for form, found in named.items()
    }
    return {**rules, "json": run.footer["at_fault"]}


CASES = [(fault, interface) for fault in planted.FAULTS for interface in INTERFACES]


@pytest.mark.parametrize(("fault", "interface"), CASES)
def test_one_broken_rule_is_the_headline_of_every_report(
    fault: str, interface: str, tmp_path: Path
) -> None:
    reports = ["--markdown", str(tmp_path / "summary.md"), "--html", str(tmp_path / "report.html")]
    rules = planted.FAULTS[fault][1]
    selected = [f"--rule={rule}" for rule in (*rules, *SELECTED)]
    options = [*selected, "--invariant-games=0", *reports, "--quiet"]
    run = run_check(tmp_path, *engine(fault, interface), *options)
    breaks = sorted(rule for rule in rules if run.footer["rules"][rule] not in UNCHECKED)
    assert run.status == 1 and breaks
    assert headlines(run) == dict.fromkeys(("console", "markdown", "html", "json"), breaks)
    assert {rule: run.footer["rules"][rule] for rule in breaks} == dict.fromkeys(breaks, "failed")
