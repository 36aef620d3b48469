"""The values a liquidjs template holds beyond JSON's, and what liquidjs makes of them.

liquidjs 10.30.0 (`dist/liquid.node.js` of the liquidjs kindgi-cli ships): JavaScript's
`undefined` (`UNDEFINED`, `engines.javascript.values`': what a read of a missing key gives,
which strictVariables refuses), the literals `nil`, `empty` and `blank` as its `NullDrop`,
`EmptyDrop` and `BlankDrop` (each compares by rules of its own, `equals`), `toValue` (a drop
as the value it stands for), and a filter's failure (`FilterFailure`, in liquidjs's words).
A template's other values are JSON's as Python holds them: None for `null`, `bool`, `int` and
`float` for numbers (a whole double within the safe integers as an `int`), `str`, `list` and
`dict`. The tests hold them to the runtime's own render (`tests/oracle/shipped.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.engines.javascript.strings import is_blank
from hatch_kindgi.engines.javascript.values import UNDEFINED

__all__ = [
    "BLANK",
    "EMPTY",
    "NIL",
    "UNDEFINED",
    "BlankDrop",
    "Drop",
    "EmptyDrop",
    "FilterFailure",
    "MemoryExceeded",
    "NullDrop",
    "to_value",
]


class FilterFailure(Exception):
    """What a filter throws, in liquidjs's words: `message`, and `place` when liquidjs placed
    it in a text of the filter's own (`, line:L, col:C` in a property or expression given as
    an argument), not on the template that calls the filter."""

    def __init__(self, message: str, place: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.place = place


class MemoryExceeded(Exception):
    """What a filter raises for a result past every profile's `memoryLimit`: liquidjs's
    `memory alloc limit exceeded`."""


class Drop:
    """liquidjs's `Drop`: a value whose properties are its own (`forloop`, the literals)."""

    __slots__ = ()

    def value_of(self) -> Any:
        """`valueOf()`: the value it stands for (`toValue`)."""
        return self

    def property(self, key: str) -> Any:
        """What reading `key` of it gives (`liquidMethodMissing`: undefined)."""
        return UNDEFINED


class Comparable(Drop):
    """A drop `==`, `<`, … ask (`isComparable`): the literals."""

    __slots__ = ()

    def equals(self, value: Any) -> bool:
        raise NotImplementedError


class NullDrop(Comparable):
    """`nil` and `null`: equal to null and undefined, never greater or less."""

    __slots__ = ()

    def equals(self, value: Any) -> bool:
        return to_value(value) in (None, UNDEFINED)

    def value_of(self) -> Any:
        return None

    def __repr__(self) -> str:
        return "nil"


class EmptyDrop(Comparable):
    """`empty`: equal to an empty string, array or object (not to `empty` or `blank`)."""

    __slots__ = ()

    def equals(self, value: Any) -> bool:
        if isinstance(value, EmptyDrop):
            return False
        value = to_value(value)
        if isinstance(value, (str, list, Mapping)):
            return len(value) == 0
        return False

    def value_of(self) -> Any:
        return ""

    def __repr__(self) -> str:
        return "empty"


class BlankDrop(EmptyDrop):
    """`blank`: also equal to false, nil and a string of white space alone."""

    __slots__ = ()

    def equals(self, value: Any) -> bool:
        if value is False:
            return True
        if to_value(value) in (None, UNDEFINED):
            return True
        if isinstance(value, str):
            return is_blank(value)
        return super().equals(value)

    def __repr__(self) -> str:
        return "blank"


NIL = NullDrop()
EMPTY = EmptyDrop()
BLANK = BlankDrop()


def to_value(value: Any) -> Any:
    """liquidjs's `toValue`: a drop as the value it stands for, anything else as it is."""
    return value.value_of() if isinstance(value, Drop) else value
