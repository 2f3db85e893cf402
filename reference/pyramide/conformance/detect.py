"""``pyramide detect``: find out which rule set an engine plays, by playing it.

The same machinery as the rulebook, read backwards: each probe sets up a position whose outcome
tells the values of one switch apart, plays it through the adapter, and reads the snapshot. The
report gives every switch value found with its evidence, then the named profile that fits, or
the nearest one and how it differs. The engine's declared switches are never read: only what it
does counts. Probes need an engine that starts from our tables (and, for the deal, one that deals
its own games); a switch no probe could reach is reported unknown, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from .adapter import FACE_DOWN, REVISION_2_SWITCHES, REVISION_3_SWITCHES, Adapter, Snapshot
from .drawings import parse_table
from .rulesets import RuleSetError, UnderTest
from .specdata import SWITCHES, load_profiles

MAX_RECYCLES_TRIED = 6
"""Recycles tried before a stock is said to recycle without limit."""
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Finding:
    """One switch's value as the engine's behaviour shows it, and why."""

    switch: str
    value: Any
    evidence: str


@dataclass(frozen=True)
class Probe:
    """Starts games of the engine under one of its rule sets and plays taps."""

    adapter: Adapter
    how: Mapping[str, Any]
    """What ``start`` takes to play the rule set (its profile name, maybe its switches)."""

    def table(self, drawing: str) -> Snapshot:
        return self.adapter.start(layout=parse_table(drawing), **self.how)

    def own_deal(self) -> Snapshot:
        how = {**self.how, "deal": 1}  # the number only engines with own deals are sent
        return self.adapter.start(**how)

    def tap(self, *targets: str) -> Snapshot:
        snapshot = self.adapter.snapshot()
        for target in targets:
            snapshot = self.adapter.tap(target)
        return snapshot


def _gone(snapshot: Snapshot, *cards: str) -> bool:
    """None of the cards is anywhere on the table (the stock counted when it is listed)."""
    seen = {c for row in snapshot.pyramid for c in row} | set(snapshot.waste)
    seen |= set(snapshot.stock or ())
    return not seen & set(cards)


def deal_probes(probe: Probe) -> list[Finding]:
    """What a deal of the engine's own shows: the deck, the shape and its rows, the piles, the
    first waste cards and the face-down ones."""
    dealt = probe.own_deal()
    waste = len(dealt.waste)
    down = sum(card == FACE_DOWN for row in dealt.pyramid for card in row)
    shown = [c for row in dealt.pyramid for c in row if c not in (None, FACE_DOWN)]
    deck = Card.parse(shown[0]).deck.name if shown else UNKNOWN
    width = len(dealt.pyramid[0])
    reserves, piles = len(dealt.reserves), 1 + len(dealt.more_wastes)
    draw = waste if waste and piles == 1 else 1
    dealt_on = sum(len(pile) for pile in dealt.more_wastes)  # PySolFC's Apophis deals a row
    if not waste and not reserves:  # a 24-card stock: one draw shows how many it turns
        draw = len(probe.tap("stock").waste)
    return [
        Finding(
            "stock_24", waste == 0 and not reserves, f"its deal 1 starts with {waste} waste card(s)"
        ),
        Finding("face_down", down > 0, f"its own deal 1 shows {down} face-down pyramid cards"),
        Finding("deck", deck, f"its own deal 1 shows {shown[0] if shown else 'no card'}"),
        Finding(
            "layout",
            "triangle" if width > 1 else "pyramid",
            f"row 1 of its own deal 1 holds {width} place(s)",
        ),
        Finding("rows", len(dealt.pyramid), f"its own deal 1 has {len(dealt.pyramid)} rows"),
        Finding("reserves", reserves, f"its own deal 1 shows {reserves} reserve pile(s)"),
        Finding("waste_piles", piles, f"its own deal 1 shows {piles} waste pile(s)"),
        Finding("draw_count", draw or UNKNOWN, f"a draw turns {draw} card(s) onto the waste"),
        Finding(
            "waste_choice",
            "player" if piles > 1 and not dealt_on else "deal",
            f"its own deal 1 puts {dealt_on} card(s) on the waste piles after the first",
        ),
    ]


def plays_our_tables(findings: list[Finding]) -> bool:
    """The table probes draw French cards in a pyramid over a stock: only an engine shown to
    play those (or not shown otherwise) is probed with them."""
    values = {f.switch: f.value for f in findings}
    return all(values.get(name, value) in (value, UNKNOWN) for name, value in OUR_TABLES.items())


OUR_TABLES = {"deck": "french", "layout": "pyramid", "rows": 7, "reserves": 0}
"""The switch values the table probes' drawings assume."""


def probe_recycles(probe: Probe) -> Finding:
    """Draw a four-card stock to its end, tap it again, and count the taps that bring cards
    back. Four cards, because an engine may deal again in the same tap that recycles (PySolFC's
    Apophis): the tap still leaves cards in the stock, where with one card it would look like
    nothing happened. Only what the taps did is evidence: a stock the draws do not empty
    tells nothing about recycling."""
    snapshot = probe.table("5♣\n9♦ 3♠\nstock: 2♥ 6♥ 8♠ 9♠")
    for recycles in range(MAX_RECYCLES_TRIED + 1):
        snapshot = draw_out(probe, snapshot)
        if snapshot.stock_size:
            return Finding(
                "max_recycles",
                UNKNOWN,
                f"a tap on a stock of {snapshot.stock_size} card(s) drew none of them"
                + (f", after {recycles} recycle(s)" if recycles else ""),
            )
        snapshot = probe.tap("stock")
        if snapshot.stock_size == 0:
            return Finding(
                "max_recycles",
                recycles,
                f"a four-card stock drawn to its end was turned back {recycles} times, then a "
                "tap on the empty stock brought no card back",
            )
    return Finding(
        "max_recycles",
        None,
        f"a four-card stock drawn to its end was turned back {MAX_RECYCLES_TRIED + 1} times",
    )


def draw_out(probe: Probe, snapshot: Snapshot) -> Snapshot:
    """Tap the stock until it is empty, or until a tap leaves it as full as it was."""
    while snapshot.stock_size:
        drawn = probe.tap("stock")
        if drawn.stock_size >= snapshot.stock_size:
            return drawn
        snapshot = drawn
    return snapshot


def probe_win(probe: Probe) -> Finding:
    after = probe.table("6♦\nwaste: 7♣\nstock: K♥")
    after = probe.tap("r1c1", "waste")
    if not _gone(after, "6D", "7C"):
        return Finding("strict_win", UNKNOWN, "the pair 6♦ + 7♣ clearing the pyramid was refused")
    won = after.status == "won"
    return Finding(
        "strict_win",
        not won,
        f"with the pyramid cleared and K♥ left in the stock the game is {after.status}",
    )


def probe_waste(probe: Probe) -> Finding:
    probe.table("Q♣\nA♦ 9♦\nwaste: 6♦ 7♣\nstock: 2♠")
    if _gone(probe.tap("waste", "waste-below"), "6D", "7C"):
        return Finding(
            "waste_play",
            "top-with-below",
            "the waste top 7♣ paired with the 6♦ beneath it with no draw just before",
        )
    probe.table("Q♣\nA♦ 9♦\nwaste: 6♦\nstock: 7♣ 2♠")
    if _gone(probe.tap("stock", "waste", "waste-below"), "6D", "7C"):
        return Finding(
            "waste_play",
            "drawn-with-below",
            "the 7♣ paired with the 6♦ beneath it only right after being drawn",
        )
    return Finding("waste_play", "top", "the 7♣ never paired with the 6♦ beneath it")


def probe_waste_keeps(probe: Probe) -> Finding:
    """Draw onto a one-card waste: the card beneath stays, or leaves play with the draw."""
    probe.table("Q♣\nA♦ 9♦\nwaste: 6♦\nstock: 7♣")
    waste = probe.tap("stock").waste
    if waste[-1:] != ("7C",):
        return Finding("waste_keeps", UNKNOWN, "a tap on the stock did not turn its 7♣ up")
    if len(waste) > 1:
        return Finding("waste_keeps", "all", "the 6♦ stayed on the waste under the 7♣ drawn")
    return Finding("waste_keeps", "last", "the 6♦ left play when the 7♣ was drawn onto it")


def probe_stock_top(probe: Probe) -> Finding:
    probe.table("Q♣\nA♦ 9♦\nstock: 4♣ 5♠")
    paired = _gone(probe.tap("stock-top", "r2c2"), "4C", "9D")
    what = "paired with" if paired else "could not pair with"
    return Finding("stock_top_playable", paired, f"the stock's top card 4♣ {what} the free 9♦")


def probe_covering(probe: Probe) -> Finding:
    probe.table("6♦\n7♣ K♥\nstock: 2♣")
    paired = _gone(probe.tap("r2c2", "r2c1", "r1c1"), "6D", "7C")
    what = "paired with" if paired else "could not pair with"
    return Finding(
        "pairs_with_covering_card", paired, f"the 6♦ {what} the 7♣, the last card covering it"
    )


TABLE_SWITCHES = (
    "max_recycles",
    "strict_win",
    "waste_play",
    "stock_top_playable",
    "pairs_with_covering_card",
    "waste_keeps",
)
"""The switches the table probes find, in their order."""
TABLE_PROBES: tuple[Callable[[Probe], Finding], ...] = (
    probe_recycles,
    probe_win,
    probe_waste,
    probe_stock_top,
    probe_covering,
    probe_waste_keeps,
)


@dataclass(frozen=True)
class Detection:
    """Every switch found, and how the named profiles compare."""

    findings: tuple[Finding, ...]
    fits: tuple[str, ...]
    """The named profiles matching every switch found (more than one when a switch is unknown)."""
    nearest: str
    differences: tuple[str, ...]
    declared: str
    """The rule set the engine was started under: the one asked for, or its first."""
    declared_differences: tuple[str, ...] | None
    """How what it does differs from the switches of ``declared``; None when the suite does
    not know them (a rule set the engine names but does not give the switches of)."""

    @property
    def profile(self) -> str | None:
        """The one named profile that fits, if exactly one does."""
        return self.fits[0] if len(self.fits) == 1 else None

    @property
    def switches(self) -> dict[str, Any]:
        return {f.switch: f.value for f in self.findings}

    def report(self) -> str:
        lines = [f"{'switch':<25} {'value':<17} evidence"]
        for f in self.findings:
            lines.append(f"{f.switch:<25} {_show(f.value):<17} {f.evidence}")
        lines.append("")
        unknown = ", ".join(f.switch for f in self.findings if f.value == UNKNOWN)
        if self.profile is not None and unknown:
            lines.append(
                f"profile: {self.profile} (the only profile matching every switch found; "
                f"unknown here: {unknown})"
            )
        elif self.profile is not None:
            lines.append(f"profile: {self.profile} (every switch found matches it)")
        elif self.fits:
            lines.append(f"several profiles fit: {', '.join(self.fits)} (unknown here: {unknown})")
        else:
            lines.append(f"no named profile matches; nearest: {self.nearest}, which differs in:")
            lines.extend(f"  {difference}" for difference in self.differences)
        lines.append(self._declared_line())
        lines.extend(f"  {difference}" for difference in self.declared_differences or ())
        return "\n".join(lines)

    def _declared_line(self) -> str:
        """Whether what the engine does is the rule set it was started under."""
        if self.declared_differences is None:
            return f"declared: {self.declared}, whose switches the suite does not know"
        if not self.declared_differences:
            return f"declared: {self.declared}, and every switch found matches it"
        return f"declared: {self.declared}, but the engine differs from it in:"

    def to_json(self) -> dict[str, Any]:
        return {
            "switches": {
                f.switch: {"value": f.value, "evidence": f.evidence} for f in self.findings
            },
            "profile": self.profile,
            "fits": list(self.fits),
            "nearest": self.nearest,
            "differences": list(self.differences),
            "declared": {
                "name": self.declared,
                "matches": self.declared_differences == (),
                "differences": (
                    None if self.declared_differences is None else list(self.declared_differences)
                ),
            },
        }


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "null (no limit)" if value is None else str(value)


def detect(factory: Callable[[], Adapter], profile: str | None = None) -> Detection:
    """Probe the engine under ``profile`` (default: the first rule set it declares)."""
    adapter = factory()
    capabilities = adapter.capabilities()
    declared = [*capabilities.profiles, *capabilities.rule_sets]
    name = profile or (declared[0] if declared else "app")
    switches: Mapping[str, Any] | None = None
    try:
        under = UnderTest.of(capabilities, name)
        how, switches = under.start_arguments(), under.rule_set.switches
    except RuleSetError:
        if name not in declared:  # neither declared nor playable through any_rule_set
            raise
        how = {"profile": name}  # a rule set of the engine's own, under its own name
    probe = Probe(adapter, how)
    findings: list[Finding] = []
    if capabilities.own_deals:
        findings += deal_probes(probe)
    else:
        findings += [
            Finding(s, UNKNOWN, "the engine deals no game of its own")
            for s in ("stock_24", "face_down", *REVISION_2_SWITCHES, *REVISION_3_SWITCHES)
        ]
    if capabilities.tables and plays_our_tables(findings):
        findings += [run(probe) for run in TABLE_PROBES]
        findings = [
            Finding(
                f.switch, OUR_TABLES[f.switch], "it plays our tables: French cards, a 7-row pyramid"
            )
            if f.switch in OUR_TABLES and f.value == UNKNOWN
            else f
            for f in findings
        ]
    else:
        why = "no tables of ours" if not capabilities.tables else "our tables do not fit its deal"
        findings += [Finding(switch, UNKNOWN, why) for switch in TABLE_SWITCHES]
    order = {switch: n for n, switch in enumerate(SWITCHES)}
    findings.sort(key=lambda f: order.get(f.switch, len(order)))
    return compare(tuple(findings), name, switches)


def compare(
    findings: tuple[Finding, ...], declared: str, switches: Mapping[str, Any] | None
) -> Detection:
    """The named profile matching every known finding, else the one differing least; and how
    the findings differ from the ``switches`` of the rule set the engine ``declared``."""
    ranked = []
    for name, spec in load_profiles().profiles.items():
        differences = differing(findings, name, spec.switches)
        ranked.append((len(differences), name, differences))
    ranked.sort(key=lambda entry: entry[0])
    fits = tuple(name for count, name, _ in ranked if count == 0)
    _, nearest, differences = ranked[0]
    theirs = None if switches is None else differing(findings, declared, switches)
    return Detection(findings, fits, nearest, differences, declared, theirs)


def differing(
    findings: tuple[Finding, ...], name: str, switches: Mapping[str, Any]
) -> tuple[str, ...]:
    """Each switch found (not unknown) whose value is not the one rule set ``name`` gives it."""
    return tuple(
        f"{f.switch}: the engine plays {_show(f.value)}, {name} says {_show(switches[f.switch])}"
        for f in findings
        if f.value != UNKNOWN and switches[f.switch] != f.value
    )
