"""Validation in bounded time: a catastrophic pattern, refs that multiply the work or a long
`uniqueItems` are a problem or a quick answer, never a hang."""

from __future__ import annotations

import time
from typing import Any

import pytest

from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.engines import budget as _budget
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, SELF_HOSTED_BOUNDS
from hatch_kindgi.primitives.stage import check_primitives
from hatch_kindgi.report.problems import error
from tests.helpers.entries import GUARD_FILE, guardrail
from tests.helpers.fast_path import fast_path_off

SLOW = "^([a-z0-9]|[a-z])+$"  # two alternatives match the same letters: 2^n ways to fail
VICTIM = "a" * 30 + "!"


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
    schema = {"type": "object", "patternProperties": {"^(a|a)*$": {"type": "string"}}}
    problems = SchemaChecks().value_problems(
        "b.json", {"x": {VICTIM: 1}}, {"type": "object", "properties": {"x": schema}}
    )
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-pattern-timeout", "/content/schema/properties/x/patternProperties/^(a|a)*$")
    ]
    assert f"against the key of /content/values/x/{VICTIM} took" in problems[0].message


@pytest.mark.parametrize(
    "schema",
    [
        {
            "type": "object",
            "properties": {"k": {"type": "string"}},
            "additionalProperties": False,
            "patternProperties": {"^(a|a)*$": {}},
        },
        {"type": "object", "unevaluatedProperties": False, "patternProperties": {"^(a|a)*$": {}}},
        {"type": "object", "not": {"properties": {"k": {"type": "string", "pattern": "^(a|a)*$"}}}},
        {
            "type": "object",
            "anyOf": [
                {"maxProperties": 0},
                {"properties": {"k": {"type": "string", "pattern": "^(a|a)*$"}}},
            ],
        },
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
    monkeypatch.setattr(_budget, "PATTERN_TIMEOUT", 0.05)
    monkeypatch.setattr(_budget, "PATTERN_BUDGET", 0.2)
    schema = {"type": "array", "items": {"type": "string", "pattern": "^(a|a)*$"}}
    values = {"list": ["a" * 14 + "!"] * 500}  # a few ms each; 500 of them are seconds
    problems = SchemaChecks().value_problems(
        "b.json", values, {"type": "object", "properties": {"list": schema}}
    )
    assert [p.code for p in problems[-1:]] == ["settings-pattern-timeout"]
    assert "took longer than 0.2 s of CPU in all" in problems[-1].message


def test_pattern_too_large_to_compile_is_a_schema_problem() -> None:
    """Counted repetitions that expand past the limit are refused before compiling."""
    schema = {
        "type": "object",
        "properties": {"c": {"type": "string", "pattern": "^((((a{100}){100}){100}){100})$"}},
    }
    problems = SchemaChecks().schema_problems("b.json", schema)
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-schema", "/content/schema/properties/c/pattern")
    ]
    assert "expand to 101010103 items, more than 10000" in problems[0].message


def test_catastrophic_config_schema_pattern_is_a_guardrail_problem() -> None:
    """A configSchema pattern slow on the config: the guardrail's file and both pointers."""
    schema = {"type": "object", "properties": {"name": {"pattern": SLOW}}}
    entry = guardrail(configSchema=schema, config={"name": VICTIM})
    problems = check_primitives({"guardrails": [entry]})
    assert [(p.code, p.file, p.pointer) for p in problems] == [
        (
            "guardrail-config-pattern-timeout",
            GUARD_FILE,
            "/configSchema/properties/name/pattern",
        )
    ]
    assert problems[0].message.startswith(
        'matching "^([a-z0-9]|[a-z])+$" against the string at /config/name took longer than '
        "0.5 s of CPU"
    )


def test_config_schema_pattern_too_large() -> None:
    """A configSchema pattern past the size limit: the config can't be checked, said as ours
    (the runtime may compile it)."""
    schema = {"properties": {"name": {"pattern": "a{100000}"}}}
    problems = check_primitives({"guardrails": [guardrail(configSchema=schema, config={})]})
    assert problems == (
        error(
            "guardrail-config-schema",
            GUARD_FILE,
            'configSchema can\'t be checked as the runtime compiles it: the pattern "a{100000}" '
            "is too large to check: its counted repetitions expand to 100000 items, more than "
            "10000; use smaller bounds ({1,100} rather than {1,100000}) or check the length "
            "with maxLength; until it can, the build can't check the config against it",
            pointer="/configSchema/properties/name/pattern",
        ),
    )


def test_unique_items_of_twenty_thousand_objects_in_linear_time() -> None:
    """jsonschema compares every pair of objects (2e8 comparisons here); now it is one pass."""
    schema = {"type": "object", "properties": {"rows": {"type": "array", "uniqueItems": True}}}
    rows = [{"id": n, "tags": [n, str(n)]} for n in range(20_000)]
    started = time.process_time()
    with fast_path_off():
        clean = SchemaChecks().value_problems("b.json", {"rows": rows}, schema)
        repeated = SchemaChecks().value_problems(
            "b.json", {"rows": [*rows, {"tags": [0, "0"], "id": 0}]}, schema
        )
    assert time.process_time() - started < 10
    assert clean == []
    assert [(p.code, p.pointer) for p in repeated] == [("settings-values", "/content/values/rows")]
    assert repeated[0].message == (  # Ajv's words (tests/unit/schema/test_ajv_values.py)
        "must NOT have duplicate items (items ## 0 and 20000 are identical)"
    )


def _multiplying_refs(levels: int) -> dict[str, Any]:
    """Each level an anyOf of two refs to the next: 2**levels ways to fail."""
    defs: dict[str, Any] = {
        f"a{n}": {"anyOf": [{"$ref": f"#/$defs/a{n + 1}"}, {"$ref": f"#/$defs/a{n + 1}"}]}
        for n in range(levels)
    }
    defs[f"a{levels}"] = {"type": "string"}
    return {"$defs": defs, "$ref": "#/$defs/a0"}


def test_multiplying_refs_stop_within_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A schema whose refs multiply the work is stopped once its budget is spent."""
    monkeypatch.setattr(_budget, "VALIDATION_BUDGET", 0.3)
    started = time.process_time()
    problems = SchemaChecks().value_problems("b.json", {"n": 1}, _multiplying_refs(40), "1.0.0")
    assert time.process_time() - started < 5
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-values-timeout", "/content/schema")
    ]
    assert problems[0].message.startswith(
        "checking the values against the schema (the schema of version 1.0.0) took longer "
        "than 0.3 s of CPU (its pattern matching aside)"
    )


def test_multiplying_refs_in_a_config_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same bound for a guardrail's config."""
    monkeypatch.setattr(_budget, "VALIDATION_BUDGET", 0.3)
    entry = guardrail(configSchema=_multiplying_refs(40), config={"n": 1})
    problems = check_primitives({"guardrails": [entry]})
    assert [(p.code, p.file, p.pointer) for p in problems] == [
        ("guardrail-config-timeout", GUARD_FILE, "/configSchema")
    ]
    assert problems[0].message.startswith(
        "checking the config against its configSchema took longer than 0.3 s of CPU"
    )


def test_budget_spent_on_patterns_is_not_counted_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slow patterns report as patterns: the rest of the budget leaves their time aside."""
    monkeypatch.setattr(_budget, "PATTERN_TIMEOUT", 0.05)
    monkeypatch.setattr(_budget, "PATTERN_BUDGET", 0.3)
    monkeypatch.setattr(_budget, "VALIDATION_BUDGET", 0.2)
    values = {"list": ["a" * 14 + "!"] * 500}
    schema = {
        "type": "object",
        "properties": {
            "list": {"type": "array", "items": {"type": "string", "pattern": "^(a|a)*$"}}
        },
    }
    problems = SchemaChecks().value_problems("b.json", values, schema)
    assert [p.code for p in problems[-1:]] == ["settings-pattern-timeout"]


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CODES = [a + b + c for a in _LETTERS for b in _LETTERS for c in _LETTERS]


@pytest.mark.parametrize("profile", ["self-hosted", "hosted"])
@pytest.mark.parametrize(
    "pattern",
    [
        "^(?:" + "|".join(_CODES[:3_400]) + ")$",
        "(" * 65 + "a" + ")" * 65,
        "(?:" * 65 + "a" + ")" * 65,
        "(" * 511 + "a" + ")" * 511,
    ],
    ids=["allowlist", "65-nested", "65-non-capturing", "511-nested"],
)
def test_large_patterns_get_the_runtimes_verdict(pattern: str, profile: str) -> None:
    """An allowlist without counts and groups nested past 64: the shipped runtime compiles
    and checks them on each profile (hosted: an allowlist past 1,024 characters is refused
    for its length), and so do we, value by value."""
    from tests.oracle import shipped

    shipped.require_oracle()
    schema = {"type": "object", "properties": {"c": {"type": "string", "pattern": pattern}}}
    checks = SchemaChecks(HOSTED_BOUNDS if profile == "hosted" else SELF_HOSTED_BOUNDS)
    for value in ("a", "JJB", "AAA", "b"):
        runtime = shipped.settings(schema, {"c": value}, profile=profile)  # type: ignore[arg-type]
        ours = checks.schema_problems("b.json", schema)
        if not runtime["compiled"]:
            assert [p.code for p in ours] == ["settings-schema"]
            continue
        assert ours == []
        found = checks.value_problems("b.json", {"c": value}, schema)
        assert [p.pointer for p in found] == [i["path"] for i in runtime["issues"]]
