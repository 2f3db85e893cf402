"""A right engine that plays one rule set of its own, declared the documented way.

    python house_rules_engine.py           # over JSON lines, its hello naming no profile

:class:`HouseRules` is the reference engine playing only its "house" rules (two recycles, the
strict win), which it declares under that name in ``rule_sets`` and under no named profile; it
refuses to start a game under any other rule set, as a real engine that knows only its own
rules would. It deals codes (``deal_codes``) and games of its own. Run as a program it serves
the same engine over JSON lines, its hello leaving ``profiles`` out altogether.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from pyramide.conformance.adapter import REVISION, Capabilities, Snapshot
from pyramide.conformance.reference_adapter import ReferenceAdapter
from pyramide.conformance.server import Server

NAME = "house"
HOUSE: dict[str, Any] = {"max_recycles": 2, "strict_win": True}
"""Its rules: the app's, but the stock is turned back twice at most and a win needs an empty
stock and waste too (no named profile has exactly these)."""


class HouseRules(ReferenceAdapter):
    """The reference engine under its house rules only."""

    def capabilities(self) -> Capabilities:
        return Capabilities(profiles=(), rule_sets={NAME: HOUSE}, own_deals=True, revision=REVISION)

    def start(
        self,
        *,
        profile: str = "app",
        switches: Mapping[str, Any] | None = None,
        **how: Any,
    ) -> Snapshot:
        if profile != NAME or switches is not None:
            raise ValueError(f"this engine plays only its {NAME} rules, not {profile}")
        return super().start(profile=profile, switches=HOUSE, **how)


class TerseServer(Server):
    """Its hello says which rule sets it plays by ``rule_sets`` alone (no ``profiles``)."""

    def hello(self, message: dict[str, Any]) -> dict[str, Any]:
        answer = super().hello(message)
        answer.get("capabilities", {}).pop("profiles", None)
        return answer


if __name__ == "__main__":
    TerseServer(HouseRules(), "house rules fake").serve(sys.stdin, sys.stdout)
