"""The Draft 2020-12 base validator: jsonschema's own verdicts and words on ordinary input,
with patterns matched as the runtime matches them and `uniqueItems` in linear time."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from jsonschema import _utils as jsonschema_utils
from referencing import Registry

from hatch_kindgi.engines.ajv import base as _bounded
from hatch_kindgi.engines.ajv.base import bounded_validator
from hatch_kindgi.engines.budget import validation_budget


def _messages(validator: Any, instance: Any) -> list[tuple[list[Any], str]]:
    """Each failure as (instance path, message), in a stable order."""
    return sorted((list(e.absolute_path), e.message) for e in validator.iter_errors(instance))


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        (
            {
                "properties": {"a": {}},
                "patternProperties": {"^x": {"type": "integer"}},
                "additionalProperties": False,
            },
            {"a": 1, "x1": "s", "y": 2, "z": 3},
        ),
        (
            {"patternProperties": {"^x": {}}, "additionalProperties": {"type": "string"}},
            {"x": 1, "y": 2},
        ),
        ({"additionalProperties": False}, {"a": 1, "b": 2}),
        (
            {
                "allOf": [{"patternProperties": {"^x": {}}}],
                "unevaluatedProperties": False,
                "$defs": {"d": {"properties": {"d": {}}}},
                "$ref": "#/$defs/d",
                "if": {"required": ["d"]},
                "then": {"properties": {"t": {}}},
                "else": {"properties": {"e": {}}},
            },
            {"x1": 1, "d": 2, "t": 3, "e": 4, "q": 5},
        ),
        (
            {
                "dependentSchemas": {"a": {"properties": {"b": {}}}},
                "anyOf": [{"patternProperties": {"^c": {}}}],
                "unevaluatedProperties": {"type": "string"},
            },
            {"a": 1, "b": 2, "c": 3, "d": 4, "e": "s"},
        ),
        ({"pattern": "^a", "patternProperties": {"b": {"pattern": "c$"}}}, {"b": "xc", "bb": "y"}),
        ({"pattern": "^a"}, "ba"),
    ],
)
def test_bounded_keywords_agree_with_jsonschema(schema: dict[str, Any], instance: Any) -> None:
    """On ordinary input the bounded keywords give jsonschema's own failures and messages."""
    stock = Draft202012Validator(schema, registry=Registry())
    with validation_budget():
        assert _messages(bounded_validator(schema), instance) == _messages(stock, instance)


def test_lone_surrogate_strings_are_matched() -> None:
    """Strings JSON can carry but UTF-8 can't are matched like any other."""
    validator = bounded_validator({"pattern": "^a"})
    assert [e.message for e in validator.iter_errors("\ud800a")] == [
        "'\\ud800a' does not match '^a'"
    ]


_ITEMS = st.recursive(
    st.none()
    | st.booleans()
    | st.sampled_from([0, 1, -1, 1.0, 0.0, -0.0, 2.5, 2**64, float(2**64)])
    | st.sampled_from(["", "1", "a", "é"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["a", "b", "1"]), inner, max_size=2)
    ),
    max_leaves=6,
)


@settings(max_examples=600, deadline=None)
@given(st.lists(_ITEMS, max_size=6))
@example([True, 1])
@example([0, False, 0.0])
@example([[1], [True], [1.0]])
@example([{"a": True}, {"a": 1}])
@example([{"a": [1]}, {"a": [1.0]}])
@example([2**64, float(2**64)])
def test_unique_items_is_jsonschemas_uniq(items: list[Any]) -> None:
    """Same answer as jsonschema's own `uniq`: True and 1 differ, 1 and 1.0 don't, and the
    quirks of its sorted path (`[[1], [True], [1.0]]`) are kept."""
    assert _bounded._unique(items) == jsonschema_utils.uniq(items)


def test_unique_items_message_is_jsonschemas() -> None:
    """The failure reads as stock jsonschema words it."""
    stock = Draft202012Validator({"uniqueItems": True}, registry=Registry())
    for instance in ([1, 1.0], [{"a": [1]}, {"a": [1.0]}], [[True], [True]], ["x", "x"]):
        assert _messages(bounded_validator({"uniqueItems": True}), instance) == (
            _messages(stock, instance)
        )
