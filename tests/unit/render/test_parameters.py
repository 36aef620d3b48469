"""`--param` values typed by their declarations, as a run's JSON `parameters` would carry them."""

from __future__ import annotations

from typing import Any

import pytest

from hatch_kindgi.render.parameters import (
    Declared,
    UsageFault,
    parse_assignments,
    resolve_parameters,
)


def _declared(kind: str, **more: Any) -> Declared:
    return Declared(
        "blocks/p.json", "/content/parameters", ({"name": "x", "type": kind, **more},), "p"
    )


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        ("number", "3", 3),
        ("number", "-0", 0),
        ("number", "2.5", 2.5),
        ("number", "1e3", 1000.0),
        ("number", "-1.5E-2", -0.015),
        ("boolean", "true", True),
        ("boolean", "false", False),
        ("date", "2024-02-29", "2024-02-29"),
        ("string", "", ""),
        ("string", "a=b", "a=b"),
    ],
)
def test_values_of_their_type(kind: str, text: str, value: object) -> None:
    """JSON's grammar for numbers, true/false, calendar dates, any text for a string."""
    resolved = resolve_parameters(_declared(kind), [("x", text)])
    assert (resolved.values, resolved.problems) == ({"x": value}, ())
    assert type(resolved.values["x"]) is type(value)


@pytest.mark.parametrize(
    ("kind", "text", "reason"),
    [
        ("number", "01", '"01" is not a number'),
        ("number", "NaN", '"NaN" is not a number'),
        ("number", "1.", '"1." is not a number'),
        ("number", " 1", '" 1" is not a number'),
        ("number", "1e999", '"1e999" is too large a number'),
        ("boolean", "True", '"True" is not true or false'),
        ("boolean", "1", '"1" is not true or false'),
        ("date", "2023-02-29", '"2023-02-29" is not a date (YYYY-MM-DD)'),
        ("date", "2024-2-1", '"2024-2-1" is not a date (YYYY-MM-DD)'),
    ],
)
def test_values_not_of_their_type(kind: str, text: str, reason: str) -> None:
    """A value that is not of its type is a problem on the declaration, naming the type."""
    resolved = resolve_parameters(_declared(kind), [("x", text)])
    assert resolved.values == {}
    assert [(p.code, p.file, p.pointer, p.message) for p in resolved.problems] == [
        (
            "render-parameter",
            "blocks/p.json",
            "/content/parameters/0",
            f'--param x={text}: {reason}; the parameter "x" is of type {kind}',
        )
    ]


def test_defaults_and_absent_values() -> None:
    """A default fills in, `null` too (the runtime's `default !== undefined`); a parameter
    with `required: false` and no default has no value."""
    declared = Declared(
        "b.json",
        "/content/parameters",
        (
            {"name": "a", "type": "number", "default": 0},
            {"name": "b", "type": "string", "default": None},
            {"name": "c", "type": "boolean", "required": False},
        ),
        "p",
    )
    resolved = resolve_parameters(declared, [])
    assert (resolved.values, resolved.problems) == ({"a": 0, "b": None}, ())
    assert resolved.without_value == frozenset({"c"})


def test_assignments_split_at_the_first_equals() -> None:
    """NAME=VALUE, the value may hold `=`; no name, no `=`, or a name twice is a usage fault."""
    assert parse_assignments(["a=b=c", "d="]) == [("a", "b=c"), ("d", "")]
    for bad in (["=x"], ["x"], ["a=1", "a=2"]):
        with pytest.raises(UsageFault):
            parse_assignments(bad)
