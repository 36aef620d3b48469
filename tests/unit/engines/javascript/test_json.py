"""`JSON.stringify`'s size in UTF-8 bytes, held to Node's own `JSON.stringify` on values of
every kind: escapes, controls, lone surrogates, astral characters, numbers JavaScript
rewrites."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hatch_kindgi.engines.javascript.json import measure_stringified, stringified_bytes
from tests.oracle import shipped

_CHARACTERS = (
    'a"\\/\b\f\n\r\t\x00\x01\x1f\x7f é€😀\u2028\u2029\ufeff\ud800\udbff\udc00\udfff' + "z" * 8
)
_NUMBERS: tuple[float, ...] = (0, -0.0, 1.0, 1.5, 1e21, 1e-7, 1e-6, 123456789012345.0, 2**53 - 1)


def _text(chooser: random.Random) -> str:
    return "".join(chooser.choice(_CHARACTERS) for _ in range(chooser.randrange(6)))


def _value(chooser: random.Random, depth: int) -> Any:
    kind = chooser.randrange(7 if depth < 5 else 4)
    if kind == 0:
        return _text(chooser)
    if kind == 1:
        return chooser.choice(_NUMBERS) * chooser.choice((1, -1))
    if kind == 2:
        return chooser.choice((True, False, None))
    if kind == 3:
        return chooser.randrange(-(10**6), 10**6)
    if kind == 4:
        return [_value(chooser, depth + 1) for _ in range(chooser.randrange(4))]
    return {
        _text(chooser) if chooser.random() < 0.5 else f"k{n}": _value(chooser, depth + 1)
        for n in range(chooser.randrange(4))
    }


# Numbers Python's encoder writes otherwise than V8 (`1e+16` for 1e16, `5e-324`, `-0.0`, an
# integer beyond 2^53 as all its digits), and strings that read like them, quotes and
# backslashes around: none of a string's digits is a number to rewrite.
_REWRITTEN: list[Any] = [
    [1e16, 1.5e-7, 1.2345678901234568e20, 5e-324, 1.7976931348623157e308, -0.0, 2.0**53 + 2],
    [2**53 + 1, -(2**53) - 3, 2**64, 10**21, 10**25 + 1, 9_999_999_999_999_999, 10**15],
    {"1.5": 1.5, "1e16": "1e16", "NaN": "Infinity", '\\"2.5': '\\"', '"': "\\", "x": 3.0},
    ['a"1.0"', "\\", '\\"1e5\\"', "12345678901234567", -1.0, "é1.0", "\u20281.5"],
    {"k\ud800": 1.0, "v": ["\udfff", 1e16]},
]


def _values() -> list[Any]:
    chooser = random.Random(29)
    values: list[Any] = [{}, [], "", {"": ""}, [[[]]], {"a": [1, {"b": None}]}, "\ud83d\ude00"]
    values += _REWRITTEN
    values += [_value(chooser, 0) for _ in range(400)]
    return values


def test_sizes_are_nodes() -> None:
    """Each value's size equals the UTF-8 bytes of Node's `JSON.stringify` of it."""
    shipped.require_oracle()
    values = _values()
    texts = [shipped.stringify(value) for value in values]
    assert [stringified_bytes(value) for value in values] == [
        len(text.encode("utf-8")) for text in texts
    ]


def _nested(levels: int) -> Any:
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "size"),
    [
        ("\ud800", 8),
        ("é", 4),
        ({"a": 1.0}, 7),
        ([1e21, None], 12),
        ("\x01\n", 10),
        ([float("nan"), float("inf"), -float("inf")], 16),
        (_nested(5_000), 10_000),
        ([10**5000], 10),
    ],
)
def test_sizes_by_hand(value: object, size: int) -> None:
    """A lone surrogate is `\\udxxx`, é two bytes, `1.0` is `1`, `1e21` is `1e+21`, NaN and
    the infinities `null`; 5,000 arrays nested are 10,000 brackets, past the encoder's
    recursion; an integer past a double's range is `Infinity`."""
    assert stringified_bytes(value) == size


@pytest.mark.parametrize(
    ("value", "deepest", "brackets"),
    [
        (0, 0, 0),
        ({}, 1, 1),
        ({"a": [1, {"b": [[]]}], "c": {}}, 4, 6),
        ({"[{": "{"}, 1, 4),
        (_nested(5_000), 5_000, 5_000),
    ],
)
def test_nesting_bounds_the_depth(value: object, deepest: int, brackets: int) -> None:
    """The nesting given is at least the objects and arrays on the deepest path and at most
    the brackets of the text (a string's among them)."""
    assert deepest <= measure_stringified(value)[1] <= brackets
