"""Shared by the site's tests: spec/ and the generated pages, read once; and Material's notice
about MkDocs 2, which the build prints on stderr, silenced: not a problem here."""

from __future__ import annotations

import os

import pytest
from docsite.site import site_files
from docsite.spec import Spec, load_spec

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


@pytest.fixture(scope="session")
def spec() -> Spec:
    """spec/ and features/ as the site reads them, read once for the tests of its pages."""
    return load_spec()


@pytest.fixture(scope="session")
def files(spec: Spec) -> dict[str, str]:
    """Every generated page and diagram, generated once: the pages' tests read them."""
    return site_files(spec)
