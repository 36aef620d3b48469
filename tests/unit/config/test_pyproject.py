"""Reading the pyproject, and its values written back in TOML's notation for messages."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pytest

from hatch_kindgi.config.pyproject import read_pyproject, toml_value

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

_UTC = datetime.timezone.utc


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (True, "true"),
        (3, "3"),
        (-0.5, "-0.5"),
        (float("inf"), "inf"),
        (float("-inf"), "-inf"),
        (float("nan"), "nan"),
        ('a"b\\c', '"a\\"b\\\\c"'),
        ("tab\tnew\nbell\x07del\x7f", '"tab\\tnew\\nbell\\u0007del\\u007F"'),
        (["hosted"], '["hosted"]'),
        ([], "[]"),
        ({"a": 1}, "{ a = 1 }"),
        ({}, "{}"),
        ({"not bare": [1, {"x": False}]}, '{ "not bare" = [1, { x = false }] }'),
        (datetime.date(2026, 1, 1), "2026-01-01"),
        (datetime.time(10, 30), "10:30:00"),
        (datetime.datetime(2026, 1, 1, 10, 0), "2026-01-01T10:00:00"),
        (datetime.datetime(2026, 1, 1, 10, 0, tzinfo=_UTC), "2026-01-01T10:00:00+00:00"),
    ],
)
def test_values_are_written_as_toml(value: object, written: str) -> None:
    """Each kind of value `tomllib` gives is written in TOML's notation, never Python's."""
    assert toml_value(value) == written


@pytest.mark.parametrize(
    "text",
    [
        'a = ["hosted", 1.5, { b = "c\\u0001" }]',
        'a = { on = true, "not bare" = 2026-01-01T10:00:00Z, t = 07:32:00 }',
        "a = [-inf, 2026-01-01, 1e300]",
    ],
)
def test_written_values_read_back_as_the_same(text: str) -> None:
    """What `toml_value` writes is TOML that `tomllib` reads as the value it was given."""
    value = tomllib.loads(text)["a"]
    assert tomllib.loads(f"a = {toml_value(value)}")["a"] == value


def test_a_byte_order_mark_is_named(tmp_path: Path) -> None:
    """A pyproject starting with U+FEFF is refused for that, at 1:1, not as "Invalid
    statement"."""
    (tmp_path / "pyproject.toml").write_bytes(b"\xef\xbb\xbf[project]\nname = 'x'\n")
    document, problems = read_pyproject(tmp_path)
    assert document is None
    assert [(p.code, p.line, p.column, p.message) for p in problems] == [
        (
            "config-parse",
            1,
            1,
            "is not valid TOML: the file starts with a byte order mark (U+FEFF); save it as "
            "UTF-8 without one",
        )
    ]
