"""Settings schemas refused exactly where the runtime's Ajv (strict mode) refuses to compile them.

Every verdict is compared with the runtime's own compile, kindgi-cli's `compileInlineSchema`
on its Ajv 8.20.0 (`tests/oracle/shipped.py` `shipped.settings`): the keyword tables, a corpus of
settings schemas as pack authors write them (`tests/data/ajv_strict/corpus.json`), and the
JSON-Schema-Test-Suite's draft 2020-12 schemas.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.blocks.settings import SchemaChecks, tunable_findings
from hatch_kindgi.engines.ajv.strict import (
    GROUPS,
    KEYWORDS,
    RULE_ORDER,
    strict_findings,
    strict_fixes,
)
from tests.helpers.external import json_schema_test_suite
from tests.oracle import shipped

CORPUS = json.loads(
    (Path(__file__).parents[3] / "data" / "ajv_strict" / "corpus.json").read_text("utf-8")
)
_COMPILE_FAILED = "Inline schema failed to compile: "


def _ajv_refusal(schema: Any) -> str | None:
    """The runtime's compile failure for `schema` (Ajv's own message), or None."""
    answer = shipped.settings(schema, {})
    if answer["compiled"]:
        return None
    message = str(answer["issues"][0]["message"])
    assert message.startswith(_COMPILE_FAILED)
    return message[len(_COMPILE_FAILED) :]


def _ours(schema: Any) -> list[str]:
    return [problem.message for problem in SchemaChecks().schema_problems("b.json", schema)]


def test_keyword_tables_are_ajvs() -> None:
    """The keywords strict mode allows and the compile order are the pinned Ajv's own."""
    shipped.require_oracle()
    script = (
        f"const Ajv2020 = require({str(shipped.node_modules() / 'ajv/dist/2020')!r}).default;"
        f"const addFormats = require({str(shipped.node_modules() / 'ajv-formats')!r});"
        "const ajv = new Ajv2020({strict: true, allErrors: true, allowUnionTypes: true});"
        "addFormats(ajv); ajv.addKeyword('x-kindgi-tunable');"
        "console.log(JSON.stringify([Object.keys(ajv.RULES.keywords),"
        " Object.keys(ajv.RULES.all),"
        " ajv.RULES.rules.map((g) => [g.type ?? null, g.rules.map((r) => r.keyword)])]))"
    )
    answer: Any = shipped.node_eval(script, None)
    keywords, rules, groups = answer
    assert set(keywords) == KEYWORDS
    assert tuple(rules) == RULE_ORDER
    assert [(kind, tuple(names)) for kind, names in groups] == list(GROUPS)


@pytest.mark.parametrize("case", CORPUS, ids=[case["name"] for case in CORPUS])
def test_corpus_verdict_and_words_are_the_runtimes(case: dict[str, Any]) -> None:
    """Refused when Ajv refuses, accepted when it compiles; a refusal in Ajv's words."""
    refusal = _ajv_refusal(case["schema"])
    ours = _ours(case["schema"])
    if refusal is None:
        assert ours == []
    else:
        assert ours
        if not refusal.startswith("schema is invalid"):  # the metaschema: jsonschema's words
            assert any(message.startswith(refusal) for message in ours), (refusal, ours)


# Where the runtime fails for a reason of its own, not a rule a schema breaks.
_SUITE_RESIDUE = {
    ("ref.json", "URN ref with nested pointer ref"),  # Ajv: "Maximum call stack size exceeded"
}


def test_json_schema_test_suite_compile_verdicts() -> None:
    """The suite's draft 2020-12 object schemas: Ajv's compile verdict on each but the
    residue (365 of 366 at ajv 8.20.0)."""
    shipped.require_oracle()
    differ = []
    total = 0
    for path in sorted(json_schema_test_suite().glob("*.json")):
        for group in json.loads(path.read_text("utf-8")):
            schema = group["schema"]
            if not isinstance(schema, dict):
                continue
            total += 1
            if (_ajv_refusal(schema) is None) != (not _ours(schema)):
                differ.append((path.name, group["description"]))
    assert set(differ) == _SUITE_RESIDUE
    assert total - len(differ) >= 0.99 * total


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        (
            {"properties": {"a": {"type": "string"}}},
            [
                (
                    "/properties",
                    'strict mode: missing type "object" for keyword "properties" at "#" '
                    '(strictTypes); add "type": "object"',
                )
            ],
        ),
        (
            {"type": "object", "properties": {"n": {"minimun": 1}}},
            [
                (
                    "/properties/n/minimun",
                    'strict mode: unknown keyword: "minimun"; did you mean "minimum"?; Ajv in '
                    "strict mode refuses keywords it doesn't know: fix its spelling, or drop it",
                )
            ],
        ),
        (
            {"type": "object", "properties": {"a": {}}, "required": ["a", "b"]},
            [
                (
                    "/required/1",
                    'strict mode: required property "b" is not defined at "#" '
                    '(strictRequired); declare it under "properties" of this same schema',
                )
            ],
        ),
        (
            {"type": "array", "prefixItems": [{}, {}], "minItems": 2},
            [
                (
                    "/prefixItems",
                    'strict mode: "prefixItems" is 2-tuple, but minItems or maxItems/items are '
                    'not specified or different at path "#"; close the tuple: '
                    '"minItems": 2 and "items": false (or "maxItems": 2)',
                )
            ],
        ),
        (
            {"type": "string", "format": "phone"},
            [
                (
                    "/format",
                    'unknown format "phone" ignored in schema at path "#"; the runtime knows '
                    'ajv-formats\' formats only: drop it, or use a "pattern"',
                )
            ],
        ),
        (
            {"type": "integer", "allOf": [{"type": "number"}]},
            [
                (
                    "/allOf/0/type",
                    'strict mode: type "number" not allowed by context "integer" at '
                    '"#/allOf/0" (strictTypes); the schema around it allows no such value: '
                    "make the types agree",
                )
            ],
        ),
        ({"type": "object", "$defs": {"unused": {"minimum": 0}}}, []),
        ({"type": ["number", "string"], "minimum": 0, "maxLength": 3}, []),
    ],
)
def test_each_rule_exactly(schema: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    """Pointer and message of each rule, written by hand from Ajv's source."""
    assert strict_findings(schema) == expected


def test_all_faults_reported_not_the_first() -> None:
    """Ajv throws on the first fault (ours first too); every one is reported, in Ajv's order."""
    schema = {
        "properties": {"a": {"minimum": 0}, "b": {"type": "string", "pattern": "(?i)x"}},
        "required": ["c"],
    }
    assert [pointer for pointer, _ in strict_findings(schema)] == [
        "/required",
        "/properties",
        "/required/0",
        "/properties/a/minimum",
        "/properties/b/pattern",
    ]
    first = _ajv_refusal(schema)
    assert first is not None
    assert strict_findings(schema)[0][1].startswith(first)


def test_hostile_schemas_end_in_findings() -> None:
    """Deep nesting and wide schemas: findings in bounded time, no RecursionError."""
    deep: dict[str, Any] = {"type": "object"}
    for _ in range(5_000):
        deep = {"type": "object", "properties": {"a": deep}}
    strict_findings(deep)
    wide = {"type": "object", "properties": {f"k{i}": {"minimum": i} for i in range(20_000)}}
    assert len(strict_findings(wide)) == 20_000


def test_a_loop_of_bare_refs_is_the_runtimes_stack_overflow() -> None:
    """A `$ref` to `$ref`s alone, round a loop: Ajv's resolution follows them for ever and its
    compile fails with V8's stack overflow; the finding says so first. A loop through a
    schema that checks something is a recursive schema, which compiles."""
    shipped.require_oracle()
    for looped in (
        {"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/a"}}},
        {
            "type": "object",
            "properties": {"x": {"$ref": "#/$defs/a"}},
            "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}},
        },
    ):
        (finding,) = strict_findings(looped)
        assert _ajv_refusal(looped) == "Maximum call stack size exceeded"
        assert finding[1].startswith("Maximum call stack size exceeded; ")
    recursive = {
        "$ref": "#/$defs/a",
        "$defs": {"a": {"type": "object", "properties": {"x": {"$ref": "#/$defs/a"}}}},
    }
    assert strict_findings(recursive) == []
    assert _ajv_refusal(recursive) is None


def test_catastrophic_pattern_property_is_a_finding_not_a_hang() -> None:
    """A patternProperties pattern that backtracks on a property's name: a finding."""
    name = "a" * 40 + "!"
    schema = {
        "type": "object",
        "properties": {name: {}},
        "patternProperties": {"^(a|a)*$": {}},
    }
    findings = strict_findings(schema)
    assert [pointer for pointer, _ in findings] == ["/patternProperties/^(a|a)*$"]
    assert "took longer than" in findings[0][1]


_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False), st.text(max_size=4)
)
_KEY = st.sampled_from(sorted(KEYWORDS | {"x-other", "minimun", "example"}))
_ANY_SCHEMA = st.recursive(
    _LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(_KEY, st.text(max_size=3)), inner, max_size=5),
    ),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schema=_ANY_SCHEMA)
def test_any_json_ends_in_findings_never_an_exception(schema: Any) -> None:
    """Whatever JSON stands where a schema should (the metaschema check aside): findings."""
    findings = strict_findings(schema)
    assert all(isinstance(pointer, str) and isinstance(text, str) for pointer, text in findings)
    list(tunable_findings(schema))


@pytest.mark.parametrize(
    "schema",
    [
        {"required": [{}]},
        {"type": "object", "properties": {"a": 1}, "required": [[1]]},
        {"$id": "http://[bad", "properties": {"a": {"$ref": "x"}}},
        {"formatMaximum": 1, "format": []},
        {"type": "object", "properties": {"a": {"$ref": "http://[bad"}}},
    ],
)
def test_malformed_schemas_end_in_findings(schema: dict[str, Any]) -> None:
    """Values of the wrong kind where Ajv expects names, formats or URIs: no exception."""
    assert isinstance(strict_findings(schema), list)


def test_strict_fixes_are_the_certain_ones() -> None:
    """A missing type one type fixes, and an unknown keyword a "did you mean" names, by the
    finding's pointer; none where the object has a type, the keyword meant is there already,
    or the keyword is OpenAPI's (whose fix is no rename)."""
    schema = {
        "type": "object",
        "properties": {
            "limit": {"minimun": 1, "maximum": 9},
            "both": {"type": "number", "minimun": 1, "minimum": 2},
            "note": {"type": "string", "example": "x"},
        },
        "requried": ["limit"],
    }
    assert strict_fixes(schema) == {
        "/properties/limit/maximum": ("", "number"),
        "/properties/limit/minimun": ("minimun", "minimum"),
        "/requried": ("requried", "required"),
    }
