"""The profiles page (switches × profiles), the sources page and the site's open points.

The sources page gives every document of ``spec/rules.yaml`` and each of its sections an
anchor, and lists under each section the rules that paraphrase it, so a rule's source link
lands on the section it comes from. It says what and where the document is, never what it
says: the rules are the project's own paraphrase.
"""

from __future__ import annotations

from typing import Any

from pyramide.conformance.specdata import Setting, Source, switch_state

from . import markdown as md
from .catalogue import render_open_points
from .links import OPEN_POINTS, PROFILES, RULES_INDEX, SOURCES, Linker, section_anchor
from .spec import Spec

APP = "app"
"""The app's profile, which the comparison table sets the others against."""


def render_profiles(spec: Spec) -> str:
    link = Linker(PROFILES, spec.catalogue)
    switches = spec.profiles.switches
    profiles = spec.profiles.profiles
    app = profiles[APP].switches
    lines = [
        md.HEADER,
        "# Profiles and switches",
        "",
        "A rule set is a value for each switch; a named profile is a named rule set, and its "
        "letter is the one its deal codes carry. An engine may also declare any other set of "
        "values (`pyramide check --profile my-rules.yaml`). In the table, **bold** marks a "
        f"value that differs from the app's rules (profile `{APP}`).",
        "",
        "## Comparison",
        "",
    ]
    header = [
        "profile (letter)",
        *(link.setting(name, name.replace("_", " ")) for name in switches),
    ]
    rows = []
    for name, profile in profiles.items():
        cells = [f"{link.profile(name)} (`{profile.letter}`)"]
        for switch in switches:
            shown = _value(switch, profile.switches[switch])
            differs = profile.switches[switch] != app[switch]
            cells.append(f"**{shown}**" if differs else shown)
        rows.append(cells)
    lines += md.styled("profile-table", md.table(header, rows))
    lines += ["", "## Switches", ""]
    for setting in switches.values():
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
    link = Linker(SOURCES, spec.catalogue)
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
        "are. Under each section: the rules that paraphrase it.",
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
            if rules:
                lines += [
                    f"- {link.rule(rule_id)}: {md.text(spec.catalogue.rule(rule_id).title)}"
                    for rule_id in rules
                ]
            else:
                lines.append("No rule cites this section.")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def render_site_open_points(spec: Spec) -> str:
    link = Linker(OPEN_POINTS, spec.catalogue)
    details = link.page_link(RULES_INDEX, "every rule by ID")
    return render_open_points(spec.catalogue, md.HEADER, details, link.rule)
