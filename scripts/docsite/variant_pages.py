"""A page for each variant: its introduction, its rule set beside the app's, where each of its
details comes from, the open points behind it, then its rules and scenarios.

Everything on it comes from the variant's feature file (its description, its ``Rule:`` blocks)
and from spec/: the switch states its rules hold under, the named profile of the same name, the
sources its rules cite with what each source section covers, the open points naming its rules.
"""

from __future__ import annotations

from collections import Counter

from pyramide.conformance.specdata import Rule, switch_state

from . import markdown as md
from .features import Feature
from .links import area_page, variant_page
from .rule_pages import introduction, render_rules
from .scenarios import Diagrams
from .spec import REDRAWN, VARIANT_PREFIX, Spec

APP = "app"
"""The app's profile, which a variant's rule set is set beside."""


def variant_name(feature: Feature) -> str:
    """``giza`` for ``features/variant-giza.feature``."""
    return feature.stem.removeprefix(VARIANT_PREFIX)


def variant_title(feature: Feature) -> str:
    """The feature's name without its ``Variant:`` prefix."""
    name = feature.name.removeprefix("Variant:").strip()
    return name[:1].upper() + name[1:]


def render_variant(spec: Spec, feature: Feature, diagrams: Diagrams) -> str:
    page = variant_page(variant_name(feature))
    rules = [spec.catalogue.rule(rule_id) for rule_id in feature.rules]
    lines = [md.HEADER, f"# {md.text(variant_title(feature))}", "", *introduction(feature), ""]
    lines += _rule_set(spec, feature, rules, page)
    lines += _sources(spec, rules, page)
    lines += _open_points(spec, feature, page)
    lines += _redrawn(spec, feature, page)
    lines += render_rules(spec, rules, page, diagrams)
    return "\n".join(lines).rstrip() + "\n"


def _rule_set(spec: Spec, feature: Feature, rules: list[Rule], page: str) -> list[str]:
    """The switches the variant sets, the app's state beside its own."""
    link = spec.linker(page)
    app = spec.profiles.profiles[APP].switches
    own = spec.profiles.profiles.get(variant_name(feature))
    named = [r.when for r in rules]
    switches = [name for name in spec.profiles.switches if any(name in when for when in named)]
    if own is not None:
        switches += [name for name in spec.profiles.switches if own.switches[name] != app[name]]
    switches = [name for name in spec.profiles.switches if name in switches]
    heading = f"profile `{own.name}`" if own is not None else "this variant"
    rows = []
    for name in switches:
        if own is not None:
            theirs = _value(name, own.switches[name])
        else:
            theirs = " or ".join(
                dict.fromkeys(state for when in named for state in when.get(name, ()))
            )
        apps = _value(name, app[name])
        rows.append([link.setting(name), apps, theirs if theirs == apps else f"**{theirs}**"])
    lines = ["## The rule set beside the app's", ""]
    if rows:
        lines += md.table(["switch", f"the app ({link.profile(APP)})", heading], rows)
        lines.append("")
    lines += [
        "Any other switch is as in the app. Named profiles playing the rules of this page: "
        + _playing(spec, rules, page)
        + ".",
        "",
    ]
    return lines


def _playing(spec: Spec, rules: list[Rule], page: str) -> str:
    """Each named profile playing some of the page's rules, with those it plays: a page may
    hold the rules of two rule sets no profile plays together (Apophis's: the classic page's
    pile named by the player, PySolFC's pile dealt in turn)."""
    link = spec.linker(page)
    playing = []
    for name in spec.profiles.profiles:
        played = [rule.id for rule in rules if name in rule.profiles]
        if played:
            which = "every rule" if len(played) == len(rules) else ", ".join(map(link.rule, played))
            playing.append(f"{link.profile(name)} ({which})")
    return "; ".join(playing) or "none"


def _value(switch: str, value: object) -> str:
    state = switch_state(switch, value)
    return f"{state} ({value})" if state == "limited" else state


def _sources(spec: Spec, rules: list[Rule], page: str) -> list[str]:
    """Each rule's sources, with what each source section covers."""
    link = spec.linker(page)
    lines = ["## Where each detail comes from", ""]
    for rule in rules:
        lines.append(f"- {link.rule(rule.id)} ({md.text(rule.title)}):")
        for source in rule.sources:
            covers = spec.covers.get(source)
            said = f": {md.text(covers)}" if covers else ""
            lines.append(f"    - {link.source(source)}{said}")
    return [*lines, ""]


def _open_points(spec: Spec, feature: Feature, page: str) -> list[str]:
    link = spec.linker(page)
    points = [p for p in spec.catalogue.open_points if set(p.rules) & set(feature.rules)]
    lines = ["## Open points behind its choices", ""]
    if not points:
        return [*lines, "None: the documents agree on this variant's details.", ""]
    lines += [
        f"- {link.open_point(p.number, f'{p.number}. {md.text(p.topic)}')}: "
        f"{p.settlement.replace('-', ' ')}."
        for p in points
    ]
    return [*lines, ""]


def _redrawn(spec: Spec, feature: Feature, page: str) -> list[str]:
    """How many of the app's scenarios are drawn again on the variant's tables, and the rules
    they show (the scenarios themselves are the app's, on the app's pages)."""
    name = variant_name(feature)
    scenarios = spec.redrawn.get(name, ())
    if not scenarios:
        return []
    link = spec.linker(page)
    shown = Counter(rule for scenario in scenarios for rule in scenario.rule_ids)
    rules = ", ".join(f"{link.rule(rule)} ({n})" for rule, n in sorted(shown.items()))
    return [
        "## The app's rules on its tables",
        "",
        f"Beside the scenarios below, {len(scenarios)} of the app's scenarios are drawn again on"
        f" these tables in `features/{REDRAWN}/{name}.feature`, generated from the app's files"
        " by `scripts/build_other_tables.py` (its `--why` lists those left out, and why). They"
        f" show {rules}.",
        "",
    ]


def render_variants_index(spec: Spec) -> list[str]:
    """What the variants area page says first: each variant's page, with its rules and
    scenarios counted. Each rule keeps an anchor here too, so that ``rules/variants/#RULE-ID``
    (where a report of ``pyramide check`` links a rule: its area's page) lands on its row."""
    page = area_page("variants")
    link = spec.linker(page)
    rows = []
    for feature in spec.variants:
        target = variant_page(variant_name(feature))
        count = sum(1 for s in spec.scenarios if s.file == feature.file)
        rows.append(
            [
                link.page_link(target, md.text(variant_title(feature))),
                ", ".join(f'<a id="{r}"></a>{link.rule(r)}' for r in feature.rules),
                str(count),
            ]
        )
    return [
        "Each variant has a page of its own: its introduction, its rule set beside the app's, "
        "where each detail comes from and the open points behind it, then its rules and "
        "scenarios.",
        "",
        *md.table(["variant", "its rules", "scenarios"], rows),
        "",
    ]
