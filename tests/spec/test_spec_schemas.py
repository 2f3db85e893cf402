"""Every spec file validates against its schema, and the schemas themselves are sound."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from pyramide.conformance.deal_fixtures import load_all
from pyramide.conformance.paths import spec_dir

FILES = {
    "rules.yaml": "rules.schema.json",
    "messages.yaml": "messages.schema.json",
    "profiles.yaml": "profiles.schema.json",
    **{f"deals/{path.name}": "deal.schema.json" for path in (spec_dir() / "deals").glob("*.yaml")},
}
SCHEMAS = sorted({spec_dir() / "schemas" / name for name in FILES.values()})
"""The schemas of the specification's YAML files (other schemas there describe protocols)."""


def _objects(schema: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every sub-schema that describes an object with properties (not the ``if``/``then``
    constraints that name properties of an object described elsewhere: they have no type)."""
    if isinstance(schema, dict):
        if "properties" in schema and schema.get("type") == "object":
            yield where, schema
        for key, value in schema.items():
            yield from _objects(value, f"{where}/{key}")
    elif isinstance(schema, list):
        for n, value in enumerate(schema):
            yield from _objects(value, f"{where}/{n}")


@pytest.mark.parametrize("schema_file", SCHEMAS, ids=lambda path: path.name)
def test_schema_is_valid_draft_2020_12(schema_file: Path) -> None:
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("schema_file", SCHEMAS, ids=lambda path: path.name)
def test_schema_forbids_unknown_fields_everywhere(schema_file: Path) -> None:
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    objects = list(_objects(schema))
    assert objects
    loose = [where or "/" for where, sub in objects if sub.get("additionalProperties") is not False]
    assert loose == []


@pytest.mark.parametrize("name", sorted(FILES), ids=str)
def test_spec_file_validates_against_its_schema(name: str) -> None:
    data = yaml.safe_load((spec_dir() / name).read_text(encoding="utf-8"))
    schema = json.loads((spec_dir() / "schemas" / FILES[name]).read_text(encoding="utf-8"))
    errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    assert errors == []


def test_every_spec_file_has_a_schema() -> None:
    on_disk = {str(p.relative_to(spec_dir())) for p in spec_dir().rglob("*.yaml")}
    assert on_disk == set(FILES)
    assert len(FILES) > 3


def test_the_whole_specification_loads_with_its_cross_checks() -> None:
    load_all()
