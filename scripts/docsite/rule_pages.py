"""The rule pages: one page per rule area, and the index of every rule ID.

On an area page the rules are grouped by status (required, variant, convention,
implementation-defined), each under a heading whose anchor is its ID, so that
``rules/<area>/#RULE-ID`` reaches any rule. Under a rule: its statement, status, the rule sets
it holds under, its sources, the deal fixtures citing it, and the scenarios citing it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyramide.conformance.specdata import Rule

from . import markdown as md
from .catalogue import STATUS_NOTES
from .features import Feature, Scenario
from .links import RULES_INDEX, Linker, area_page, depth
from .scenarios import Diagrams, render_scenario
from .spec import Spec

STATUS_HEADINGS = {
    "required": "Required rules",
    "variant": "Variant rules",
    "convention": "Conventions",
    "implementation-defined": "Implementation-defined",
}


def status_badge(status: str) -> str:
    return f'<span class="rule-status status-{status}">{status}</span>'


def render_area(spec: Spec, area: str, diagrams: Diagrams, intro: Sequence[str] = ()) -> str:
    """The page of one rule area: its rules that no variant's page shows (``intro``: what the
    page says first, after its feature's introduction)."""
    page = area_page(area)
    lines = [md.HEADER, f"# {md.title(area)}", ""]
    feature = spec.feature(area)
    if feature is not None:
        lines += [*introduction(feature), ""]
    lines += [*intro]
    rules = [rule for rule in spec.catalogue.areas()[area] if spec.rule_page(rule.id) == page]
    lines += render_rules(spec, rules, page, diagrams)
    return "\n".join(lines).rstrip() + "\n"


def introduction(feature: Feature) -> list[str]:
    """A feature file's description, quoted as the introduction it is."""
    lines = [f"From `{feature.file}`:", ""]
    lines += [f"> {md.prose(paragraph)}\n>" for paragraph in feature.description.split("\n\n")]
    return lines


def render_rules(spec: Spec, rules: Sequence[Rule], page: str, diagrams: Diagrams) -> list[str]:
    """Rules under their status headings, each with its scenarios; what every scenario's
    feature file starts them with is said once, above them."""
    link = spec.linker(page)
    lines = _shared_background(spec, rules)
    for status, heading in STATUS_HEADINGS.items():
        chosen = [rule for rule in rules if rule.status == status]
        if not chosen:
            continue
        lines += [f"## {heading}", "", f"{status_badge(status)} {STATUS_NOTES[status]}.", ""]
        for rule in chosen:
            lines += _rule(spec, rule, link, diagrams, page)
    return lines


def _shared_background(spec: Spec, rules: Sequence[Rule]) -> list[str]:
    """The feature backgrounds of the scenarios drawn under ``rules``, once each."""
    ids = {rule.id for rule in rules}
    files = dict.fromkeys(s.file for s in spec.scenarios if s.primary in ids)
    backgrounds: dict[tuple[str, ...], list[str]] = {}
    for feature in spec.features:
        if feature.file in files and feature.background:
            said = tuple(f"**{md.text(s.keyword)}** {md.text(s.text)}" for s in feature.background)
            backgrounds.setdefault(said, []).append(f"`{feature.file}`")
    lines = []
    for said, where in backgrounds.items():
        lines += [
            f"Every scenario of {', '.join(where)} starts with its background, "
            f"not repeated below: {'; '.join(said)}.",
            "",
        ]
    return lines


def _rule(spec: Spec, rule: Rule, link: Linker, diagrams: Diagrams, page: str) -> list[str]:
    lines = [
        f"### {rule.id} · {md.text(rule.title)} {{#{rule.id}}}",
        "",
        md.text(rule.statement),
        "",
        f"- **Status:** {status_badge(rule.status)}",
        f"- **Holds:** {_holds(rule, link)}",
        f"- **Named profiles:** {_profiles(spec, rule, link)}",
        f"- **Sources:** {'; '.join(link.source(source) for source in rule.sources)}",
    ]
    fixtures = [f for f in spec.fixtures if rule.id in f.rules]
    if fixtures:
        deals = "; ".join(link.deal(f.id, md.text(f.title)) for f in fixtures)
        lines.append(f"- **Deal fixtures:** {deals}")
    scenarios = spec.scenarios_by_rule.get(rule.id, [])
    shown = [s for s in scenarios if s.primary == rule.id]
    elsewhere = [s for s in scenarios if s.primary != rule.id]
    lines += [f"- **Scenarios:** {len(scenarios) or 'none yet'}", ""]
    if elsewhere:
        also = [
            f"- {link.scenario(s, md.text(s.name))} (drawn under {link.rule(s.primary or '')})"
            for s in elsewhere
        ]
        count = f"{len(elsewhere)} more scenario{'s' if len(elsewhere) > 1 else ''}"
        lines += [
            f'??? info "{count} rel{"y" if len(elsewhere) > 1 else "ies"} on this rule '
            'while showing another, and are drawn under that one"',
            "",
        ]
        lines += [*md.indent(also), ""]
    for scenario in shown:
        stock_in_play = stock_top_in_play(spec, scenario)
        lines += render_scenario(scenario, diagrams, depth(page), link.rule, stock_in_play)
        lines.append("")
    return lines


def stock_top_in_play(spec: Spec, scenario: Scenario) -> bool:
    """Whether a rule the scenario shows puts the stock's top card in play, which its diagrams'
    legend then says."""
    return any(
        "on" in spec.catalogue.rule(rule_id).when.get("stock_top_playable", ())
        for rule_id in scenario.rule_ids
    )


def _holds(rule: Rule, link: Linker) -> str:
    if not rule.when:
        return "under every rule set"
    return "when " + " and ".join(
        f"{link.setting(name)} is {' or '.join(f'*{state}*' for state in states)}"
        for name, states in rule.when.items()
    )


def _profiles(spec: Spec, rule: Rule, link: Linker) -> str:
    if not rule.profiles:
        return "none"
    if set(rule.profiles) == set(spec.profiles.profiles):
        return "all"
    return ", ".join(link.profile(name) for name in rule.profiles)


def render_index(spec: Spec) -> str:
    """Every rule ID, grouped by status, linked to its page."""
    link = spec.linker(RULES_INDEX)
    lines = [
        md.HEADER,
        "# Every rule, by ID",
        "",
        "Every rule has a stable ID that scenarios, fixtures and reports cite; its page shows "
        "its statement, sources, profiles, scenarios and fixtures. Rule areas: "
        + ", ".join(link.area(area, md.title(area)) for area in spec.areas)
        + ".",
        "",
    ]
    for status, heading in STATUS_HEADINGS.items():
        rules: Sequence[Rule] = [r for r in spec.catalogue.rules.values() if r.status == status]
        lines += [f"## {heading}", "", f"{status_badge(status)} {STATUS_NOTES[status]}.", ""]
        table = md.table(
            ["ID", "rule", "area", "scenarios"],
            [
                [
                    link.rule(rule.id),
                    md.text(rule.title),
                    link.area(rule.area, md.title(rule.area)),
                    str(len(spec.scenarios_by_rule.get(rule.id, []))),
                ]
                for rule in rules
            ],
        )
        lines += [*md.styled("rule-index", table), ""]
    return "\n".join(lines).rstrip() + "\n"
