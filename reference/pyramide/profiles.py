"""Rule profiles: the app's rules and the variant switches its rules document names.

Every switch is off in the app's profile (letter ``N``). The literature's variants each turn one
switch; the traditional and classic rule sets combine several. A profile's letter is the one a
deal code carries (``PY1-N-...``).
"""

from __future__ import annotations

from dataclasses import dataclass


class ProfileError(ValueError):
    """An unknown profile name or letter."""


@dataclass(frozen=True)
class Profile:
    """The rule switches an engine honours; the defaults are the app's rules.

    ``max_recycles`` is how many times the waste may be turned back into the stock: ``None`` for
    no limit (the app), ``0`` for a single pass through the stock.
    """

    name: str
    letter: str
    strict_win: bool = False
    max_recycles: int | None = None
    drawn_pairs_with_waste: bool = False
    pairs_with_covering_card: bool = False
    stock_24: bool = False


APP = Profile(name="app", letter="N")

PROFILES: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        APP,
        Profile(name="strict-win", letter="W", strict_win=True),
        Profile(name="single-pass", letter="P", max_recycles=0),
        Profile(name="three-passes", letter="R", max_recycles=2),
        Profile(name="drawn-with-waste", letter="D", drawn_pairs_with_waste=True),
        Profile(name="covering-pair", letter="C", pairs_with_covering_card=True),
        Profile(name="stock-24", letter="F", stock_24=True),
        Profile(name="traditional", letter="T", stock_24=True, max_recycles=2),
        Profile(
            name="classic-strict",
            letter="S",
            strict_win=True,
            max_recycles=0,
            drawn_pairs_with_waste=True,
            stock_24=True,
        ),
    )
}
"""Named rule sets. ``traditional`` follows the 24-card page with three passes; ``classic-strict``
the classic page's strict rules."""

PROFILES_BY_LETTER: dict[str, Profile] = {p.letter: p for p in PROFILES.values()}


def get_profile(name_or_letter: str) -> Profile:
    """Find a profile by name (``app``) or deal-code letter (``N``)."""
    profile = PROFILES.get(name_or_letter) or PROFILES_BY_LETTER.get(name_or_letter)
    if profile is None:
        known = ", ".join(f"{p.name} ({p.letter})" for p in PROFILES.values())
        raise ProfileError(f"unknown profile {name_or_letter!r}; known profiles: {known}")
    return profile
