"""A guardrail entry held to the runtime: what the shipped deploy refuses (the spec, a
built-in check's config), and what every call fails on (its config against its own
configSchema, an llm-judge without judgeCapabilities).

The runtime's answers come from the shipped code (`tests/oracle/shipped.py`): a real deploy
of an index holding the entry (`deploy_issues`), the registry's built-in checks
(`check_config_problems`) and `guardrailConfigProblems` on the guardrail's own schema.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.primitives.builtin_checks import BUILT_IN_CHECK_IDS, CONFIG_SCHEMAS
from hatch_kindgi.primitives.guardrails import guardrail_findings, spec_keys
from tests.helpers.primitives import deploy_says, guardrail_entry, unmatched
from tests.oracle.shipped import (
    built_in_checks,
    check_config_problems,
    guardrail_config_problems,
    guardrail_spec_keys,
    require_oracle,
    validate_guardrail_spec,
)

_DEPLOY_CODES = {"guardrail-spec", "guardrail-builtin-config"}
_SCHEMA = {
    "properties": {
        "maxCalls": {"default": 3, "type": "integer"},
        "caseSensitive": {"default": False, "type": "boolean"},
        "locale": {"type": "string"},
    },
    "required": ["locale"],
    "type": "object",
}

CASES: dict[str, dict[str, Any]] = {
    "clean": {"severity": "warn"},
    "severity warning": {"severity": "warning"},
    "severity low": {"severity": "low"},
    "severity medium": {"severity": "medium"},
    "retry snake case": {"action": {"on-violation": "retry", "max_attempts": 3}},
    "retry too many": {"action": {"on-violation": "retry", "retry": {"maxAttempts": 20}}},
    "retry ok": {"action": {"on-violation": "retry", "retry": {"maxAttempts": 2}}},
    "scope agent": {"scope": {"agent": "acme.t.a"}},
    "scope when bad": {"scope": {"when": "sometimes"}},
    "limits zero": {"limits": {"memMB": 64, "cpuMs": 0}},
    "limits partial": {"limits": {"cpuMs": 10}},
    "network domains": {"network": {"kind": "allowlist", "domains": ["x"]}},
    "sandbox unknown": {"sandbox": "vm"},
    "kind empty": {"kind": ""},
    "fields the spec lacks are dropped": {"at": "final-answer", "checkPoints": ["x"], "z": 1},
    "no checkId: the check is the id": {"checkId": None},
    "checkId null falls back": {"checkId": None, "check": "acme.t.checks.other"},
    "built-in output-matches flags": {
        "checkId": "output-matches",
        "config": {"pattern": "ORDER-\\d+", "flags": "ix"},
    },
    "built-in output-matches python regex": {
        "checkId": "output-matches",
        "config": {"pattern": "ORDER-(?P<id>\\d+)"},
    },
    "built-in output-matches regex and flags": {
        "checkId": "output-matches",
        "config": {"pattern": "(", "flags": "gi"},
    },
    "built-in must-cite zero": {"checkId": "must-cite", "config": {"minCitations": 0}},
    "built-in must-cite python regex": {
        "checkId": "must-cite",
        "config": {"sourcePattern": "\\[(?P<n>\\d+)\\]"},
    },
    "built-in unknown setting": {"checkId": "max-tool-calls", "config": {"maximum": 5}},
    "built-in never-call-tool ok": {"checkId": "never-call-tool", "config": {"tools": ["x"]}},
    "built-in never-call-tool empty": {"checkId": "never-call-tool", "config": {"tools": []}},
    "built-in without config": {"checkId": "tool-order"},
    "config a list": {"config": [1]},
    "own config fits": {"configSchema": _SCHEMA, "config": {"locale": "en", "maxCalls": 2}},
    "own config wrong types": {
        "configSchema": _SCHEMA,
        "config": {"locale": "en", "maxCalls": "5", "caseSensitive": "yes"},
    },
    "own config missing": {"configSchema": _SCHEMA},
    "own configSchema that doesn't compile": {"configSchema": {"type": 5}, "config": {}},
    "own configSchema strict would refuse": {
        "configSchema": {"properties": {"n": {"example": 1, "type": "integer"}}},
        "config": {"n": 1},
    },
    "llm judge": {"kind": "llm-judge"},
    "llm judge with capabilities": {"kind": "llm-judge", "judgeCapabilities": {"needs": []}},
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_deploys_verdict_and_words(name: str) -> None:
    """We refuse the guardrails the deploy refuses, with each of its messages at its path."""
    require_oracle()
    entry = guardrail_entry(**CASES[name])
    issues = deploy_says("guardrails", entry)
    findings = [f for f in guardrail_findings(entry) if f.code in _DEPLOY_CODES]
    assert bool(findings) == bool(issues), (issues, findings)
    # the deploy words its spec's `check`; ours points at the entry's `checkId`
    renamed = [{**i, "path": i["path"].replace("/check", "/checkId", 1)} for i in issues]
    assert unmatched(renamed if "checkId" in entry else issues, findings) == []


@pytest.mark.parametrize("name", [n for n in CASES if "configSchema" in CASES[n]])
def test_a_config_outside_its_own_schema_fails_every_call(name: str) -> None:
    """The config against its own configSchema, as `guardrailConfigProblems` words it."""
    require_oracle()
    entry = guardrail_entry(**CASES[name])
    runtime = guardrail_config_problems(entry["configSchema"], entry.get("config", ...))
    findings = [f for f in guardrail_findings(entry) if f.code == "guardrail-config"]
    assert unmatched(runtime, findings) == []
    assert len(findings) == len(runtime)


def test_a_config_schema_that_does_not_compile_is_an_error() -> None:
    """The runtime checks nothing against a configSchema that doesn't compile (none of
    `guardrailConfigProblems`), and the pack service refuses every call: an error."""
    require_oracle()
    entry = guardrail_entry(**CASES["own configSchema that doesn't compile"])
    assert guardrail_config_problems(entry["configSchema"], {}) == []
    (finding,) = guardrail_findings(entry)
    assert (finding.code, finding.pointer) == ("guardrail-config-schema", "/configSchema/type")
    assert finding.message.startswith(
        "configSchema doesn't compile: schema is invalid: data/type must be equal to one of "
        "the allowed values"
    )


def test_an_llm_judge_without_judge_capabilities() -> None:
    """Every evaluation fails, and the message says the Python SDK can't declare them."""
    findings = guardrail_findings(guardrail_entry(kind="llm-judge"))
    assert [(f.code, f.pointer) for f in findings] == [
        ("guardrail-judge-capabilities", "/judgeCapabilities")
    ]
    assert findings[0].message == (
        'llm-judge guardrail "acme.t.tone" missing judgeCapabilities (required for '
        "kind=llm-judge); every evaluation fails; the kindgi SDK 0.1.x can't declare "
        "judgeCapabilities, so an llm-judge guardrail can't be built in Python with it yet"
    )


def test_built_in_checks_and_spec_keys_are_the_runtimes() -> None:
    """The seven built-in ids, their config schemas and the spec's keys, as shipped."""
    require_oracle()
    assert sorted(built_in_checks()) == sorted(BUILT_IN_CHECK_IDS)
    for check in BUILT_IN_CHECK_IDS:
        answer = check_config_problems(check, {})
        assert answer is not None
    assert list(spec_keys()) == guardrail_spec_keys()


@pytest.mark.parametrize("check", BUILT_IN_CHECK_IDS)
def test_built_in_config_problems_are_the_registrys(check: str) -> None:
    """Each built-in's configProblems on odd configs: the same (path, message) list."""
    require_oracle()
    from hatch_kindgi.primitives.builtin_checks import built_in_problems

    configs: list[Any] = [
        None, {}, [], "x", {"zzz": 1}, {"pattern": "a", "flags": "gg"},
        {"pattern": "x" * 9000}, {"sourcePattern": "("}, {"minCitations": 2.5},
        {"tools": [{"version": "1"}]}, {"tools": [""]}, {"max": -1}, {"sequence": ["a", 1]},
        {"patterns": ["a"], "caseSensitive": "no"}, {"pattern": "(?<a>x)", "flags": "u"},
    ]  # fmt: skip
    for config in configs:
        answer = check_config_problems(check, config)
        assert answer is not None
        assert built_in_problems(check, config) == [(p["path"], p["message"]) for p in answer]
    assert CONFIG_SCHEMAS[check]  # the schema the answers come from


_FIELDS = ("id", "kind", "checkId", "config", "configSchema", "action", "severity", "scope",
           "limits", "network", "judgeCapabilities", "checkModulePath")  # fmt: skip


def test_odd_entries_never_raise() -> None:
    """Any JSON in any field is a problem or nothing, never an exception."""
    odds: list[Any] = [None, 0, "x", [], [None], {"": {}}, True, {"type": 5}]
    for odd in odds:
        for field in _FIELDS:
            guardrail_findings(guardrail_entry(**{field: odd}))


_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-1, 12), st.text(max_size=5),
    st.sampled_from(["info", "warn", "medium", "zero-llm", "", "always", "sometimes", "vm"]),
    st.fixed_dictionaries({}, optional={"on-violation": st.sampled_from(["halt", ""]),
                                        "retry": st.just({"maxAttempts": 11}),
                                        "max_attempts": st.just(2), "when": st.just("x"),
                                        "agent": st.just("a"), "memMB": st.integers(0, 2),
                                        "cpuMs": st.integers(0, 2), "kind": st.just("none")}),
    st.lists(st.sampled_from(["a", 1, None]), max_size=2),
)  # fmt: skip
_SPEC_FIELDS = st.sampled_from(
    ["id", "name", "kind", "check", "config", "configSchema", "action", "severity", "scope",
     "budget", "sandbox", "limits", "network", "needsSpec", "checkBuiltIn", "judgeCapabilities"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(_SPEC_FIELDS, _VALUES, max_size=4))
def test_the_spec_check_is_validate_guardrail_specs(fields: dict[str, Any]) -> None:
    """guardrail.schema.json's issues are exactly `validateGuardrailSpec`'s."""
    require_oracle()
    from hatch_kindgi.primitives.specs import spec_issues

    spec = {
        "id": "acme.t.g",
        "kind": "zero-llm",
        "check": "acme.t.c",
        "action": {"on-violation": "halt"},
    }
    spec.update(fields)
    spec = {key: value for key, value in spec.items() if value is not None}
    answer = validate_guardrail_spec(spec)
    theirs = (
        []
        if answer["kind"] == "ok"
        else [(i["path"], i["message"]) for i in answer["error"]["issues"]]
    )
    assert sorted(set(spec_issues("guardrail.schema.json", spec))) == sorted(set(theirs))
