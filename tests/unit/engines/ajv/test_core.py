"""Our Draft 2020-12 core (`engines.ajv.core`, `registry`, `keywords`), held to jsonschema, the
validator it replaced in the build, as an independent reference: on every case of the
JSON-Schema-Test-Suite's draft 2020-12 files, the same verdict, and the same failures (message,
keyword, place in the instance and in the schema); a ref that leaves for what nothing fetches
fails as jsonschema's did; and where the runtime's Ajv decides otherwise, the mirror follows
Ajv (`test_values.py`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import referencing.exceptions
from jsonschema import Draft202012Validator
from referencing import Registry

from hatch_kindgi.engines.ajv.base import bounded_validator
from hatch_kindgi.engines.ajv.core import Unresolvable, ValidationError
from hatch_kindgi.engines.ajv.registry import metaschema
from hatch_kindgi.engines.budget import validation_budget
from tests.helpers.external import json_schema_test_suite
from tests.oracle import shipped

_PATTERNS = {"pattern.json", "patternProperties.json"}
"""Where the base matches patterns as JavaScript does and jsonschema as `re` does (the
verdicts are Ajv's there: `test_values.py`); on the suite's cases they agree all the same."""


def _cases() -> list[tuple[str, Any, Any]]:
    cases = []
    for path in sorted(Path(json_schema_test_suite()).glob("*.json")):
        for group in json.loads(path.read_text(encoding="utf-8")):
            for test in group["tests"]:
                label = f"{path.stem}: {group['description']}: {test['description']}"
                cases.append((label, group["schema"], test["data"]))
    return cases


CASES = _cases()


def _failures(errors: Any) -> list[tuple[Any, ...]]:
    return [
        (
            error.message,
            error.validator,
            list(error.absolute_path),
            list(error.schema_path),
            [(e.message, list(e.absolute_path), list(e.schema_path)) for e in error.context],
        )
        for error in errors
    ]


def _theirs(schema: Any, instance: Any) -> list[tuple[Any, ...]] | str:
    try:
        return _failures(Draft202012Validator(schema, registry=Registry()).iter_errors(instance))
    except referencing.exceptions.Unresolvable:
        return "unresolvable"


def _ours(schema: Any, instance: Any) -> list[tuple[Any, ...]] | str:
    try:
        with validation_budget():
            return _failures(bounded_validator(schema).iter_errors(instance))
    except Unresolvable:
        return "unresolvable"


def test_the_suite_is_read_whole() -> None:
    """The suite's 2020-12 files are there, refs, anchors, ids and dynamic refs included."""
    stems = {label.split(":")[0] for label, _, _ in CASES}
    assert {"ref", "refRemote", "dynamicRef", "anchor", "defs", "unevaluatedItems"} <= stems
    assert {"unevaluatedProperties", "boolean_schema", "infinite-loop-detection"} <= stems
    assert len(CASES) > 1200


def test_failures_are_jsonschemas_on_the_suite() -> None:
    """Every case: the same failures, in the same order, with the same message, keyword,
    instance path and schema path (and the same `context` under anyOf/oneOf); a remote ref
    unresolvable to both."""
    wrong = [
        f"{label}:\n  ours   {ours}\n  theirs {theirs}"
        for label, schema, instance in CASES
        if (ours := _ours(schema, instance)) != (theirs := _theirs(schema, instance))
    ]
    assert not wrong, f"{len(wrong)} of {len(CASES)} differ:\n" + "\n".join(wrong)


def test_remote_refs_are_unresolvable_and_nothing_else_is() -> None:
    """Of the suite's refRemote cases, exactly those jsonschema can't resolve offline are
    unresolvable to us, with the same `ref`."""
    remote = [case for case in CASES if case[0].startswith("refRemote")]
    assert remote
    for label, schema, instance in remote:
        assert (_ours(schema, instance) == "unresolvable") == (
            _theirs(schema, instance) == "unresolvable"
        ), label


def test_unresolvable_names_what_was_looked_up() -> None:
    """The exception carries what jsonschema's did: the ref for a missing resource, the
    resource for a missing anchor, the pointer for a missing place."""
    cases = [
        ({"$ref": "http://127.0.0.1:1/x.json"}, "http://127.0.0.1:1/x.json"),
        ({"$id": "https://a.test/s", "$ref": "#nope"}, "https://a.test/s"),
        ({"$ref": "#/$defs/nope"}, "/$defs/nope"),
    ]
    for schema, ref in cases:
        with pytest.raises(Unresolvable) as ours:
            list(bounded_validator(schema).iter_errors(1))
        with pytest.raises(referencing.exceptions.Unresolvable) as theirs:
            list(Draft202012Validator(schema, registry=Registry()).iter_errors(1))
        assert ours.value.ref == ref == theirs.value.ref


def test_metaschema_is_ajvs_and_jsonschemas() -> None:
    """The metaschema shipped as package data is the runtime's Ajv's, byte for byte, and the
    same document jsonschema bundles."""
    shipped.require_oracle()
    folder = shipped.node_modules() / "ajv" / "dist" / "refs" / "json-schema-2020-12"
    ours = Path(__file__).parents[4] / "src" / "hatch_kindgi" / "engines" / "ajv" / "metaschemas"
    for name in ["schema.json", *(f"meta/{p.name}" for p in (folder / "meta").glob("*.json"))]:
        assert (ours / name).read_bytes() == (folder / name).read_bytes(), name
    assert metaschema() == Draft202012Validator.META_SCHEMA


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "strin"},
        {"properties": {"a": {"minimum": "x"}}, "$defs": {"q": {"items": 5}}},
        {"$defs": {"a": {"$dynamicRef": 5, "anyOf": {}}}, "required": [1, 1]},
        {"type": "object", "properties": {"a": {"type": ["string", "nul"]}}},
    ],
)
def test_metaschema_check_is_jsonschemas(schema: Any) -> None:
    """The metaschema, checked by our core on its `$dynamicRef`s, fails a schema where and as
    jsonschema does."""
    ours = bounded_validator(metaschema())
    theirs = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    with validation_budget():
        assert _failures(ours.iter_errors(schema)) == _failures(theirs.iter_errors(schema))


def test_a_false_schemas_failure_has_no_keyword_and_no_path() -> None:
    """A `false` subschema fails with keyword None and, as jsonschema's `descend` leaves it,
    without the place of what it refused (the Ajv mirror's `_within` adds it)."""
    schema, instance = {"properties": {"a": False}}, {"a": 1}
    (error,) = bounded_validator(schema).iter_errors(instance)
    assert isinstance(error, ValidationError)
    assert error.validator is None
    assert _failures([error]) == _theirs(schema, instance)
    assert list(error.path) == []
