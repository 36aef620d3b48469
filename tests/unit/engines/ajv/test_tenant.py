"""A tenant's schema measured as the shipped `compileInlineSchema` measures it under each
profile: depth, value count, bytes as JSON, and which of them a walk meets first."""

from __future__ import annotations

from typing import Any

import pytest

from hatch_kindgi.engines.ajv.tenant import tenant_schema_problem
from hatch_kindgi.engines.bounds import PROFILES
from tests.oracle import shipped

_LEAD = "Inline schema failed to compile: "


def _nested(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


def _padded(size: int, filler: str = "x") -> dict[str, Any]:
    """`{"type": "object", "description": ...}` of `size` bytes as JSON (filler 1 byte or
    more as JSON: whole fillers only, so a size a filler can't reach falls short)."""
    base = len('{"type":"object","description":""}')
    unit = {"x": 1, "é": 2, "\n": 2, "\x01": 6, "😀": 4}[filler]
    return {"type": "object", "description": filler * ((size - base) // unit)}


def _cases() -> list[tuple[str, Any]]:
    deep_and_big = {"title": "t", "default": _nested(64), "examples": [0] * 600_000}
    big_and_deep = {"title": "t", "examples": [0] * 600_000, "default": _nested(64)}
    # Object.values lists "1" before "b": the big array is pushed last and walked first
    by_index = {"default": {"b": [0] * 600_000, "1": _nested(63)}}
    return [
        ("64 levels", {"default": _nested(63)}),
        ("65 levels", {"default": _nested(64)}),
        ("65 levels in an object", {"properties": {"a": {"default": _nested(62)}}}),
        ("131072 values", {"examples": [0] * 131_071}),
        ("131073 values", {"examples": [0] * 131_072}),
        ("524288 values", {"examples": [0] * 524_287}),
        ("524289 values", {"examples": [0] * 524_288}),
        ("262144 bytes", _padded(262_144)),
        ("262145 bytes", _padded(262_145)),
        ("262146 bytes of é", _padded(262_146, "é")),
        ("escaped newlines", _padded(262_150, "\n")),
        ("control characters", _padded(262_150, "\x01")),
        ("astral characters", _padded(262_148, "😀")),
        ("numbers JavaScript shortens", {"examples": [1.0] * 131_000}),
        ("1048576 bytes", _padded(1_048_576)),
        ("1048577 bytes", _padded(1_048_577)),
        ("deep, then big", deep_and_big),
        ("big, then deep", big_and_deep),
        ("integer keys first", by_index),
    ]


@pytest.mark.parametrize("profile", shipped.PROFILES)
def test_measured_as_the_runtime_measures(profile: shipped.Profile) -> None:
    """Each case is refused exactly when `compileInlineSchema` refuses it for its size or
    depth under the profile, in its words."""
    shipped.require_oracle()
    for name, schema in _cases():
        theirs = shipped.compile_inline_schema(schema, profile=profile)
        ours = tenant_schema_problem(schema, PROFILES[profile])
        expected = None if theirs is None else theirs.removeprefix(_LEAD)
        assert ours == expected, name
