"""The `default` Ajv's `useDefaults` refuses, found and worded as the runtime's compile does.

Every case is compiled by the shipped runtime as `invokeTool` compiles a tool's input on
every call (`tests/oracle/shipped.py` `tool_input_compile`), and the first ignored default we
find must be its message, word for word, or none when it compiles: hand-written schemas for
each keyword that makes (or doesn't make) a composite rule, and random pydantic models as the
kindgi SDK writes them into an index (`kindgi._schema.wire_schema`, keys sorted).
"""

from __future__ import annotations

import json
import random
from datetime import date
from typing import Any, Literal

import pytest

from hatch_kindgi.engines.ajv.defaults import ignored_defaults, js_keys
from tests.oracle.shipped import compile_json_schema, require_oracle, tool_input_compile

_D = {"type": "string", "default": "x"}
_OPTIONAL = {"anyOf": [{"type": "object", "properties": {"a": _D}}, {"type": "null"}]}

HAND_WRITTEN: dict[str, Any] = {
    "anyOf branch": {"anyOf": [{"type": "object", "properties": {"a": _D}}, {"type": "null"}]},
    "oneOf branch": {"oneOf": [{"type": "object", "properties": {"a": _D}}, {"type": "null"}]},
    "oneOf with an always-valid branch": {
        "oneOf": [{}, {"type": "object", "properties": {"b": {"type": "object"}, "a": _D}}]
    },
    "allOf is no composite": {"allOf": [{"type": "object", "properties": {"a": _D}}]},
    "not": {"not": {"type": "object", "properties": {"a": _D}}},
    "if then": {
        "if": {"type": "object", "properties": {"a": _D}},
        "then": {"type": "object", "required": ["a"]},
    },
    "then is no composite": {
        "if": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
        "then": {"type": "object", "properties": {"a": _D}},
    },
    "contains": {"type": "array", "contains": {"type": "object", "properties": {"a": _D}}},
    "items": {"type": "array", "items": _OPTIONAL},
    "prefixItems then items": {
        "type": "array",
        "prefixItems": [{"type": "string"}, {"type": "integer"}],
        "minItems": 2,
        "maxItems": 2,
        "items": _OPTIONAL,
    },
    "patternProperties": {
        "type": "object",
        "properties": {"x": {"type": "string"}},
        "patternProperties": {"^y": _OPTIONAL},
    },
    "additionalProperties before properties": {
        "type": "object",
        "properties": {"p": _OPTIONAL},
        "additionalProperties": {"type": "object", "properties": {"q": {"type": "string"}}},
    },
    "dependentSchemas": {
        "type": "object",
        "dependentSchemas": {
            "k": {"anyOf": [{"type": "object", "properties": {"a": _D}}, {"type": "object"}]}
        },
    },
    "unevaluatedProperties": {
        "type": "object",
        "properties": {"x": {"type": "string"}},
        "unevaluatedProperties": _OPTIONAL,
    },
    "a $ref target is its own function": {
        "type": "object",
        "properties": {"p": {"anyOf": [{"$ref": "#/$defs/M"}, {"type": "null"}]}},
        "$defs": {"M": {"type": "object", "properties": {"a": _D}}},
    },
    "a $ref with a sibling composite": {
        "type": "object",
        "properties": {
            "p": {"$ref": "#/$defs/M", "anyOf": [{"type": "object", "properties": {"b": _D}}, {}]}
        },
        "$defs": {"M": {"type": "object", "properties": {"a": {"type": "string"}}}},
    },
    "a default beside anyOf is fine": {
        "type": "object",
        "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}},
    },
    "an always-valid anyOf branch still compiles": {
        "type": "object",
        "properties": {
            "h": {"anyOf": [{"type": "object", "properties": {"w": _D}}, {}], "default": None}
        },
    },
    "a key that is no identifier": {
        "anyOf": [{"type": "object", "properties": {"end-date": _D}}, {"type": "null"}]
    },
    "a key with U+2028": {
        "anyOf": [{"type": "object", "properties": {"a\u2028b": _D}}, {"type": "null"}]
    },
    "array-index keys first": {
        "anyOf": [
            {"type": "object", "properties": {"b": _D, "10": _D, "2": _D}},
            {"type": "null"},
        ]
    },
    "names count in code-generation order": {
        "type": "object",
        "properties": {
            "first": {"type": "array", "items": {"type": "object", "properties": {}}},
            "second": {"anyOf": [{"type": "object", "properties": {"z": _D}}, {"type": "null"}]},
        },
    },
    "propertyNames": {"type": "object", "propertyNames": {"anyOf": [{"minLength": 1}]}},
}


def _ours(schema: Any) -> str | None:
    found = ignored_defaults(schema)
    return found[0].message if found else None


@pytest.mark.parametrize("name", list(HAND_WRITTEN))
def test_hand_written_schemas_get_ajvs_words(name: str) -> None:
    """Each keyword's case: the first ignored default worded as Ajv throws it, or none."""
    require_oracle()
    schema = HAND_WRITTEN[name]
    assert compile_json_schema(schema, {"dialects": ["2020-12"]}) is None  # the deploy's takes it
    assert _ours(schema) == tool_input_compile(schema)


def test_only_the_first_has_ajvs_words() -> None:
    """The defaults after the first are found too, with their pointers and no name."""
    schema = {
        "anyOf": [{"type": "object", "properties": {"a": _D, "b": _D}}, {"type": "null"}],
    }
    found = ignored_defaults(schema)
    assert [(each.pointer, each.message) for each in found] == [
        ("/anyOf/0/properties/a/default", "strict mode: default is ignored for: data.a"),
        ("/anyOf/0/properties/b/default", None),
    ]


def test_js_keys_orders_array_indexes_first() -> None:
    """`Object.keys`: canonical array indexes ascending, the rest as written."""
    assert js_keys({"b": 1, "10": 1, "a": 1, "2": 1, "02": 1, "4294967295": 1}) == [
        "2", "10", "b", "a", "02", "4294967295",
    ]  # fmt: skip


# ---- random pydantic models, as the SDK indexes them ----

_NAMES = ["a", "b", "end", "start", "end-date", "x_1", "café", "2", "10", "Zed"]


def _models(rng: random.Random, count: int) -> list[dict[str, Any]]:
    from kindgi._json import stable_dumps
    from kindgi._schema import wire_schema
    from pydantic import BaseModel, ConfigDict, Field, create_model

    made = [0]

    def leaf() -> tuple[Any, Any]:
        return rng.choice(
            [
                (str, ...),
                (int, rng.randrange(5)),
                (str | None, None),
                (date | None, None),
                (Literal["x", "y"], "x"),
                (list[str], ...),
                (dict[str, int], ...),
                (Any, None),
            ]
        )

    def model(depth: int) -> type[BaseModel]:
        made[0] += 1
        fields: dict[str, Any] = {}
        for name in rng.sample(_NAMES, rng.randrange(1, 5)):
            python = "f_" + "".join(c if c.isalnum() else "_" for c in name) + str(len(fields))
            if depth > 0 and rng.random() < 0.5:
                inner = model(depth - 1)
                annotation, default = rng.choice(
                    [
                        (inner, ...),
                        (inner | None, None),
                        (list[inner], ...),  # type: ignore[valid-type]
                        (list[inner] | None, None),  # type: ignore[valid-type]
                        (dict[str, inner], ...),  # type: ignore[valid-type]
                        (inner | model(depth - 1), ...),
                        (tuple[inner, int], ...),  # type: ignore[valid-type]
                    ]
                )
            else:
                annotation, default = leaf()
            fields[python] = (annotation, Field(default, alias=name))
        config = ConfigDict(populate_by_name=True)
        return create_model(f"M{made[0]}", __config__=config, **fields)

    schemas: list[dict[str, Any]] = []
    for _ in range(count * 10):  # a draw pydantic refuses is drawn again, but not forever
        if len(schemas) == count:
            break
        try:
            schemas.append(json.loads(stable_dumps(wire_schema(model(3)))))
        except Exception:
            continue
    assert len(schemas) == count, f"{len(schemas)} of {count} models in {count * 10} draws"
    return schemas


def test_pydantic_models_get_ajvs_words() -> None:
    """On 150 random models (optional, listed, mapped and united models, aliases that are no
    identifiers, array-index names), ours is Ajv's message, or none, on every one."""
    require_oracle()
    pytest.importorskip("kindgi")
    differ = []
    failing = 0
    for schema in _models(random.Random(28), 150):
        theirs = tool_input_compile(schema)
        failing += theirs is not None
        if _ours(schema) != theirs:
            differ.append((schema, theirs, _ours(schema)))
    assert differ == []
    assert failing > 30  # the draw holds failing models, not only passing ones
