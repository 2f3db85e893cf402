"""Write, or check, the ``Rule:`` headers of ``features/*.feature`` from ``spec/rules.yaml``.

A feature file groups its scenarios under one ``Rule:`` block per rule ID: the block is named
``<RULE-ID>: <title>``, its description is the rule's statement and a source line (the
documents and sections the rule paraphrases). That text lives in the catalogue only; this
script writes it into the feature files, so it is never written twice by hand::

    python scripts/build_features.py           # rewrite every Rule: header
    python scripts/build_features.py --check   # exit 1, naming file and rule, if one differs

The check also makes sure that every rule ID heads exactly one block in the whole rulebook, and
that every scenario sits under the block of the rule it is about (its first rule tag). A rule
that no scenario is about (its scenarios are about another rule and tag it as well) has a block
of its own all the same, with no scenario under it, so that its statement is read in its place.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Iterator, Mapping
from pathlib import Path

from pyramide.conformance.paths import features_dir
from pyramide.conformance.specdata import Rule, load_rules

WIDTH = 100
RULE_LINE = re.compile(r"^(?P<indent>\s*)Rule:\s*(?P<id>[A-Z0-9-]+?):?(?:\s|$)")
HEADER_ENDS = ("@", "Scenario", "Example", "Background:", "Rule:", "#")


def source_lines(rule: Rule, width: int) -> list[str]:
    """``Sources: app-fr « La mise en place »; app-hu « A kezdőállás »``, the sections of one
    document together, wrapped between documents only."""
    sections: dict[str, list[str]] = {}
    for source in rule.sources:
        sections.setdefault(source.doc, []).append(f"« {source.section} »")
    pieces = [f"{doc} {', '.join(parts)}" for doc, parts in sections.items()]
    lines = ["Sources:"]
    for n, piece in enumerate(pieces):
        piece += "." if n == len(pieces) - 1 else ";"
        if len(lines[-1]) + 1 + len(piece) > width:
            lines.append(piece)
        else:
            lines[-1] += " " + piece
    return lines


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width``, never breaking ``2 + J`` apart."""
    glued = text.replace(" + ", "\u00a0+\u00a0")
    return [
        line.replace("\u00a0", " ") for line in textwrap.wrap(glued, width, break_on_hyphens=False)
    ]


def header(rule: Rule, indent: str) -> list[str]:
    """The ``Rule:`` line and its description, as the catalogue says them."""
    inner = indent + "  "
    wrap = WIDTH - len(inner)
    return [
        f"{indent}Rule: {rule.id}: {rule.title}",
        *(inner + line for line in _wrap(rule.statement, wrap)),
        "",
        *(inner + line for line in source_lines(rule, wrap)),
        "",
    ]


def headers(text: str) -> Iterator[tuple[int, int, str, str]]:
    """Each ``Rule:`` header of a feature file: its first line, the line after it ends, the
    rule ID and the indentation."""
    lines = text.split("\n")
    for start, line in enumerate(lines):
        found = RULE_LINE.match(line)
        if found is None:
            continue
        end = start + 1
        while end < len(lines) and not lines[end].strip().startswith(HEADER_ENDS):
            end += 1
        yield start, end, found["id"], found["indent"]


def rewrite(text: str, rules: Mapping[str, Rule]) -> str:
    """The feature file with every known rule's header written from the catalogue."""
    lines = text.split("\n")
    for start, end, rule_id, indent in reversed(list(headers(text))):
        if rule_id in rules:
            lines[start:end] = header(rules[rule_id], indent)
    return "\n".join(lines)


def problems(path: Path, rules: Mapping[str, Rule], seen: dict[str, str]) -> list[str]:
    """What is wrong with one feature file's Rule: blocks (``seen``: rule ID → file so far)."""
    name = f"features/{path.name}"
    text = path.read_text(encoding="utf-8")
    found = []
    for _, _, rule_id, _ in headers(text):
        if rule_id not in rules:
            found.append(f"{name}: Rule: {rule_id} is not a rule ID of spec/rules.yaml")
        elif rule_id in seen:
            found.append(f"{name}: {rule_id} heads a Rule: block in {seen[rule_id]} already")
        seen.setdefault(rule_id, name)
    if rewrite(text, rules) != text:
        written = dict(_header_texts(text))
        expected = dict(_header_texts(rewrite(text, rules)))
        for rule_id in written:
            if written[rule_id] != expected.get(rule_id):
                found.append(
                    f"{name}: the Rule: header of {rule_id} differs from spec/rules.yaml "
                    "(run python scripts/build_features.py)"
                )
    found += _misplaced(name, text, rules)
    return found


def _header_texts(text: str) -> Iterator[tuple[str, str]]:
    lines = text.split("\n")
    for start, end, rule_id, _ in headers(text):
        yield rule_id, "\n".join(lines[start:end])


def _misplaced(name: str, text: str, rules: Mapping[str, Rule]) -> list[str]:
    """Scenarios not under the Rule: block of their first rule tag."""
    found, block, tags = [], None, []
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        rule = RULE_LINE.match(line)
        if rule is not None:
            block = rule["id"]
        elif stripped.startswith("@"):
            tags += [tag.lstrip("@") for tag in stripped.split()]
        elif stripped.startswith("Scenario"):
            subject = next((tag for tag in tags if tag in rules), None)
            if subject != block:
                found.append(
                    f"{name}:{number}: the scenario is about {subject} but sits under "
                    f"the Rule: block of {block}"
                )
            tags = []
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    rules = load_rules().rules
    paths = sorted(features_dir().glob("*.feature"))
    if args.check:
        seen: dict[str, str] = {}
        found = [line for path in paths for line in problems(path, rules, seen)]
        found += [
            f"features/: no Rule: block for {rule_id}" for rule_id in rules if rule_id not in seen
        ]
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    for path in paths:
        text = path.read_text(encoding="utf-8")
        new = rewrite(text, rules)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote features/{path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
