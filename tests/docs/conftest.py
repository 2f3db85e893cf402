"""The site generator lives in ``scripts/docsite``: make it importable for these tests."""

from __future__ import annotations

import os
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's notice on stderr, not a problem
