"""JavaScript's numbers, as liquidjs computes and prints them.

liquidjs runs on JavaScript, where every number is an IEEE 754 double: `7 / 2` is `3.5`,
`80 * 1.2` is `96`, and a number prints as `String(number)` does (ECMAScript's
Number::toString: `5`, not `5.0`; `1e+21`; `1e-7`; `NaN`; `Infinity`). liquidjs's math filters
turn each argument into a number with `+value || 0` (its `toNumber`). JavaScript's own rules
(Number::toString, StringToNumber) are `engines.javascript.numbers`'; here are liquidjs's on
top of them, for the values a template holds. The tests hold them to liquidjs run by Node
(`tests/oracle/shipped.py`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from hatch_kindgi.engines.javascript.numbers import (
    MAX_SAFE_INTEGER,
    as_double,
    number_to_string,
    string_to_number,
)
from hatch_kindgi.engines.liquidjs.values import UNDEFINED, Drop

Number = int | float


def normal(value: float) -> Number:
    """A double as the value the template goes on with: a whole one within JavaScript's safe
    integers as an `int` (so Python's ranges, indexes and comparisons take it), else the
    float."""
    if value.is_integer() and abs(value) <= MAX_SAFE_INTEGER:
        return int(value)
    return value


def to_double(value: Any) -> float:
    """JavaScript's unary `+value`: the number a value converts to (NaN for none)."""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return as_double(value)
    if value is None:
        return 0.0
    if isinstance(value, str):
        return string_to_number(value)
    if isinstance(value, (list, tuple)):  # `+[]` is 0, `+[x]` is `+String(x)`
        if not value:
            return 0.0
        if len(value) == 1 and not isinstance(value[0], (list, tuple, Mapping)):
            return string_to_number("" if value[0] is None else javascript_string(value[0]))
        return math.nan
    return math.nan


def to_number(value: Any) -> float:
    """liquidjs's `toNumber`: `+value || 0` (NaN and no number are 0)."""
    number = to_double(value)
    return 0.0 if math.isnan(number) else number


def javascript_string(value: Any) -> str:
    """`String(value)` of a value a template holds (a nested list joined with commas, an
    object as `[object Object]`)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return number_to_string(value)
    if value is None:
        return "null"
    if value is UNDEFINED:
        return "undefined"
    if isinstance(value, Drop):
        return javascript_string(value.value_of())
    if isinstance(value, (list, tuple, range)):
        return ",".join(
            "" if item is None or item is UNDEFINED else javascript_string(item) for item in value
        )
    if isinstance(value, Mapping):
        return "[object Object]"
    return str(value)


def stringify(value: Any) -> str:
    """liquidjs's `stringify`, what an output prints: a string as it is, nil as nothing, an
    array as its items printed one after another, any other value as `String(value)`."""
    if isinstance(value, Drop):
        value = value.value_of()
    if isinstance(value, str):
        return value
    if value is None or value is UNDEFINED:
        return ""
    if isinstance(value, (list, tuple, range)):
        return "".join(stringify(item) for item in value)
    return javascript_string(value)
