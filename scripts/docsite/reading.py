"""features/README.md on the site: its reading order and its words, and the order it gives.

The README is the rulebook's own guide, written for GitHub, where its links lead to the feature
files. The site shows its sections as they are written, each link to a feature file turned into
a link to the page showing that file's rules, and orders the rule areas (the nav, the home
page, the index) as the README's reading order does, so the order is written once.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_FEATURE_LINK = re.compile(r"\[([^\]]+)\]\(([\w-]+)\.feature\)")
_ORDER_ROW = re.compile(r"^\|\s*\d+\s*\|(.*)\|\s*$")


def sections(readme: str) -> dict[str, str]:
    """The README's ``##`` sections by heading, each without its heading line."""
    found: dict[str, str] = {}
    for part in re.split(r"^## ", readme, flags=re.MULTILINE)[1:]:
        heading, _, body = part.partition("\n")
        found[heading.strip()] = body.strip()
    return found


def reading_order(readme: str) -> list[str]:
    """The feature files the reading order table links, by stem, in the README's order."""
    rows = sections(readme).get("Reading order", "").splitlines()
    return list(
        dict.fromkeys(
            match[2]
            for row in rows
            if _ORDER_ROW.match(row)
            for match in _FEATURE_LINK.finditer(row)
        )
    )


def render_reading(readme: str, header: str, page_of: Callable[[str], str | None]) -> str:
    """The README under its own headings, reading order first and the words last, as it is
    written; ``page_of`` turns a feature file's stem into a link target relative to this page
    (``None``: the link's words alone)."""

    def relink(match: re.Match[str]) -> str:
        target = page_of(match[2])
        return f"[{match[1]}]({target})" if target else match[1]

    body = _FEATURE_LINK.sub(relink, readme.partition("\n## ")[2])
    preamble = readme.partition("\n## ")[0].split("\n", 1)[-1].strip()
    lines = [
        header,
        "# Reading the rules",
        "",
        "From `features/README.md`, the rulebook's own guide: the order to read its parts in, "
        "how a file and its tables read, and the words it uses, one word per idea.",
        "",
        _FEATURE_LINK.sub(relink, preamble),
        "",
        f"## {body}" if body else "",
    ]
    return "\n".join(lines).rstrip() + "\n"
