"""Shared pieces of the harness tests: the engines behind JSON lines."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS_ENGINE = ROOT / "docs" / "examples" / "js-engine" / "engine.js"
FAKES = Path(__file__).resolve().parent / "fakes"
SERVER = [sys.executable, "-m", "pyramide.conformance.server"]


@pytest.fixture(scope="session")
def node() -> str:
    found = shutil.which("node")
    assert found is not None, "Node.js is needed to run the JavaScript example engine"
    return found


def js_command(node: str, bug: str | None = None) -> list[str]:
    return [node, str(JS_ENGINE)] + ([f"--bug={bug}"] if bug else [])
