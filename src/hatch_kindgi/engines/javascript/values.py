"""JSON values as JavaScript reads them: `undefined` for a key an object lacks (and for any
key of what isn't an object), `typeof`, `Number.isInteger`, the key order of `Object.keys`,
`${value}` in a template literal, and which values a `Set` takes as one.

The runtime's checks of an index entry (the deploy's, `defineAgent`'s, `loadFlow`'s) are
TypeScript reading parsed JSON; a mirror of them reads the entry through these, so a value of
the wrong type is judged as JavaScript judges it. Where JavaScript would throw (a property of
`null`), `get` reads `undefined`: a mirror says what's wrong rather than crash.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from hatch_kindgi.engines.javascript.numbers import number_to_string
from hatch_kindgi.engines.javascript.strings import is_blank

if TYPE_CHECKING:
    from typing import TypeGuard

__all__ = [
    "UNDEFINED",
    "blank",
    "get",
    "is_integer",
    "is_number",
    "is_object",
    "is_record",
    "object_keys",
    "same_value_key",
    "template_string",
]

_ARRAY_INDEX_LIMIT = 2**32 - 1


class _Undefined:
    """JavaScript's `undefined`: a key an object doesn't have, which no JSON value is."""

    def __repr__(self) -> str:
        return "UNDEFINED"


UNDEFINED: Any = _Undefined()
"""What `get` reads for a missing key (typed `Any`, as a JSON value's place holds it)."""


def get(value: object, key: str) -> Any:
    """`value[key]`: the member of an object, `UNDEFINED` (JavaScript's `undefined`) otherwise."""
    if isinstance(value, Mapping):
        return value.get(key, UNDEFINED)
    return UNDEFINED


def is_record(value: object) -> TypeGuard[Mapping[str, Any]]:
    """A plain object: not null, not an array (`typeof v === 'object' && !Array.isArray(v)`)."""
    return isinstance(value, Mapping)


def is_object(value: object) -> bool:
    """`typeof value === 'object' && value !== null`: an object or an array."""
    return isinstance(value, (Mapping, list))


def is_number(value: object) -> bool:
    """`typeof value === 'number'` (a JSON number, not a boolean)."""
    return type(value) in (int, float)


def is_integer(value: object) -> bool:
    """`Number.isInteger(value)`: `2.0` and `1e3` are integers, `true` isn't."""
    if type(value) is int:
        return True
    return type(value) is float and math.isfinite(value) and value.is_integer()


def blank(value: object) -> bool:
    """`typeof value !== 'string' || value.trim().length === 0`."""
    return not isinstance(value, str) or is_blank(value)


def object_keys(value: Mapping[str, Any]) -> Iterator[str]:
    """`Object.keys(value)`: array-index keys first, in numeric order, then the others as the
    JSON has them."""
    indexes = sorted((int(key), key) for key in value if _array_index(key))
    yield from (key for _, key in indexes)
    yield from (key for key in value if not _array_index(key))


def _array_index(key: str) -> bool:
    """A key JavaScript keeps as an array index: a canonical integer below 2^32 - 1."""
    if not (key.isascii() and key.isdigit()):
        return False
    return str(int(key)) == key and int(key) < _ARRAY_INDEX_LIMIT


def template_string(value: object) -> str:
    """`${value}`: what a template literal prints for a JSON value (or `undefined`)."""
    if value is UNDEFINED:
        return "undefined"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return number_to_string(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        # Array#join: null and undefined items print as nothing
        return ",".join("" if item is None else template_string(item) for item in value)
    return "[object Object]"


def same_value_key(value: object) -> object:
    """A key equal for two values exactly when a `Set` takes them as one (SameValueZero):
    strings and numbers by value (`1` and `1.0` alike), booleans apart from numbers, every
    object or array on its own."""
    if isinstance(value, bool):
        return ("boolean", value)
    if isinstance(value, (int, float)):
        return ("number", float(value))
    if isinstance(value, str):
        return ("string", value)
    if value is None or value is UNDEFINED:
        return ("nothing", value is None)
    return ("object", id(value))
