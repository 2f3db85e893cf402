"""Where the suite's own files are: ``spec/`` and ``features/``.

In a source checkout they sit at the repository's top level; in an installed wheel they are
package data under ``pyramide/_suite/``. Either way the harness finds them without the user
having to say where they are.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


def suite_root() -> Path:
    """The folder holding ``spec/`` and ``features/``."""
    installed = _PACKAGE / "_suite"
    if (installed / "spec").is_dir():
        return installed
    return _PACKAGE.parents[1]


def spec_dir() -> Path:
    return suite_root() / "spec"


def features_dir() -> Path:
    return suite_root() / "features"
