"""Shared by the site's tests: spec/ and the generated pages, read once; the whole site, built
once (its tests are one xdist group, so one worker builds it); and Material's notice about
MkDocs 2, which the build prints on stderr, silenced: not a problem here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from docsite.site import site_files
from docsite.spec import Spec, load_spec

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

ROOT = Path(__file__).resolve().parents[2]
SITE_GROUP = "site"
"""The xdist group of the tests that read the built site: one worker builds it for all."""


@pytest.fixture(scope="session")
def spec() -> Spec:
    """spec/ and features/ as the site reads them, read once for the tests of its pages."""
    return load_spec()


@pytest.fixture(scope="session")
def files(spec: Spec) -> dict[str, str]:
    """Every generated page and diagram, generated once: the pages' tests read them."""
    return site_files(spec)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``mkdocs build --strict`` of the whole site, once: its folder. A failed build fails the
    tests that read it, with MkDocs' own words."""
    site = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(site)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stderr}"
    return site
