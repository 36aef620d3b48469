"""`JSON.stringify`'s size in UTF-8 bytes, held to Node's own `JSON.stringify` on values of
every kind: escapes, controls, lone surrogates, astral characters, numbers JavaScript
rewrites."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hatch_kindgi.engines.javascript.json import stringified_bytes
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


def _values() -> list[Any]:
    chooser = random.Random(29)
    values: list[Any] = [{}, [], "", {"": ""}, [[[]]], {"a": [1, {"b": None}]}, "\ud83d\ude00"]
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


@pytest.mark.parametrize(
    ("value", "size"),
    [("\ud800", 8), ("é", 4), ({"a": 1.0}, 7), ([1e21, None], 12), ("\x01\n", 10)],
)
def test_sizes_by_hand(value: object, size: int) -> None:
    """A lone surrogate is `\\udxxx`, é two bytes, `1.0` is `1`, `1e21` is `1e+21`."""
    assert stringified_bytes(value) == size
