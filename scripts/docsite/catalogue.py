"""What the committed pages (``docs/rules.md``, ``docs/open-points.md``) and the site share:
the statuses' meaning and the open points, rendered with whatever links the page can follow."""

from __future__ import annotations

from collections.abc import Callable

from pyramide.conformance.specdata import Catalogue

STATUS_NOTES = {
    "required": "every engine playing the profile must obey it",
    "variant": "holds only under the rule sets whose switches turn it on",
    "convention": (
        "how an engine shows what it counts; holds for the engines that declare that convention"
    ),
    "implementation-defined": (
        "the documents are silent; the statement says what the reference engine does, and the "
        "suite forces it on no other engine"
    ),
}
"""Each status, in the order pages list them, and what it means for an engine."""


def code(rule_id: str) -> str:
    """A rule ID as code, for pages that cannot link to the rule."""
    return f"`{rule_id}`"


def render_open_points(
    catalogue: Catalogue,
    header: str,
    details: str,
    rule_link: Callable[[str], str] = code,
    anchor: Callable[[int], str] | None = None,
) -> str:
    """Each open point: the question, how it is settled, the rules concerned (``rule_link``
    writes a rule ID as the page can show it; ``anchor``, if given, names each point's heading
    so that other pages can link to it)."""
    lines = [
        header,
        "# Open points and how they are settled\n",
        "Where the rules documents disagree or say nothing, the specification either chooses "
        "one reading and says why, or marks the rule implementation-defined, which the suite "
        f"then does not force on other engines. Rule details: {details}.\n",
    ]
    for point in catalogue.open_points:
        rules = ", ".join(rule_link(rule_id) for rule_id in point.rules)
        lines += [
            f"## {point.number}. {point.topic}"
            + (f" {{#{anchor(point.number)}}}" if anchor else ""),
            "",
            f"**Question.** {point.question}",
            "",
            f"**Settlement:** {point.settlement.replace('-', ' ')}.",
            "",
            f"**Resolution.** {point.resolution}",
            "",
            f"**Rules:** {rules}",
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"
