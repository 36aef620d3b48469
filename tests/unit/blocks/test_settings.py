"""Settings schemas and values: every failure with its pointer, nothing fetched, built once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.blocks import settings as _settings_check
from hatch_kindgi.blocks.settings import SchemaChecks, tunable_findings
from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.engines.ajv.core import Unresolvable
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.report.problems import error
from hatch_kindgi.schema.survey import Survey, survey
from hatch_kindgi.schema.validation import Validator
from tests.helpers.blocks import block_paths, settings, write
from tests.helpers.loopback import schema_server
from tests.oracle import shipped
from tests.oracle.shipped import validate_block


@pytest.fixture
def loopback() -> Iterator[tuple[str, list[str]]]:
    """A loopback HTTP server serving a schema; yields its URL and the requests it got."""
    with schema_server() as (base, requests):
        yield f"{base}/limit.json", requests


def test_remote_ref_is_a_problem_and_nothing_is_fetched(
    tmp_path: Path, loopback: tuple[str, list[str]]
) -> None:
    """A $ref to a live loopback server: a settings-ref problem, and the server sees no request."""
    url, requests = loopback
    schema = {"type": "object", "properties": {"limit": {"$ref": url}}}
    write(tmp_path, {"blocks/s.json": settings("acme.s", "1.0.0", {"limit": 5}, schema)})
    problems = check_blocks(tmp_path, ["blocks/s.json"], "blocks").problems
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-ref", "/content/schema/properties/limit/$ref")
    ]
    assert requests == []


def test_validator_itself_never_fetches(loopback: tuple[str, list[str]]) -> None:
    """Past the static check, the validator's empty registry refuses the ref: no request."""
    url, requests = loopback
    schema = {"$ref": url}
    validator = _settings_check._build_validator(schema, survey(schema), SELF_HOSTED_BOUNDS)
    with pytest.raises(Unresolvable):
        list(validator.iter_errors(5))
    assert requests == []


def test_unresolvable_ref_at_validation_is_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should a ref slip past the static check, validation reports it instead of raising."""
    monkeypatch.setattr(_settings_check, "_reference_findings", lambda schema: iter(()))
    checks = SchemaChecks()
    schema = {"$ref": "http://127.0.0.1:1/x"}
    assert checks.value_problems("b.json", {}, schema) == [
        error(
            "settings-ref",
            "b.json",
            'the $ref "http://127.0.0.1:1/x" of the schema can\'t be resolved; nothing is fetched '
            "while building",
            pointer="/content/schema",
        )
    ]


def test_validator_built_once_per_distinct_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Equal schemas (key order aside) share one validator; inherited ones reuse it too."""
    built: list[dict[str, Any]] = []
    real = _settings_check._build_validator

    def counting(schema: dict[str, Any], surveyed: Survey, bounds: Bounds) -> Validator:
        built.append(schema)
        return real(schema, surveyed, bounds)

    monkeypatch.setattr(_settings_check, "_build_validator", counting)
    first = {"type": "object", "properties": {"n": {"type": "number", "minimum": 0}}}
    same = {"properties": {"n": {"minimum": 0, "type": "number"}}, "type": "object"}
    other = {"type": "object"}
    write(
        tmp_path,
        {
            "blocks/a1.json": settings("acme.a", "1.0.0", {"n": 1}, first),
            "blocks/a2.json": settings("acme.a", "1.1.0", {"n": 2}),
            "blocks/a3.json": settings("acme.a", "1.2.0", {"n": 3}),
            "blocks/b1.json": settings("acme.b", "1.0.0", {"n": 1}, same),
            "blocks/c1.json": settings("acme.c", "1.0.0", {"n": 1}, other),
            "blocks/c2.json": settings("acme.c", "2.0.0", {"n": -1}, other),
        },
    )
    files, _ = block_paths(tmp_path)
    assert check_blocks(tmp_path, files, "blocks").problems == ()
    assert len(built) == 2


def test_every_values_failure_is_reported_with_its_pointer() -> None:
    """All failures, not the first; pointers are RFC 6901 from absolute_path."""
    schema = {
        "type": "object",
        "properties": {
            "a/b": {"type": "integer"},
            "list": {"type": "array", "items": {"type": "number", "minimum": 0}},
            "c": {"type": "string"},
        },
        "required": ["c"],
    }
    problems = SchemaChecks().value_problems("b.json", {"a/b": "x", "list": [1, -1, -2]}, schema)
    assert [(p.pointer, p.message) for p in problems] == [
        ("/content/values/a~1b", "must be integer"),  # Ajv's words and pointers (the oracle's)
        ("/content/values/list/1", "must be >= 0"),
        ("/content/values/list/2", "must be >= 0"),
        ("/content/values", "must have required property 'c'"),
    ]


def test_invalid_schema_skips_values_check() -> None:
    """A schema with problems is reported once, and values aren't checked against it."""
    checks = SchemaChecks()
    schema = {"type": "integer", "minimum": "zero"}
    assert [p.pointer for p in checks.schema_problems("b.json", schema)] == [
        "/content/schema/minimum"
    ]
    assert not checks.usable(schema)
    assert checks.value_problems("b.json", {"n": 1}, schema) == []


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ({"$ref": "#/$defs/none"}, '"#/$defs/none" points to nothing in the schema'),
        ({"$ref": "#missing"}, '"#missing" names no anchor of the schema'),
        (
            {"$ref": "other.json"},
            '"other.json" refers outside the schema; nothing is fetched while building, so it '
            "can't be resolved (put what it names under $defs)",
        ),
    ],
)
def test_reference_problems(schema: dict[str, Any], message: str) -> None:
    """Refs that go nowhere are found before any validation, in Ajv's words first (as the
    runtime's compile refuses each), then ours."""
    shipped.require_oracle()
    problems = SchemaChecks().schema_problems("b.json", schema)
    runtime = shipped.settings(schema, {})["issues"][0]["message"]
    words = runtime.removeprefix("Inline schema failed to compile: ")
    assert words == f"can't resolve reference {schema['$ref']} from id #"
    assert [(p.code, p.pointer, p.message) for p in problems] == [
        ("settings-ref", "/content/schema/$ref", f"{words}; {message}")
    ]


@pytest.mark.parametrize(
    "schema",
    [
        {
            "type": "object",
            "$defs": {"n": {"$dynamicAnchor": "num", "type": "number"}},
            "properties": {"a": {"$ref": "#num"}},
        },
        {
            "type": "object",
            "$id": "https://acme.test/s",
            "$defs": {"n": {"type": "number"}},
            "properties": {"a": {"$ref": "s#/$defs/n"}},
        },
        {
            "type": "object",
            "$defs": {"x~y/z": {"type": "number"}},
            "properties": {"a": {"$ref": "#/$defs/x~0y~1z"}},
        },
        {
            "type": "object",
            "properties": {"a": {"$ref": "https://json-schema.org/draft/2020-12/schema"}},
        },
        {"const": {"$ref": "http://127.0.0.1:1/not-a-ref"}},
    ],
)
def test_references_that_resolve_locally_pass(schema: dict[str, Any]) -> None:
    """Anchors, ids, escaped pointers, the bundled metaschema and ref-like data all pass,
    as the runtime's Ajv compiles them."""
    assert SchemaChecks().schema_problems("b.json", schema) == []
    assert shipped.settings(schema, {})["compiled"]


def test_recursive_ref_is_a_problem_not_a_crash() -> None:
    """A ref cycle that never consumes input is one problem, the runtime's compile failure
    (V8's stack overflow in Ajv's resolution), and no values check runs against it."""
    schema = {
        "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}},
        "$ref": "#/$defs/a",
    }
    checks = SchemaChecks()
    assert [(p.code, p.pointer, p.message) for p in checks.schema_problems("b.json", schema)] == [
        (
            "settings-schema",
            "/content/schema/$ref",
            "Maximum call stack size exceeded; this $ref leads only to $refs, round a loop "
            'back to "#/$defs/a": the runtime\'s compile follows them without end, so give '
            "one a schema of its own (or drop the loop)",
        )
    ]
    assert checks.value_problems("b.json", {"x": 1}, schema, "1.0.0") == []


def test_other_dialect_is_refused() -> None:
    """A draft-07 $schema is a problem; the 2020-12 one (with or without #) is fine."""
    checks = SchemaChecks()
    assert (
        checks.schema_problems(
            "b.json", {"$schema": "https://json-schema.org/draft/2020-12/schema#"}
        )
        == []
    )
    assert [
        p.code
        for p in checks.schema_problems(
            "b.json", {"$schema": "http://json-schema.org/draft-07/schema#"}
        )
    ] == ["settings-schema"]


@pytest.mark.parametrize(
    ("item", "refused"),
    [
        ({"type": "number", "minimum": 0, "maximum": 1, "x-kindgi-tunable": True}, False),
        ({"type": "integer", "minimum": 1, "maximum": 20, "x-kindgi-tunable": True}, False),
        ({"enum": ["plain", "formal"], "x-kindgi-tunable": True}, False),
        ({"type": "number", "minimum": 0, "x-kindgi-tunable": True}, True),
        ({"type": "string", "x-kindgi-tunable": True}, True),
        ({"enum": ["plain"], "x-kindgi-tunable": True}, True),
        ({"type": "number", "minimum": 0, "maximum": 1, "x-kindgi-tunable": "yes"}, True),
    ],
)
def test_tunable_marks_as_the_sdk_tests_them(item: dict[str, Any], refused: bool) -> None:
    """Refused at properties/k/x-kindgi-tunable, else accepted, as the shipped
    `validateBlock` refuses it (`tunableIssues`), its words first in ours."""
    shipped.require_oracle()
    schema = {"type": "object", "properties": {"k": item}}
    found = list(tunable_findings(schema))
    assert [pointer for pointer, _ in found] == (
        ["/properties/k/x-kindgi-tunable"] if refused else []
    )
    block = {"id": "acme.t", "version": "1.0.0", "kind": "settings"}
    result = validate_block({**block, "content": {"values": {}, "schema": schema}})
    issues = result["error"]["issues"] if result["kind"] == "err" else []
    theirs = [i["message"] for i in issues if i["path"].endswith("/x-kindgi-tunable")]
    assert len(theirs) == len(found)
    assert all(ours.startswith(words) for (_, ours), words in zip(found, theirs))
