"""`defineAgent`'s issues, mirrored: each one the shipped `defineAgent` reports, in its order,
at its place and in its words.

On every agent of the realistic corpus (tests/data/primitives/corpus, as the kindgi SDK
indexes it), on hand-written entries with a wrong value in every field, and on random JSON in
each field. `templateProblem` is the shipped one here (passed in): this file holds the rest of
the mirror to the runtime; the template's parse is liquidjs's mirror's to match.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.primitives.agents import _valid_range
from hatch_kindgi.primitives.define_agent import define_agent_issues
from tests.helpers.primitives import CORPUS, corpus_entries
from tests.oracle import shipped

_COMPILE = "Inline schema failed to compile: "


def _runtime(spec: dict[str, Any]) -> list[tuple[str, str]] | None:
    """The shipped `defineAgent`'s issues (None when it throws)."""
    try:
        answer = shipped.define_agent(spec)
    except RuntimeError:
        return None
    if answer["kind"] == "ok":
        return []
    return [(issue["path"], issue["message"]) for issue in answer["error"]["issues"]]


def _ours(spec: dict[str, Any]) -> list[tuple[str, str]]:
    return define_agent_issues(
        spec, valid_range=_valid_range, template_problem=shipped.template_problem
    )


def _agree(spec: dict[str, Any]) -> None:
    runtime = _runtime(spec)
    ours = _ours(spec)
    if runtime is None:  # it throws on a value the SDK can't write: we only must not
        return
    assert len(ours) == len(runtime), (json.dumps(spec), runtime, ours)
    for (pointer, message), (path, words) in zip(ours, runtime):
        assert pointer == path, (spec, runtime, ours)
        if words.startswith(_COMPILE):  # ours: the first fault, then our fix
            assert message == words or message.startswith(words + "; "), (words, message)
        else:
            assert message == words, (spec, runtime, ours)


def _spec(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in entry.items() if key != "modulePath"}


@pytest.mark.parametrize(
    "module", sorted(path.name for path in (CORPUS / "agents").glob("*.py")), ids=str
)
def test_every_corpus_agent_gets_define_agents_issues(module: str) -> None:
    """An agent as a pack author writes it with pydantic, indexed by the SDK."""
    shipped.require_oracle()
    found = [e for e in corpus_entries("agents") if e["modulePath"] == f"agents/{module}"]
    if not found:  # the SDK refused the file: no entry
        return
    _agree(_spec(found[0]))


BASE: dict[str, Any] = {
    "id": "acme.helper",
    "version": "1.0.0",
    "name": "Helper",
    "instructions": "You help.",
    "capabilities": [{"needs": [{"feature": "tool-use"}]}],
    "tools": [{"id": "acme.lookup", "version": "^1.0.0"}],
    "retrieval": [],
    "guardrails": [],
    "parameters": [],
    "settings": [],
}

ODD: list[dict[str, Any]] = [
    {},
    {"id": "  ", "version": "1.0", "name": 5, "instructions": "   "},
    {"id": None, "version": "1.0.0+build.7", "name": "", "instructions": 3},
    {"instructions": ["x"], "parameters": [{"name": "a", "type": "string"}]},
    {"instructions": {"prompt": "Acme", "version": "not a range"}},
    {"instructions": {"prompt": "acme.reply", "version": "^1.0.0"}, "parameters": []},
    {"instructions": "Hi {{ name }", "capabilities": []},
    {"capabilities": {}, "tools": "acme.lookup", "guardrails": {}, "retrieval": {}},
    {"settings": {}, "modelSettings": "acme.model"},
    {
        "settings": [
            {"id": "acme.style", "version": "^1.0.0"},
            {"id": "acme.style", "version": "~1"},
            {"id": "Bad_Id", "version": 3},
            [],
        ],
        "modelSettings": {"id": "acme.style", "version": "*"},
    },
    {
        "tools": [
            "acme.lookup",
            {"id": "", "version": " "},
            {"id": "kindgi_remember", "version": "1.0.0"},
            {"version": "1"},
            [1],
        ]
    },
    {
        "retrieval": [
            {"types": [], "scope": "everywhere", "limit": 0, "mode": "fuzzy"},
            {"source": "documents"},
            {"source": "conversations", "types": ["x"], "roles": ["bot"], "scope": "tenant"},
            {"source": None, "types": ["note"], "scope": "same-user", "roles": ["user"]},
            {"source": "conversations", "scope": "same-segment", "roles": []},
            {"types": ["note"], "scope": "tenant", "limit": 2.0, "mode": None},
            "facts",
            5,
        ]
    },
    {"memory": []},
    {"memory": {"instructionTypes": ["policy", " "], "remember": None}},
    {
        "memory": {
            "instructionTypes": "policy",
            "remember": {"types": [], "scope": "x", "keepDays": 0},
        }
    },
    {"memory": {"remember": {"types": ["note"], "scope": "tenant", "keepDays": 3650.0}}},
    {"memory": {"remember": {"types": ["note"], "scope": "tenant", "keepDays": 3651}}},
    {
        "parameters": [
            {"name": "tone", "type": "string"},
            {"name": "tone", "type": "integer"},
            {"name": "input", "type": "date"},
            {"name": " ", "type": None},
            {"type": "string"},
            {},
            {"name": 1, "type": "number"},
            {"name": 1.0, "type": "number"},
            {"name": True, "type": "boolean"},
            {"name": ["a", None], "type": "boolean"},
            {"name": ["a", None], "type": "boolean"},
            {"name": "settings", "type": "string"},
        ]
    },
    {"budget": {"maxSteps": 0, "maxCostUsd": -1, "maxWallMs": 1.5}},
    {"budget": {"maxSteps": "6", "maxCostUsd": "0.1", "maxWallMs": None}},
    {"budget": {"maxSteps": 6, "maxCostUsd": 0, "maxWallMs": 1e3}},
    {"budget": 5},
    {
        "conversationPolicy": {
            "historyLimit": 0,
            "autoCloseAfterInactiveSeconds": 60,
            "hitlAfterTurns": -1,
            "hitl": {
                "afterTurns": 0,
                "timeoutMs": 0.5,
                "onTimeout": "auto-approve",
                "defaultReviewerRole": "manager",
                "tools": {
                    "default": "ask",
                    "overrides": {
                        "acme.lookup": "always_ask",
                        "10": {"mode": "sometimes", "requiredRole": "boss"},
                        "2": {"mode": "never_ask", "requiredRole": "admin"},
                        "acme.other": 5,
                        "acme.list": [],
                    },
                },
            },
        }
    },
    {"conversationPolicy": {"hitl": {"onTimeout": "auto-reject"}}},
    {"conversationPolicy": {"hitl": {"onTimeout": "later", "tools": None}}},
    {"conversationPolicy": {"hitl": {"tools": {"overrides": "ab"}}}},
    {"conversationPolicy": {"hitl": {"tools": {"overrides": ["always_ask", "x"]}}}},
    {"conversationPolicy": {"hitl": {"separateApprover": None}}},
    {"conversationPolicy": {"hitl": {"separateApprover": [True]}}},
    {"conversationPolicy": {"hitl": {"separateApprover": True}}},
    {
        "conversationPolicy": {
            "hitl": {
                "separateApprover": {
                    "default": "yes",
                    "all": True,
                    "3": False,
                    "overrides": {"acme.lookup": True, "acme.send-email": "true"},
                }
            }
        }
    },
    {"conversationPolicy": {"hitl": {"separateApprover": {"overrides": []}}}},
    {"tools": "x", "conversationPolicy": {"hitl": {"separateApprover": {"overrides": {"a": 1}}}}},
    {"toolErrors": None},
    {"toolErrors": []},
    {"toolErrors": {"maxRetries": 11, "retryOn": ["timeout", "tool-error", "tool-error", 3]}},
    {"toolErrors": {"retry_on": ["tool-error"], "maxRetries": 2.0, "retryOn": "tool-error"}},
    {"toolErrors": {"maxRetries": -1}},
    {"output": None},
    {"output": []},
    {"output": {"schema": {"type": "object"}, "maxRepairs": -1, "name": ""}},
    {"output": {"schema": {"type": "object"}, "maxRepairs": 1.5, "name": 5}},
    {"output": {"name": "answer"}},
    {"output": {"schema": {"type": "object", "required": ["a"]}}},
    {"output": {"schema": {"$schema": "http://json-schema.org/draft-07/schema#"}}},
]


@pytest.mark.parametrize("fields", ODD, ids=lambda fields: json.dumps(fields)[:60])
def test_every_field_wrong_gets_define_agents_issues(fields: dict[str, Any]) -> None:
    """A wrong value in each field: the runtime's issues, in its order and words."""
    shipped.require_oracle()
    _agree({**BASE, **fields})


def test_a_missing_field_is_undefined() -> None:
    """A field the entry lacks is `undefined` (not null): no retrieval is refused, no budget
    is fine."""
    shipped.require_oracle()
    spec = {key: value for key, value in BASE.items() if key not in ("retrieval", "parameters")}
    _agree(spec)
    assert ("/retrieval", "retrieval must be an array of RetrievalIntents") in _ours(spec)


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-2, 11)
    | st.sampled_from([0.5, 1e3, "", " ", "x", "tool-error", "escalate", "same-user", "1.0.0"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["id", "version", "name", "mode", "types", "scope", "default"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=6,
)
_FIELDS = st.sampled_from(
    [
        "id",
        "version",
        "name",
        "instructions",
        "capabilities",
        "tools",
        "retrieval",
        "guardrails",
        "parameters",
        "settings",
        "modelSettings",
        "memory",
        "budget",
        "conversationPolicy",
        "toolErrors",
        "output",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_FIELDS, _VALUES, max_size=4))
def test_random_json_in_any_field_gets_define_agents_issues(fields: dict[str, Any]) -> None:
    """Any JSON in any field: no crash, and the runtime's issues wherever it answers."""
    shipped.require_oracle()
    _agree({**BASE, **fields})
