"""The jsonschema-rs fast path: it only ever says "valid" where jsonschema finds nothing, and
without it every report is the same."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from hatch_kindgi.engines.ajv.base import bounded_validator
from hatch_kindgi.engines.budget import validation_budget
from hatch_kindgi.pipeline import RunRequest, run_pipeline
from hatch_kindgi.report.formats import format_text
from hatch_kindgi.schema import fast
from tests.helpers.fast_path import fast_path_off
from tests.helpers.golden import GOLDEN_ENV, expected_report
from tests.helpers.packs import BROKEN, TESTPACKS, has_code

pytestmark = pytest.mark.skipif(not fast.available(), reason="jsonschema-rs needs Python 3.10+")

META = Draft202012Validator(Draft202012Validator.META_SCHEMA)
"""Stock jsonschema's metaschema check, no format asserted, as neither ours (Ajv's compile)
nor the fast path asserts one."""


def _jsonschema_meta_valid(schema: Any) -> bool:
    return next(iter(META.iter_errors(schema)), None) is None


def _bounded_valid(schema: Any, instance: Any) -> bool:
    with validation_budget():
        return next(iter(bounded_validator(schema).iter_errors(instance)), None) is None


RICH_SCHEMAS: list[Any] = [
    True,
    False,
    {},
    {"type": ["string", "null"], "minLength": 1, "maxLength": 5, "pattern": "^[a-z]+$"},
    {
        "$id": "urn:uuid:7d3c1f3e-1111-4e1e-9c2a-000000000000",
        "$defs": {"bar": {"type": "integer", "multipleOf": 3, "exclusiveMaximum": 100}},
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/bar"}, "b": {"enum": [1, "x", None]}},
        "required": ["a"],
        "additionalProperties": False,
    },
    {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "anyOf": [{"const": {"k": [1, 2]}}, {"type": "array", "uniqueItems": True}],
        "if": {"minProperties": 1},
        "then": {"propertyNames": {"pattern": "^x"}},
        "else": {"not": {"type": "number"}},
    },
    {"patternProperties": {"^\\w+$": {"type": "string"}}, "unevaluatedProperties": False},
    {"prefixItems": [{"type": "integer"}], "items": False, "contains": {"const": 1}},
    {"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"required": ["d"]}}},
    {"$ref": "https://json-schema.org/draft/2020-12/schema"},
    {"$dynamicAnchor": "meta", "$defs": {"x": {"$dynamicRef": "#meta"}}},
]
BAD_VALUES: list[Any] = [
    "x",
    -1,
    1.5,
    None,
    [],
    {},
    True,
    "(",
    "\\p{L}",
    "\\Z",
    0,
    [1, 1],
    {"type": "nope"},
    "http://127.0.0.1:1/x",
    "\ud800",
]


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((*path, key))
            found.extend(_places(value, (*path, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.append((*path, index))
            found.extend(_places(value, (*path, index)))
    return found


def _mutations(schema: Any, bad_values: list[Any]) -> list[Any]:
    """`schema`, and a copy with each value anywhere replaced by each of `bad_values`."""
    out = [schema]
    for place in _places(schema):
        for bad in bad_values:
            changed = copy.deepcopy(schema)
            node = changed
            for step in place[:-1]:
                node = node[step]
            node[place[-1]] = bad
            out.append(changed)
    return out


def _pack_schemas() -> list[Any]:
    """Every settings schema in the testpacks (broken ones too) of a few kilobytes at most."""
    found = []
    for path in sorted(TESTPACKS.rglob("blocks/**/*.json")):
        if not path.is_file() or path.stat().st_size > 4096:
            continue
        try:
            block = json.loads(path.read_bytes())
        except (ValueError, RecursionError):
            continue
        content = block.get("content") if isinstance(block, dict) else None
        if isinstance(content, dict) and "schema" in content:
            found.append(content["schema"])
    return found


def test_metaschema_fast_path_agrees_with_jsonschema() -> None:
    """On thousands of schemas, valid to jsonschema-rs exactly when valid to jsonschema (no
    format asserted), but for strings UTF-8 can't carry (lone surrogates), where it leaves the
    answer to the bounded check."""
    schemas = [m for s in RICH_SCHEMAS for m in _mutations(s, BAD_VALUES)]
    schemas += [m for s in _pack_schemas() for m in _mutations(s, BAD_VALUES[:4])]
    assert len(schemas) > 1500
    disagree = [s for s in schemas if fast.metaschema_valid(s) != _jsonschema_meta_valid(s)]
    assert [s for s in disagree if fast.metaschema_valid(s) or "\\ud800" not in repr(s)] == []
    assert sum(map(fast.metaschema_valid, schemas)) > 300  # it answers, not only defers


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        ({"multipleOf": 0.01}, 19.99),  # jsonschema-rs: a multiple; jsonschema: not
        ({"multipleOf": 0.1}, 0.3),
        ({"not": {"multipleOf": 0.01}}, 19.99),
        ({"pattern": "^\\s$"}, "\ufeff"),  # ECMA \s takes U+FEFF; Python's doesn't
        ({"pattern": "^\\W$"}, "é"),
        ({"propertyNames": {"pattern": "^\\D$"}}, {"\u07c0": 1}),  # an NKo digit
        ({"patternProperties": {"^\\s$": False}}, {"\ufeff": 1}),
        ({"$ref": "#"}, 1),  # recursion without end: jsonschema-rs calls it valid
        ({"anyOf": [{"$ref": "#"}, {"type": "string"}]}, 1),
        (
            {
                "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}},
                "$ref": "#/$defs/a",
            },
            1,
        ),
        ({"not": {"pattern": "^(a|a)*$"}}, "a" * 40 + "!"),  # out of time under `not`
        ({"type": "array"}, (1, 2)),  # a tuple is no JSON array
        ({"type": "string"}, "\ud800"),
        ({"maximum": 2**64}, 2**64 + 1),
        ({"uniqueItems": True}, [1, 1.0]),
        ({"uniqueItems": True}, [[1], [True], [1.0]]),
        ({"const": 1}, True),
        ({"items": {"maxLength": 1}}, ["é", "🐲"]),
    ],
)
def test_fast_values_never_valid_where_jsonschema_finds_a_failure(
    schema: Any, instance: Any
) -> None:
    """Where the two libraries differ, the fast path leaves the answer to jsonschema."""
    checker = fast.fast_values(schema)
    if checker is not None and checker.valid(instance):
        assert _bounded_valid(schema, instance)


def test_fast_values_answers_plain_schemas() -> None:
    """Not vacuous: on the schemas a pack usually has, the fast path does say valid."""
    schema = RICH_SCHEMAS[4]
    checker = fast.fast_values(schema)
    assert checker is not None
    assert checker.valid({"a": 9, "b": "x"})
    assert not checker.valid({"a": 10})
    assert fast.fast_values({"patternProperties": {"a": {}}}) is None


_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.sampled_from([0.5, 1.0, 2.5, 19.99, 0.3, -0.0, 2**64, 1e300]),
    st.text(alphabet="aé \ufeff1_٣", max_size=3),
)
_JSON = st.recursive(
    _SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["a", "b", "é", "1"]), inner, max_size=3),
    ),
    max_leaves=8,
)
_PATTERNS = st.sampled_from(["^a", "\\d", "^\\w*$", "\\s", "é$", "^(a|a)*$", "[^a]"])


def _keyword_schemas(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.fixed_dictionaries(
            {},
            optional={
                "type": st.sampled_from(
                    ["string", "integer", "number", "object", "array", "boolean", "null"]
                ),
                "minimum": st.integers(-2, 2),
                "exclusiveMaximum": st.sampled_from([0, 1.5, 2**64]),
                "multipleOf": st.sampled_from([2, 3, 0.01, 0.5, 1e-7]),
                "maxLength": st.integers(0, 2),
                "pattern": _PATTERNS,
                "enum": st.lists(_JSON, min_size=1, max_size=3),
                "const": _JSON,
                "uniqueItems": st.booleans(),
                "items": inner,
                "contains": inner,
                "properties": st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
                "required": st.lists(st.sampled_from(["a", "b"]), unique=True, max_size=2),
                "additionalProperties": inner,
                "propertyNames": inner,
                "unevaluatedProperties": inner,
                "not": inner,
                "anyOf": st.lists(inner, min_size=1, max_size=2),
                "oneOf": st.lists(inner, min_size=1, max_size=2),
                "allOf": st.lists(inner, min_size=1, max_size=2),
                "$ref": st.just("#/$defs/d"),
            },
        ),
        st.booleans(),
    )


_SCHEMAS: st.SearchStrategy[Any] = st.recursive(
    st.booleans() | st.just({}), _keyword_schemas, max_leaves=6
).map(lambda schema: {"$defs": {"d": {"type": "integer"}}, "allOf": [schema]})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(schema=_SCHEMAS, instance=_JSON)
def test_fast_values_agree_on_generated_schemas(schema: Any, instance: Any) -> None:
    """Generated schemas and values: a fast "valid" is always jsonschema's verdict too."""
    if not _jsonschema_meta_valid(schema):
        return
    checker = fast.fast_values(schema)
    if checker is not None and checker.valid(instance):
        assert _bounded_valid(schema, instance)


def test_fast_path_off_leaves_everything_to_jsonschema() -> None:
    """The comparisons below are not of the fast path with itself: inside `fast_path_off`
    jsonschema-rs answers nothing (values, metaschema, envelope), and it answers again after."""
    from hatch_kindgi.index import stage as index_stage

    schema = {"type": "integer"}
    assert fast.fast_values(schema) is not None
    assert fast.metaschema_valid(schema)
    with fast_path_off():
        assert not fast.available()
        assert fast.fast_values(schema) is None
        assert not fast.metaschema_valid(schema)
        assert index_stage._fast_validator()._validator is None
    assert fast.fast_values(schema) is not None
    assert index_stage._fast_validator()._validator is not None


FAST_CASES = [
    "block-shape",
    "hosted-target",
    "hosted-warnings",
    "liquid-warnings",
    "settings-recursive-ref",
    "settings-strict-types",
    "settings-values-format",
]
"""Broken packs, without code, on which the fast path answers "valid" (a metaschema, a
block's settings values, an index envelope), both profiles among them: the fast path on and
off is compared on these, not the whole corpus (whose reports, fast path on, are
tests/unit/report/test_golden.py's)."""


def test_the_fast_cases_exercise_the_fast_path() -> None:
    """Not vacuous: on each of `FAST_CASES`, with the fast path on, jsonschema-rs says valid
    at least once, so turning it off leaves jsonschema a question it had answered."""
    answered: dict[str, int] = {}
    case = ""

    def counted(real: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            valid = real(*args, **kwargs)
            answered[case] = answered.get(case, 0) + bool(valid)
            return valid

        return call

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            "hatch_kindgi.schema.metaschema.metaschema_valid", counted(fast.metaschema_valid)
        )
        patch.setattr(fast.FastValues, "valid", counted(fast.FastValues.valid))
        patch.setattr(fast.FixedSchema, "valid", counted(fast.FixedSchema.valid))
        for case in FAST_CASES:
            assert not has_code(BROKEN / case), case
            run_pipeline(BROKEN / case, RunRequest(environ=GOLDEN_ENV))
    assert [c for c in FAST_CASES if not answered.get(c)] == []


@pytest.mark.parametrize("case", FAST_CASES)
def test_reports_are_the_same_without_the_fast_path(case: str) -> None:
    """jsonschema alone (as without the `fast` extra) gives the golden report exactly."""
    with fast_path_off():
        result = run_pipeline(BROKEN / case, RunRequest(environ=GOLDEN_ENV))
    assert format_text(result.problems) == expected_report(case)


@pytest.mark.parametrize("pack", ["blocks", "minimal"])
def test_index_bytes_are_the_same_without_the_fast_path(pack: str) -> None:
    """A clean pack's index bytes, with and without jsonschema-rs."""
    with_fast = run_pipeline(TESTPACKS / pack, RunRequest(environ=GOLDEN_ENV))
    with fast_path_off():
        without = run_pipeline(TESTPACKS / pack, RunRequest(environ=GOLDEN_ENV))
    assert with_fast.index is not None
    assert with_fast.index == without.index
    assert with_fast.problems == without.problems


def test_generated_pack_is_the_same_without_the_fast_path(tmp_path: Path) -> None:
    """The benchmark's pack, schemas shared across versions: same bytes, same problems."""
    from tests.helpers.bench import generate

    generate(tmp_path, 60, versions=3)
    with_fast = run_pipeline(tmp_path, RunRequest(environ=GOLDEN_ENV))
    with fast_path_off():
        without = run_pipeline(tmp_path, RunRequest(environ=GOLDEN_ENV))
    assert with_fast.index is not None
    assert (with_fast.index, with_fast.problems) == (without.index, without.problems)


def test_envelope_fast_path_agrees_with_jsonschema() -> None:
    """The pack-index envelope, mutated everywhere: valid to jsonschema-rs, and to our own
    envelope validator, exactly when valid to jsonschema (its `pattern`s matched by `re`, as
    jsonschema matches them)."""
    from hatch_kindgi.index import stage as index_stage

    captured: list[Any] = []
    real = index_stage.index_problems

    def capture(envelope: Any, *args: Any) -> Any:
        captured.append(envelope)
        return real(envelope, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("hatch_kindgi.pipeline.run.index_problems", capture)
        run_pipeline(TESTPACKS / "blocks", RunRequest(environ=GOLDEN_ENV))
    envelope = {**captured[0], "env": {"required": ["A_B"], "optional": []}}
    odd = ["1.0.0\n", "./x.json", "/x", "a\\b", "KINDGI_X", "x\n", "2026-01-02T03:04:05.678Z\n"]
    envelopes = _mutations(envelope, [*BAD_VALUES[:8], *odd])
    stock = Draft202012Validator(index_stage.pack_index_schema())
    fixed = fast.FixedSchema(index_stage.pack_index_schema())
    assert len(envelopes) > 1000
    disagree = [e for e in envelopes if fixed.valid(e) != stock.is_valid(e)]
    assert disagree == []
    ours = index_stage._validator()
    assert [e for e in envelopes if ours.is_valid(e) != stock.is_valid(e)] == []
