"""A JSON-lines engine with one rule broken, for the checks of the moves an engine allows.

    python rule_faults_engine.py FAULT

It serves the reference engine with the tap-level fault ``FAULT`` of ``harness.rule_faults``
(``recycles-on-the-last-card``, ``stuck-beside-a-covering-pair``) planted in it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/, for harness.rule_faults

from harness.rule_faults import TAP_FAULTS
from pyramide.conformance.server import Server


def main() -> None:
    fault = sys.argv[1]
    server = Server(TAP_FAULTS[fault](), f"reference with {fault}")
    server.serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
