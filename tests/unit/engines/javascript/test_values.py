"""JSON values as JavaScript reads them, held to the pinned Node: `Object.keys` order, a
template literal's `${value}`, `Number.isInteger`, `typeof`, and which values a `Set` takes
as one."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.engines.javascript.values import (
    UNDEFINED,
    get,
    is_integer,
    is_number,
    object_keys,
    same_value_key,
    template_string,
)
from tests.oracle import shipped

_EACH = """
const values = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(values.map((v) => ({
  keys: v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : null,
  text: `${v}`,
  integer: Number.isInteger(v),
  number: typeof v === 'number',
}))));
"""

VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -0.0,
    1,
    2.0,
    1e3,
    1.5,
    -7,
    1e21,
    1e-7,
    123456789012345680000,
    "",
    "tone",
    [],
    [1, "a", None, True],
    [[1, 2], [None]],
    {},
    {"b": 1, "a": 2, "10": 3, "2": 4, "01": 5, "-1": 6, "4294967294": 7, "4294967295": 8},
    {"name": "x", "0": 1},
]


def _ours(value: Any) -> dict[str, Any]:
    return {
        "keys": list(object_keys(value)) if isinstance(value, dict) else None,
        "text": template_string(value),
        "integer": is_integer(value),
        "number": is_number(value),
    }


def test_values_read_as_node_reads_them() -> None:
    """Each value: its keys in `Object.keys` order, how a template literal prints it, and
    whether it is a number, an integer."""
    shipped.require_oracle()
    answers = shipped.node_eval(_EACH, VALUES)
    assert isinstance(answers, list)
    for value, answer in zip(VALUES, answers):
        assert _ours(value) == answer, value


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53) + 1, 2**53 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["a", "b", "0", "7", "10", "x1"]), inner, max_size=4)
    ),
    max_leaves=8,
)


@settings(max_examples=100, deadline=None)
@given(st.lists(_JSON, max_size=8))
def test_random_json_read_as_node_reads_it(values: list[Any]) -> None:
    """Random JSON values: the same answers as Node's."""
    shipped.require_oracle()
    answers = shipped.node_eval(_EACH, values)
    assert isinstance(answers, list)
    for value, answer in zip(values, answers):
        assert _ours(json.loads(json.dumps(value))) == answer, value


def test_set_equality_is_same_value_zero() -> None:
    """A `Set` holds `1` and `1.0` as one, `true` and `1` apart, two objects apart."""
    shipped.require_oracle()
    values: list[Any] = [1, 1.0, True, "1", None, [1], [1], {}, 0, -0.0]
    script = (
        "const values = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const seen = new Set(); const repeats = values.map((v) => { const r = seen.has(v);"
        " seen.add(v); return r; }); console.log(JSON.stringify(repeats));"
    )
    seen: set[object] = set()
    ours = []
    for value in values:
        key = same_value_key(value)
        ours.append(key in seen)
        seen.add(key)
    assert ours == shipped.node_eval(script, values)


def test_a_missing_key_is_undefined() -> None:
    """`get` reads `undefined` for a key an object lacks, and for any key of a non-object
    (where JavaScript throws on `null`, it reads `undefined` too: no crash)."""
    assert get({"a": None}, "a") is None
    assert get({"a": 1}, "b") is UNDEFINED
    for value in (None, "text", 5, [1]):
        assert get(value, "a") is UNDEFINED
    assert template_string(UNDEFINED) == "undefined"
