"""A `false` subschema's error in Ajv's words, at the instance it refuses, under every keyword
that leads to one (the mirror's own keyword functions place it; jsonschema's `descend` leaves
the path out), and the mirror on jsonschema's public API only."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.engines.ajv.values import ajv_validator, words
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, SELF_HOSTED_BOUNDS

_FALSE = "boolean schema is false"

CASES: list[tuple[Any, Any, list[tuple[list[Any], str]]]] = [
    ({"properties": {"a": False}}, {"a": 1}, [(["a"], _FALSE)]),
    ({"patternProperties": {"^a": False}}, {"ab": 1}, [(["ab"], _FALSE)]),
    ({"prefixItems": [True, False]}, [1, 2], [([1], _FALSE)]),
    ({"items": False}, [1], [([0], _FALSE)]),
    (
        {"additionalProperties": {"properties": {"c": False}}},
        {"b": {"c": 1}},
        [(["b", "c"], _FALSE)],
    ),
    ({"dependentSchemas": {"a": False}}, {"a": 1}, [([], _FALSE)]),
    ({"allOf": [True, False]}, 1, [([], _FALSE)]),
    (
        {"$defs": {"no": False}, "properties": {"a": {"$ref": "#/$defs/no"}}},
        {"a": 1},
        [(["a"], _FALSE)],
    ),
    (
        {"unevaluatedProperties": {"properties": {"x": False}}},
        {"b": {"x": 1}},
        [(["b", "x"], _FALSE)],
    ),
    ({"prefixItems": [{}], "unevaluatedItems": {"items": False}}, [1, [2]], [([1, 0], _FALSE)]),
    (
        {"contains": False},
        [1],
        [([0], _FALSE), ([], "must contain at least 1 valid item(s)")],
    ),
]


@pytest.mark.parametrize("bounds", [SELF_HOSTED_BOUNDS, HOSTED_BOUNDS], ids=lambda b: b.profile)
@pytest.mark.parametrize(("schema", "instance", "expected"), CASES)
def test_a_false_schema_fails_at_the_instance_it_refuses(
    bounds: Any, schema: Any, instance: Any, expected: list[tuple[list[Any], str]]
) -> None:
    """Each error's instance path and words, as Ajv reports them."""
    errors = ajv_validator(schema, bounds).iter_errors(instance)
    assert [(list(error.absolute_path), words(error)) for error in errors] == expected


def test_the_mirror_imports_no_private_module_of_jsonschema() -> None:
    """No module of the Ajv mirror imports a private module of jsonschema (`jsonschema._utils`
    and the like), so a new release can change only what jsonschema documents."""
    folder = Path(__file__).resolve().parents[4] / "src" / "hatch_kindgi" / "engines" / "ajv"
    private = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            private += [
                f"{path.name}: {name}"
                for name in names
                if name.startswith("jsonschema") and any(p.startswith("_") for p in name.split("."))
            ]
    assert not private
