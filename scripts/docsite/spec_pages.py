"""The profiles page (switches × profiles), the sources page and the site's open points.

The sources page gives every document of ``spec/rules.yaml`` and each of its sections an
anchor, and under each section what it covers (``covers:`` in spec/rules.yaml, in the
project's words) and the rules that paraphrase it, so a rule's source link lands on the section
it comes from and a reader can weigh the paraphrase against what the section is about.
"""

from __future__ import annotations

from typing import Any

from pyramide.conformance.specdata import Setting, Source, switch_state

from . import markdown as md
from .catalogue import render_open_points
from .links import (
    OPEN_POINTS,
    PROFILES,
    RULES_INDEX,
    SOURCES,
    Linker,
    open_point_anchor,
    section_anchor,
)
from .spec import Spec

APP = "app"
"""The app's profile, which the comparison table sets the others against."""


def render_profiles(spec: Spec) -> str:
    link = spec.linker(PROFILES)
    profiles = spec.profiles.profiles
    app = profiles[APP].switches
    lines = [
        md.HEADER,
        "# Profiles and switches",
        "",
        "A rule set is a value for each switch; a named profile is a named rule set, and its "
        "letter is the one its deal codes carry. An engine may also declare any other set of "
        "values (`pyramide check --profile my-rules.yaml`).",
        "",
        "## Comparison",
        "",
        f"Each named profile beside the app's rules (profile `{APP}`): the switches it sets "
        "otherwise, with its value; every switch it leaves out is as in the app.",
        "",
    ]
    rows = [[link.profile(APP) + f" (`{profiles[APP].letter}`)", _app_values(spec, link)]]
    for name, profile in profiles.items():
        if name == APP:
            continue
        differs = [
            f"{link.setting(switch, switch.replace('_', ' '))} **{_value(switch, value)}**"
            for switch, value in profile.switches.items()
            if value != app[switch]
        ]
        rows.append([f"{link.profile(name)} (`{profile.letter}`)", "; ".join(differs) or "nothing"])
    lines += md.styled("profile-table", md.table(["profile (letter)", "switch values"], rows))
    lines += ["", "## Switches", ""]
    for setting in spec.profiles.switches.values():
        lines += _setting(setting, None)
    lines += [
        "## Conventions",
        "",
        "How an engine shows what it counts; an engine declares its own, and the rules bound "
        "to a convention apply only to the engines that declare it.",
        "",
    ]
    for setting in spec.profiles.conventions.values():
        lines += _setting(setting, setting.app)
    lines += ["## Named profiles", ""]
    for name, profile in profiles.items():
        held = [r for r in spec.catalogue.rules.values() if name in r.profiles]
        variants = [link.rule(r.id) for r in held if r.status == "variant"]
        lines += [
            f"### {name} {{#profile-{name}}}",
            "",
            md.text(profile.description),
            "",
            f"- **Deal code letter:** `{profile.letter}`",
            f"- **Rules that hold:** {len(held)} of {len(spec.catalogue.rules)}",
            f"- **Variant rules that hold:** {', '.join(variants) or 'none'}",
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def _app_values(spec: Spec, link: Linker) -> str:
    """Every switch at the app's value: the row the others are read against."""
    app = spec.profiles.profiles[APP].switches
    return "; ".join(
        f"{link.setting(switch, switch.replace('_', ' '))} {_value(switch, app[switch])}"
        for switch in spec.profiles.switches
    )


def _value(switch: str, value: Any) -> str:
    """A switch value as the table shows it: its state, and the number for a limit."""
    state = switch_state(switch, value)
    return f"{state} ({value})" if state == "limited" else state


def _setting(setting: Setting, app: str | None) -> list[str]:
    lines = [f"### `{setting.name}` {{#setting-{setting.name}}}", "", md.text(setting.description)]
    if app is not None:
        lines += ["", f"The app: *{app}*."]
    lines += [""]
    lines += md.table(
        ["state", "meaning"], [[f"*{s}*", md.text(m)] for s, m in setting.states.items()]
    )
    return [*lines, ""]


def render_sources(spec: Spec) -> str:
    link = spec.linker(SOURCES)
    citing: dict[Source, list[str]] = {}
    for rule in spec.catalogue.rules.values():
        for source in rule.sources:
            citing.setdefault(source, []).append(rule.id)
    lines = [
        md.HEADER,
        "# Sources",
        "",
        "Every rule cites the document sections it paraphrases. The documents are not part of "
        "the suite: the rules are stated in the project's own words, and only facts (numbers, "
        "card layouts, deal codes, the app's interface strings) are taken from them as they "
        "are. Under each section: what it covers, in our words, and the rules that paraphrase it.",
        "",
    ]
    for doc in spec.catalogue.documents.values():
        places = [md.text(doc.where)] if doc.where else []
        if doc.number:
            places.insert(
                0, f"document {doc.number} of the rules documents the suite is written from"
            )
        where = "; ".join(places) or "not recorded"
        lines += [
            f"## {doc.key}: « {md.text(doc.title)} » {{#{doc.key}}}",
            "",
            f"{md.text(doc.description)}",
            "",
            f"- **Language:** {doc.language}",
            f"- **Where:** {where}",
            "",
        ]
        for section in doc.sections:
            source = Source(doc.key, section)
            rules = citing.get(source, [])
            lines += [f"### {md.text(section)} {{#{section_anchor(source)}}}", ""]
            if source in spec.covers:
                lines += [f"*What it covers:* {md.text(spec.covers[source])}", ""]
            if rules:
                lines += ["Rules that paraphrase it:", ""]
                lines += [
                    f"- {link.rule(rule_id)}: {md.text(spec.catalogue.rule(rule_id).title)}"
                    for rule_id in rules
                ]
            else:
                lines.append("No rule cites this section.")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def render_site_open_points(spec: Spec) -> str:
    link = spec.linker(OPEN_POINTS)
    details = link.page_link(RULES_INDEX, "every rule by ID")
    return render_open_points(spec.catalogue, md.HEADER, details, link.rule, open_point_anchor)
