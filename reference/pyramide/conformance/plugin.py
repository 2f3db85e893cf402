"""The pytest plugin (registered by entry point): which engine the scenarios check, under which
rule set, and which scenarios apply to it.

``--pyramide-impl package.module:factory`` names the adapter factory and ``--pyramide-cmd``
the command of an engine speaking JSON lines (default: the reference engine);
``--pyramide-profile NAME|FILE.yaml`` names the rule set under test (default: the first one the
adapter declares). Every scenario runs under that rule set, its text fixing none: a scenario
whose rules do not hold there (a rule's ``when`` in ``spec/rules.yaml``, against the rule set's
switches and the engine's conventions) is skipped as *outside the rule set*; one needing a
capability the adapter lacks, or a rule set the engine does not play, as *not applicable*.
Both are reported apart, never as passed. Each scenario gets a fresh adapter.

Tags a scenario may carry (each registered as a pytest marker, so ``--strict-markers`` rejects
any other): rule IDs from ``spec/rules.yaml``, ``@profile-<name>`` (the scenario is about that
named profile itself, e.g. its documented deal codes) and ``@implementation-defined``. The
capability tags (``@needs-<capability>``) are never written: the plugin adds them at collection,
from the steps a scenario uses (:func:`pyramide.conformance.reliance.needs`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache

import pytest
from pytest_bdd.parser import Scenario

from . import rulesets, step_lookup
from .adapter import Adapter, AdapterError, Capabilities
from .checks import CheckFailed
from .drawings import start_outside
from .exchange import Recording
from .loading import AdapterLoadError, load_factory
from .moveshim import MoveShimAdapter
from .reliance import scenario_needs, scenario_start
from .rulesets import RuleSetError, UnderTest
from .spec_files import SpecError
from .specdata import load_profiles, load_rules

NOT_APPLICABLE = "not applicable: "
OUTSIDE = "outside the rule set: "
PROFILE_PREFIX = "profile-"
IMPLEMENTATION_DEFINED = "implementation-defined"
CAPABILITY_TAGS: dict[str, str] = {
    "needs-taps": "taps and selection",
    "needs-messages": "messages",
    "needs-undo": "undo",
    "needs-codes": "deal codes",
    "needs-stock-order": "the stock's order",
}
"""Capability tags and what they ask of an adapter (see :func:`missing_capability`); derived
from a scenario's steps at collection, never written in the feature files."""

_FACTORY = pytest.StashKey[Callable[[], Adapter]]()
_UNDER = pytest.StashKey["UnderTest"]()
RECORDING = pytest.StashKey[Recording]()
"""Where a scenario's recorded exchange with the engine is kept, for the report."""
STEPS_DONE = pytest.StashKey[int]()
"""How many of a scenario's steps have passed, to tell a scenario that ran to its end."""
STEP_FAILED = pytest.StashKey[BaseException]()
"""The failure of a scenario's step, when one failed."""


# --- the pure decisions (the runner reuses them) --------------------------------------------


@cache
def known_tags() -> Mapping[str, str]:
    """Every tag a scenario may carry, with what it means."""
    tags = {rule.id: rule.title for rule in load_rules().rules.values()}
    profiles = load_profiles().profiles
    tags.update({PROFILE_PREFIX + name: f"about the {name} rules themselves" for name in profiles})
    tags.update({tag: f"needs {what}" for tag, what in CAPABILITY_TAGS.items()})
    tags[IMPLEMENTATION_DEFINED] = "shows the reference engine's reading of an open point"
    return tags


def scenario_profile(tags: Iterable[str]) -> str | None:
    """The named profile a scenario is about (its ``@profile-`` tag), if any."""
    for tag in tags:
        if tag.startswith(PROFILE_PREFIX):
            return tag.removeprefix(PROFILE_PREFIX)
    return None


def missing_capability(tag: str, capabilities: Capabilities) -> bool:
    """Whether the adapter lacks what the capability tag asks for."""
    has = {
        "needs-taps": capabilities.taps,
        "needs-messages": capabilities.messages is not None,
        "needs-undo": capabilities.undo,
        "needs-codes": capabilities.deal_codes,
        "needs-stock-order": capabilities.stock_order,
    }
    return tag in has and not has[tag]


def outside(tags: Iterable[str], under: UnderTest) -> str | None:
    """Why a scenario with these tags is not part of the rule set under test, or None."""
    tags = list(tags)
    about = scenario_profile(tags)
    if about is not None and dict(rulesets.named(about).switches) != dict(under.rule_set.switches):
        return f"{OUTSIDE}the scenario is about the {about} profile itself"
    catalogue = load_rules().rules
    states = under.states
    conflicts = [
        line for tag in tags if tag in catalogue for line in catalogue[tag].conflicts(states)
    ]
    return f"{OUTSIDE}{'; '.join(conflicts)}" if conflicts else None


def not_applicable(tags: Iterable[str], under: UnderTest) -> str | None:
    """Why a scenario that belongs to the rule set cannot be checked on this engine, or None."""
    if under.binding is None:
        return (
            f"{NOT_APPLICABLE}the adapter declares no rule set with the switches of "
            f"{under.rule_set.name} ({under.rule_set.describe()})"
        )
    lacking = [
        what
        for tag, what in CAPABILITY_TAGS.items()
        if tag in tags and missing_capability(tag, under.capabilities)
    ]
    if lacking:
        return f"{NOT_APPLICABLE}the adapter does not offer {', '.join(lacking)}"
    return None


# --- pytest hooks ---------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("pyramide", "Pyramide conformance suite")
    group.addoption(
        "--pyramide-impl",
        metavar="package.module:factory",
        help="the adapter factory of the engine under test (default: the reference engine)",
    )
    group.addoption(
        "--pyramide-cmd",
        metavar="COMMAND",
        help="the command of an engine speaking JSON lines (instead of --pyramide-impl)",
    )
    group.addoption(
        "--pyramide-moves-cmd",
        metavar="COMMAND",
        help="the command of a move-level engine speaking JSON lines (docs/moves-protocol.md)",
    )
    group.addoption(
        "--pyramide-timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="how long a JSON-lines engine may take to answer one request (default 5)",
    )
    group.addoption(
        "--pyramide-profile",
        metavar="NAME",
        help="the rule set under test: a profile name or a YAML file of switches "
        "(default: the first rule set the adapter declares)",
    )


def pytest_configure(config: pytest.Config) -> None:
    step_lookup.install()
    try:
        tags = known_tags()
    except SpecError as error:
        raise pytest.UsageError(f"the suite's own spec/ is broken: {error}") from None
    for tag, meaning in sorted(tags.items()):
        config.addinivalue_line("markers", f"{tag}: {meaning}")
    try:
        config.stash[_FACTORY] = load_factory(
            config.getoption("--pyramide-impl"),
            config.getoption("--pyramide-cmd"),
            config.getoption("--pyramide-timeout"),
            config.getoption("--pyramide-moves-cmd"),
        )
    except AdapterLoadError as error:
        raise pytest.UsageError(str(error)) from None
    wanted = config.getoption("--pyramide-profile")
    if wanted is not None:
        try:
            rulesets.resolve(wanted)
        except RuleSetError as error:
            if rulesets.is_file(wanted):
                raise pytest.UsageError(str(error)) from None
            try:  # not a named profile: the engine may declare it as a rule set of its own
                under_test(config)
            except AdapterError as failure:
                raise pytest.UsageError(f"{error} (and the engine failed: {failure})") from None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tag every scenario with the capabilities its steps ask for, as pytest-bdd tags it with
    the tags written above it (markers), so that every decision downstream sees them."""
    for item in items:
        for tag in sorted(scenario_needs(item)):
            item.add_marker(tag)


def tags_of(item: pytest.Item) -> set[str]:
    """The suite's tags on a collected scenario (pytest-bdd turns tags into markers)."""
    known = known_tags()
    return {mark.name for mark in item.iter_markers() if mark.name in known}


def under_test(config: pytest.Config) -> UnderTest:
    """The engine and rule set of this run, worked out once (asking the engine its
    capabilities); a rule set that makes no sense stops the run as a usage error."""
    if _UNDER not in config.stash:
        capabilities = config.stash[_FACTORY]().capabilities()
        try:
            config.stash[_UNDER] = UnderTest.of(
                capabilities, config.getoption("--pyramide-profile")
            )
        except (RuleSetError, SpecError) as error:
            raise pytest.UsageError(str(error)) from None
    return config.stash[_UNDER]


def pytest_runtest_setup(item: pytest.Item) -> None:
    tags = tags_of(item)
    if not tags:
        return
    under = under_test(item.config)
    reason = outside(tags, under) or start_outside_reason(item, under)
    reason = reason or not_applicable(tags, under)
    if reason is not None:
        pytest.skip(reason)


def start_outside_reason(item: pytest.Item, under: UnderTest) -> str | None:
    """A scenario starting from another game's table or deal is outside the rule set, whatever
    the engine can do (:func:`~pyramide.conformance.drawings.start_outside`)."""
    why = start_outside(*scenario_start(item), under.states)
    return None if why is None else f"{OUTSIDE}{why}"


@pytest.fixture
def adapter(request: pytest.FixtureRequest) -> Adapter:
    """A fresh adapter of the engine under test, for one scenario, noting the exchange with
    the engine for the report of a failure."""
    engine = request.config.stash[_FACTORY]()
    shim = move_shim(engine)
    if shim is not None:
        shim.defer = True  # its moves compared with the rules' speak after the steps
    recording = Recording(engine)
    request.node.stash[RECORDING] = recording
    return recording


def pytest_bdd_after_step(request: pytest.FixtureRequest) -> None:
    stash = request.node.stash
    stash[STEPS_DONE] = stash.get(STEPS_DONE, 0) + 1


def pytest_bdd_step_error(request: pytest.FixtureRequest, exception: BaseException) -> None:
    request.node.stash[STEP_FAILED] = exception


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, scenario: Scenario) -> None:
    """Judge a move engine's scenario by the disagreements of its moves with the rules' that
    the move shim kept back (issue 33 B), which are evidence against the rules deciding those
    moves. A step that failed after one of the scenario's own taps met one (a move asked for
    and refused where the rules allow it, or played where they forbid it) failed because of
    it; so did a failed step that named no rule of its own, after the engine's moves had
    disagreed at any state. A scenario whose steps all passed fails on the first disagreement.
    A step that names its rule with no disagreement in its path, and a skip, are left alone."""
    shim = move_shim(request.node.stash.get(RECORDING, None))
    if shim is None:
        return
    failed = request.node.stash.get(STEP_FAILED, None)
    if failed is not None:
        named = isinstance(failed, CheckFailed) and bool(failed.rules)
        cause = shim.in_path or (None if named else shim.deferred)
        if cause is not None:
            then = str(failed).strip().splitlines()[:1]
            because = f"{cause}; then: {then[0]}" if then else str(cause)
            raise CheckFailed(because, cause.rules, cause.cleared) from failed
        return
    ran_to_the_end = request.node.stash.get(STEPS_DONE, 0) == len(scenario.steps)
    if ran_to_the_end and shim.deferred is not None:
        raise shim.deferred


def move_shim(engine: object) -> MoveShimAdapter | None:
    """The move shim inside ``engine``'s wrappers (the recording, the notation's), each of
    which keeps what it wraps as ``adapter``; None for an engine that is no move engine."""
    while not isinstance(engine, MoveShimAdapter):
        engine = getattr(engine, "adapter", None)
        if engine is None:
            return None
    return engine


@pytest.fixture
def rules_under_test(request: pytest.FixtureRequest) -> UnderTest:
    """The rule set the scenario plays under and the engine's conventions."""
    return under_test(request.config)
