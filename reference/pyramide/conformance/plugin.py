"""The pytest plugin (registered by entry point): which engine the scenarios check, and which
scenarios apply to it.

``--pyramide-impl package.module:factory`` names the adapter factory and ``--pyramide-cmd``
the command of an engine speaking JSON lines (default: the reference engine);
``--pyramide-profile NAME`` keeps only the scenarios of one rule profile. Each scenario
gets a fresh adapter. A scenario whose tags ask for a capability the adapter lacks, or for a
profile it does not claim, is skipped with a reason starting ``not applicable: `` so that
reports count it apart, never as passed.

Tags a scenario may carry (each registered as a pytest marker, so ``--strict-markers`` rejects
any other): rule IDs from ``spec/rules.yaml``, ``@profile-<name>``, ``@needs-<capability>`` and
``@implementation-defined``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache

import pytest

from .adapter import Adapter, Capabilities
from .loading import AdapterLoadError, load_factory
from .specdata import SpecError, load_profiles, load_rules

NOT_APPLICABLE = "not applicable: "
PROFILE_PREFIX = "profile-"
DEFAULT_PROFILE = "app"
IMPLEMENTATION_DEFINED = "implementation-defined"
CAPABILITY_TAGS: dict[str, str] = {
    "needs-taps": "taps and selection",
    "needs-messages": "messages",
    "needs-undo": "undo",
    "needs-codes": "deal codes",
    "needs-stock-order": "the stock's order",
}
"""Capability tags and what they ask of an adapter (see :func:`missing_capability`)."""

_FACTORY = pytest.StashKey[Callable[[], Adapter]]()
_CAPABILITIES = pytest.StashKey[Capabilities]()


# --- the pure decisions (the runner reuses them) --------------------------------------------


@cache
def known_tags() -> Mapping[str, str]:
    """Every tag a scenario may carry, with what it means."""
    tags = {rule.id: rule.title for rule in load_rules().rules.values()}
    profiles = load_profiles().profiles
    tags.update({PROFILE_PREFIX + name: f"played under the {name} rules" for name in profiles})
    tags.update({tag: f"needs {what}" for tag, what in CAPABILITY_TAGS.items()})
    tags[IMPLEMENTATION_DEFINED] = "shows the reference engine's reading of an open point"
    return tags


def scenario_profile(tags: Iterable[str]) -> str:
    """The profile a scenario is played under: its ``@profile-`` tag, else the app's."""
    for tag in tags:
        if tag.startswith(PROFILE_PREFIX):
            return tag.removeprefix(PROFILE_PREFIX)
    return DEFAULT_PROFILE


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


def not_applicable(tags: Iterable[str], capabilities: Capabilities) -> str | None:
    """Why a scenario with these tags does not apply to the adapter, or None if it does."""
    tags = list(tags)
    profile = scenario_profile(tags)
    if profile not in capabilities.profiles:
        return f"{NOT_APPLICABLE}the adapter does not claim the {profile} profile"
    lacking = [CAPABILITY_TAGS[tag] for tag in tags if missing_capability(tag, capabilities)]
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
        "--pyramide-timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="how long a JSON-lines engine may take to answer one request (default 5)",
    )
    group.addoption(
        "--pyramide-profile",
        metavar="NAME",
        help="run only the scenarios of this rule profile (default: every profile claimed)",
    )


def pytest_configure(config: pytest.Config) -> None:
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
        )
    except AdapterLoadError as error:
        raise pytest.UsageError(str(error)) from None


def tags_of(item: pytest.Item) -> set[str]:
    """The suite's tags on a collected scenario (pytest-bdd turns tags into markers)."""
    known = known_tags()
    return {mark.name for mark in item.iter_markers() if mark.name in known}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = config.getoption("--pyramide-profile")
    if wanted is None:
        return
    keep = [item for item in items if scenario_profile(tags_of(item)) == wanted]
    dropped = [item for item in items if item not in keep]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def pytest_runtest_setup(item: pytest.Item) -> None:
    tags = tags_of(item)
    if not tags:
        return
    config = item.config
    if _CAPABILITIES not in config.stash:
        config.stash[_CAPABILITIES] = config.stash[_FACTORY]().capabilities()
    reason = not_applicable(tags, config.stash[_CAPABILITIES])
    if reason is not None:
        pytest.skip(reason)


@pytest.fixture
def adapter(request: pytest.FixtureRequest) -> Adapter:
    """A fresh adapter of the engine under test, for one scenario."""
    return request.config.stash[_FACTORY]()
