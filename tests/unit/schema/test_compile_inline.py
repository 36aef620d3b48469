"""Inline schemas (an agent's output, a flow's) refused where the shipped `compileInlineSchema`
refuses them, its message first.

Every case is compared with kindgi-cli's own `compileInlineSchema` (`tests/oracle/shipped.py`):
the verdict, and our first fault's message beginning with the runtime's (then our fix).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.engines.bounds import PROFILES
from hatch_kindgi.engines.javascript.values import UNDEFINED
from hatch_kindgi.schema.compile import compile_faults, thrown
from tests.oracle import shipped

_LEAD = "Inline schema failed to compile: "

CASES: list[Any] = [
    True,
    False,
    {},
    None,
    3,
    "object",
    [],
    [{"type": "string"}],
    {"type": "object", "properties": {"total": {"type": "number", "minimum": 0}}},
    {"type": "object", "properties": {"kind": {"type": "string"}}, "discriminator": {"k": 1}},
    {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "sources"]},
    {"required": ["a"], "properties": {"a": {"type": "string"}}},
    {"type": "object", "properties": {"a": {"type": "string", "example": "x"}}},
    {"type": "object", "properties": {"amount": {"type": "string", "format": "decimal"}}},
    {"type": "string", "pattern": "^(?P<year>\\d{4})/"},
    {"type": "string", "pattern": "^[A-Z]+-\\d+$"},
    {"type": "strin"},
    {"type": "object", "properties": {"point": {"type": "array", "items": [{"type": "number"}]}}},
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"},
    {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"},
    {"$schema": "https://json-schema.org/draft/2020-12/schema#"},
    {"$schema": "https://json-schema.org/draft/2019-09/schema"},
    {"$schema": 5},
    {"$schema": ""},
    {"$schema": "https://json-schema.org/draft/2020-12/meta/core"},
    {"$schema": "https://json-schema.org/draft/2020-12/meta/validation#", "type": "object"},
    {"$schema": "https://json-schema.org/draft/2020-12/meta/format-assertion"},
    {"$schema": "https://json-schema.org/draft/2020-12/schema##"},
    {"$schema": 'say "hi"'},
    {"$schema": "x", "type": "strin"},
    {"type": "object", "x-kindgi-tunable": True},
    {"type": "object", "x-order": 1},
    {"type": "string", "format": "decimal", "pattern": "(?P<x>a)"},
    {"type": "object", "properties": {"a": {"$ref": "#/$defs/n"}}, "$defs": {"n": {"example": 1}}},
    {
        "$defs": {"Item": {"type": "object", "properties": {"sku": {"type": "string"}}}},
        "type": "object",
        "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/Item"}}},
        "required": ["items"],
    },
    {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
    {"type": "object", "properties": {"when": {"type": "string", "format": "date-time"}}},
    {"type": "object", "properties": {"p": {"type": "string", "format": "path"}}},
    {"type": "object", "additionalProperties": {"type": "integer"}},
    {"type": "array", "prefixItems": [{"type": "number"}], "minItems": 1},
    {"type": "array", "prefixItems": [{"type": "number"}], "minItems": 1, "maxItems": 1},
]


def _deep(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(levels):
        schema = {"type": "object", "properties": {"a": schema}}
    return schema


HOSTED_CASES: list[Any] = [
    # What Kindgi hosted alone refuses: RE2's patterns, fast formats' missing keywords, sizes.
    {"type": "string", "pattern": "^(?!_)[a-z]+$"},
    {"type": "string", "pattern": "(a)\\1"},
    {"type": "string", "pattern": "^[\\s\\S]{1,4000}$"},
    {"type": "string", "pattern": "^\\p{Letter}+$"},
    {"type": "string", "pattern": "[^]"},
    {"type": "string", "pattern": "\\cJ"},
    {"type": "string", "pattern": "a" * 1025},
    {"type": "object", "patternProperties": {"^(?=x)": {"type": "string"}}},
    {"type": "string", "format": "date", "formatMinimum": "2026-01-01"},
    {"type": "string", "enum": ["x" * 1000] * 300},
    _deep(70),
    # What both take.
    {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,62}$"},
    {"type": "string", "pattern": "a" * 1000},
    {"type": "string", "format": "email"},
]


def _runtime(schema: Any, profile: shipped.Profile = "self-hosted") -> str | None:
    if schema is UNDEFINED:
        answer = shipped.ask("compileInlineSchema", profile)
        return None if answer["compiled"] else str(answer["error"]["message"])[len(_LEAD) :]
    message = shipped.compile_inline_schema(schema, profile=profile)
    return None if message is None else message[len(_LEAD) :]


def _agrees(schema: Any, profile: shipped.Profile = "self-hosted") -> None:
    runtime = _runtime(schema, profile)
    ours = compile_faults(schema, use="inline", bounds=PROFILES[profile])
    if runtime is None:
        assert ours == [], schema
        return
    assert ours, (schema, runtime)
    assert thrown(ours) == runtime, (schema, runtime, ours)


@pytest.mark.parametrize("schema", [*CASES, UNDEFINED], ids=repr)
def test_verdict_and_first_message_are_compile_inline_schemas(schema: Any) -> None:
    """Refused exactly where `compileInlineSchema` refuses, its words first, then our fix."""
    shipped.require_oracle()
    _agrees(schema)


@pytest.mark.parametrize("profile", ["hosted", "self-hosted"])
@pytest.mark.parametrize("schema", [*HOSTED_CASES, *CASES], ids=lambda case: repr(case)[:60])
def test_each_profile_gets_its_own_compile_inline_schema_verdict(
    schema: Any, profile: shipped.Profile
) -> None:
    """Under each profile's bounds (the shipped runtime booted with `HOSTED_BOUNDS`, or not),
    refused exactly where its `compileInlineSchema` refuses, its words first."""
    shipped.require_oracle()
    _agrees(schema, profile)


def test_every_fault_is_reported_not_only_the_first() -> None:
    """Ajv throws at its first fault; we name each, so a pack author fixes them at once."""
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string", "example": "x"}},
        "required": ["a", "b"],
        "discriminator": {"propertyName": "a"},
    }
    pointers = [fault.pointer for fault in compile_faults(schema, use="inline")]
    assert pointers == ["/discriminator", "/required/1", "/properties/a/example"]


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["", "a", "string"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["type", "properties", "required", "items", "enum", "x", "format"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_JSON)
def test_any_json_gets_compile_inline_schemas_verdict(schema: Any) -> None:
    """Whatever JSON an index holds where a schema goes: no crash, the runtime's verdict."""
    shipped.require_oracle()
    _agrees(schema)
