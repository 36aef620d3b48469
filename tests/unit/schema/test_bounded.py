"""Patterns are matched in bounded time: a catastrophic one is a problem, never a hang."""

from __future__ import annotations

import time
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry

from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.report.problems import error
from hatch_kindgi.schema import bounded as _bounded_schema
from hatch_kindgi.schema.bounded import bounded_validator, pattern_budget
from tests.helpers.entries import GUARD_FILE, guardrail

SLOW = "^([a-z0-9]|[a-z])+$"  # two alternatives match the same letters: 2^n ways to fail
VICTIM = "a" * 30 + "!"


def _messages(validator: Any, instance: Any) -> list[tuple[list[Any], str]]:
    """Each failure as (instance path, message), in a stable order."""
    return sorted((list(e.absolute_path), e.message) for e in validator.iter_errors(instance))


def test_catastrophic_settings_pattern_is_a_problem_in_bounded_time() -> None:
    """The pattern's pointer, the value's pointer, and an answer within a few seconds."""
    schema = {"type": "object", "properties": {"handle": {"type": "string", "pattern": SLOW}}}
    started = time.monotonic()
    problems = SchemaChecks().value_problems("b.json", {"handle": VICTIM}, schema)
    assert time.monotonic() - started < 10
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-pattern-timeout", "/content/schema/properties/handle/pattern")
    ]
    assert "against the string at /content/values/handle took longer than 0.5 s" in (
        problems[0].message
    )


def test_catastrophic_pattern_property_names_the_key() -> None:
    """A patternProperties key slow on a member's name names that member's key."""
    schema = {"patternProperties": {"^(a|a)*$": {"type": "string"}}}
    problems = SchemaChecks().value_problems(
        "b.json", {"x": {VICTIM: 1}}, {"properties": {"x": schema}}
    )
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-pattern-timeout", "/content/schema/properties/x/patternProperties/^(a|a)*$")
    ]
    assert f"against the key of /content/values/x/{VICTIM} took" in problems[0].message


@pytest.mark.parametrize(
    "schema",
    [
        {
            "properties": {"k": {"type": "string"}},
            "additionalProperties": False,
            "patternProperties": {"^(a|a)*$": {}},
        },
        {"unevaluatedProperties": False, "patternProperties": {"^(a|a)*$": {}}},
        {"not": {"properties": {"k": {"pattern": "^(a|a)*$"}}}},
        {"anyOf": [{"type": "number"}, {"properties": {"k": {"pattern": "^(a|a)*$"}}}]},
    ],
    ids=["additionalProperties", "unevaluatedProperties", "not", "anyOf"],
)
def test_every_keyword_that_matches_is_bounded(schema: dict[str, Any]) -> None:
    """Keywords that match patterns indirectly, or swallow errors, still stop and report."""
    instance = {"k": VICTIM, VICTIM: 1}
    problems = SchemaChecks().value_problems("b.json", instance, schema)
    assert [p.code for p in problems] == ["settings-pattern-timeout"]
    assert problems[0].pointer is not None
    assert problems[0].pointer.startswith("/content/schema/")


def test_budget_bounds_many_slow_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Many matches each under the per-match limit still stop once the budget is spent."""
    monkeypatch.setattr(_bounded_schema, "PATTERN_TIMEOUT", 0.05)
    monkeypatch.setattr(_bounded_schema, "PATTERN_BUDGET", 0.2)
    schema = {"items": {"pattern": "^(a|a)*$"}}
    values = {"list": ["a" * 14 + "!"] * 500}  # a few ms each; 500 of them are seconds
    problems = SchemaChecks().value_problems("b.json", values, {"properties": {"list": schema}})
    assert [p.code for p in problems[-1:]] == ["settings-pattern-timeout"]
    assert "took longer than 0.2 s of CPU in all" in problems[-1].message


def test_pattern_too_large_to_compile_is_a_schema_problem() -> None:
    """Counted repetitions that expand past the limit are refused before compiling."""
    schema = {"properties": {"c": {"pattern": "^((((a{100}){100}){100}){100})$"}}}
    problems = SchemaChecks().schema_problems("b.json", schema)
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-schema", "/content/schema/properties/c/pattern")
    ]
    assert "expand to 101010103 items, more than 10000" in problems[0].message


@pytest.mark.parametrize(
    ("pattern", "size"),
    [("^[a-z]{1,64}$", 66), ("(?:a{100}){100}", 10_000), ("a*b+", 2), ("(x|y){3}", 6)],
)
def test_expanded_size(pattern: str, size: int) -> None:
    """Counted repetitions multiply what they repeat; open-ended ones count it once."""
    assert _bounded_schema._expanded_size(_bounded_schema._SRE.parse(pattern)) == size


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
    with pattern_budget():
        assert _messages(bounded_validator(schema), instance) == _messages(stock, instance)


def test_lone_surrogate_strings_are_matched() -> None:
    """Strings JSON can carry but UTF-8 can't are matched like any other."""
    validator = bounded_validator({"pattern": "^a"})
    assert [e.message for e in validator.iter_errors("\ud800a")] == [
        "'\\ud800a' does not match '^a'"
    ]


def test_catastrophic_config_schema_pattern_is_a_guardrail_problem() -> None:
    """A configSchema pattern slow on the config: the guardrail's file and both pointers."""
    schema = {"type": "object", "properties": {"name": {"pattern": SLOW}}}
    entry = guardrail(configSchema=schema, config={"name": VICTIM})
    problems = check_entries([], [entry], [], [], [])
    assert [(p.code, p.file, p.pointer) for p in problems] == [
        (
            "guardrail-config-pattern-timeout",
            GUARD_FILE,
            "/configSchema/properties/name/pattern",
        )
    ]
    assert problems[0].message.startswith(
        'configSchema of guardrail "acme.tone": matching "^([a-z0-9]|[a-z])+$" against the '
        "string at /config/name took longer than 0.5 s of CPU"
    )


def test_config_schema_pattern_too_large() -> None:
    """A configSchema pattern past the size limit is a configSchema problem."""
    schema = {"properties": {"name": {"pattern": "a{100000}"}}}
    problems = check_entries([], [guardrail(configSchema=schema, config={})], [], [], [])
    assert problems == (
        error(
            "guardrail-config-schema",
            GUARD_FILE,
            'configSchema of guardrail "acme.tone": the pattern "a{100000}" is too large to '
            "check: its counted repetitions expand to 100000 items, more than 10000; use "
            "smaller bounds ({1,100} rather than {1,100000}) or check the length with maxLength",
            pointer="/configSchema/properties/name/pattern",
        ),
    )
