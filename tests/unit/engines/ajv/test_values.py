"""Settings values as the runtime's Ajv judges them: our verdict and words against Ajv's own
(the runtime oracle, `tests/oracle/shipped.py`), on the JSON-Schema-Test-Suite's object cases
and on a corpus of realistic settings blocks (`tests/unit/engines/ajv/settings_corpus.py`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.blocks.settings import VALUES, SchemaChecks
from hatch_kindgi.engines.ajv.values import words
from hatch_kindgi.report.escape import shown
from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.schema.metaschema import metaschema_failures
from hatch_kindgi.schema.validation import Validator, validate
from tests.helpers.external import json_schema_test_suite
from tests.helpers.fast_path import fast_path_off
from tests.oracle import shipped
from tests.unit.engines.ajv.settings_corpus import CORPUS

SUITE_FLOOR = 0.99
"""The share of the suite's object cases on which our verdict must equal Ajv's (issue 19)."""


_PROTOTYPE = "Ajv reads `constructor`, `__proto__`, `toString` through JavaScript's prototype"
KNOWN = {
    "dynamicRef:": "Ajv's $dynamicRef follows only part of the specification's dynamic scope",
    "properties: properties whose names are Javascript object property names": _PROTOTYPE,
    "required: required properties whose names are Javascript object property names": _PROTOTYPE,
    "unevaluatedProperties:": "Ajv tracks evaluated properties at compile time where it can "
    "(an `if`'s or an additionalProperties' properties count, valid or not); ours follow "
    "jsonschema's annotations",
}
"""Suite groups where Ajv's words or verdict on values can't be mirrored by jsonschema, with
why. Realistic settings don't meet them: none is in the corpus, and each stays listed."""


def _known(label: str) -> str | None:
    return next((why for prefix, why in KNOWN.items() if label.startswith(prefix)), None)


def ours(schema: Any, values: dict[str, Any]) -> tuple[bool, bool, list[tuple[str, str]]]:
    """(compiled, accepted, sorted (path, message) of each value failure) as a build says."""
    checks = SchemaChecks()
    if not isinstance(schema, dict):
        schema = {"allOf": [schema]}  # a settings schema is an object; the same judgement
    if checks.schema_problems("f.json", schema):
        return False, False, []
    failures = checks.value_problems("f.json", values, schema)
    found = sorted((problem.pointer or "", problem.message) for problem in failures)
    return True, not failures, found


def ours_lax(schema: Any, values: dict[str, Any]) -> tuple[bool, bool, list[tuple[str, str]]]:
    """`ours` without the strict compile's refusals: the values check alone, as a build runs
    it on a schema that passes (the metaschema must still pass)."""
    if not isinstance(schema, dict):
        schema = {"allOf": [schema]}
    if list(metaschema_failures(schema)):
        return False, False, []
    failures, stopped = validate(Validator(schema, ajv=True), values, ("content", "values"))
    found = sorted(
        (shown(VALUES + json_pointer(failure.absolute_path)), shown(words(failure)))
        for failure in failures
    )
    if stopped is not None:
        found.append(("/content/schema", stopped.kind))
    return True, not found, found


def theirs(
    schema: Any, values: dict[str, Any], *, strict: bool = True
) -> tuple[bool, bool, list[tuple[str, str]]]:
    """The same, as the runtime's Ajv says (`strict=False`: without strict mode)."""
    answer = shipped.settings(schema, values, strict=strict)
    found = sorted((shown(issue["path"]), shown(issue["message"])) for issue in answer["issues"])
    return bool(answer["compiled"]), not found, found if answer["compiled"] else []


def _suite_object_cases() -> list[tuple[str, Any, dict[str, Any]]]:
    cases = []
    for path in sorted(Path(json_schema_test_suite()).glob("*.json")):
        for group in json.loads(path.read_text(encoding="utf-8")):
            for test in group["tests"]:
                if isinstance(test["data"], dict):
                    label = f"{path.stem}: {group['description']}: {test['description']}"
                    cases.append((label, group["schema"], test["data"]))
    return cases


def test_suite_object_cases_verdicts_equal_ajvs() -> None:
    """On >= 99% of the suite's object cases we accept what Ajv accepts and refuse what it
    refuses (a compile refusal counting as a refusal). Each disagreement is listed, marked
    `schema` where Ajv's strict compile refuses the schema and we don't (the schema half of
    issue 19, `engines/ajv/strict.py`), `values` otherwise."""
    cases = _suite_object_cases()
    disagreements = []
    for label, schema, values in cases:
        our_compiled, our_verdict, _ = ours(schema, values)
        their_compiled, their_verdict, _ = theirs(schema, values)
        if our_verdict != their_verdict:
            side = "schema" if our_compiled != their_compiled else "values"
            side = "known" if side == "values" and _known(label) else side
            disagreements.append(f"[{side}] {label}: ours {our_verdict}, Ajv {their_verdict}")
    agree = 1 - len(disagreements) / len(cases)
    listing = "\n".join(disagreements)
    assert not [each for each in disagreements if each.startswith("[values]")], listing
    summary = f"{len(cases) - len(disagreements)} of {len(cases)} agree:\n{listing}"
    assert agree >= SUITE_FLOOR, summary  # 444 of 445 (the one: [known] $dynamicRef)


def test_suite_value_failures_carry_ajvs_words() -> None:
    """Where both compile the schema and either refuses the values, the (path, message) sets
    are Ajv's, on every object case of the suite. Ajv's words don't depend on strict mode, so
    the values check alone is held to Ajv without strict mode here: the suite's schemas are
    mostly ones strict mode refuses (no "type")."""
    wrong = []
    compared = 0
    for label, schema, values in _suite_object_cases():
        our_compiled, _, our_found = ours_lax(schema, values)
        their_compiled, _, their_found = theirs(schema, values, strict=False)
        if any(message.startswith("validation threw") for _, message in their_found):
            continue
        if our_compiled and their_compiled and (our_found or their_found) and not _known(label):
            compared += 1
            if our_found != their_found:
                wrong.append(f"{label}:\n  ours {our_found}\n  Ajv  {their_found}")
    assert compared > 100
    assert not wrong, f"{len(wrong)} of {compared} differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize(("name", "schema", "values"), CORPUS, ids=[each[0] for each in CORPUS])
def test_realistic_settings_as_ajv(name: str, schema: dict[str, Any], values: Any) -> None:
    """A realistic settings block: Ajv's verdict, and Ajv's (path, message) set (the schema
    is one the runtime compiles)."""
    expected = theirs(schema, values)
    assert expected[0], "the corpus holds schemas Ajv strict compiles"
    assert ours(schema, values) == expected
    with fast_path_off():  # jsonschema-rs (formats, JS patterns decided in Python) changes nothing
        assert ours(schema, values) == expected


NULLABLE = [
    ({"type": "string", "nullable": True}, [None, "x", 5]),
    ({"type": ["string"], "nullable": True, "minLength": 2}, [None, "x", "xy"]),
    ({"type": "string", "nullable": True, "enum": ["a"]}, [None, "a", "b"]),
    ({"type": "integer", "nullable": False}, [None, 1]),
    ({"type": ["integer", "null"], "nullable": True}, [None, 1, "1"]),
    ({"type": "object", "nullable": True, "required": ["a"], "properties": {"a": {}}}, [None]),
]


@pytest.mark.parametrize(("item", "values"), NULLABLE, ids=json.dumps)
def test_nullable_is_ajvs_own(item: dict[str, Any], values: list[Any]) -> None:
    """Ajv 8's `nullable` (OpenAPI's): beside a `type`, `true` takes null too, whatever the
    other keywords say of a string or an object; the type's message names the types written.
    Each value's verdict and words are the runtime's own."""
    schema = {"type": "object", "properties": {"v": item}}
    for value in values:
        runtime = shipped.settings(schema, {"v": value})
        assert runtime["compiled"]
        theirs = sorted((i["path"], i["message"]) for i in runtime["issues"])
        assert ours(schema, {"v": value}) == (True, not theirs, theirs), value


@pytest.mark.parametrize(
    "item",
    [{"nullable": True}, {"type": "null", "nullable": False}, {"type": "string", "nullable": 1}],
    ids=json.dumps,
)
def test_nullable_compile_errors_are_ajvs(item: dict[str, Any]) -> None:
    """Without a type, contradicting `"type": "null"`, or not a boolean: Ajv's compile
    refuses it, and our problem says its words first."""
    schema = {"type": "object", "properties": {"v": item}}
    runtime = shipped.settings(schema, {})
    assert not runtime["compiled"]
    words_ = runtime["issues"][0]["message"].removeprefix("Inline schema failed to compile: ")
    (problem,) = SchemaChecks().schema_problems("f.json", schema)
    assert problem.pointer == "/content/schema/properties/v/nullable"
    assert problem.message.startswith(words_)
