"""No agent or flow entry, however odd, makes the primitives stage raise: any JSON in any
field, and flows nested far deeper than any pack writes."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.primitives.flows import flow_findings
from hatch_kindgi.primitives.stage import check_primitives
from hatch_kindgi.report.problems import Problem

_KEYS = st.sampled_from(
    ["id", "kind", "version", "nodes", "edges", "body", "branches", "outputSchema", "schema",
     "type", "properties", "required", "from", "to", "path", "op", "prompt", "hitl", "", "~/"]
)  # fmt: skip
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["loop", "fanout", "subgraph", "$start", "$end", "{{ x }", "1.0.0+b"]),
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=4)),
    max_leaves=20,
)
_AGENT_FIELDS = ["id", "version", "name", "instructions", "capabilities", "tools", "retrieval",
                 "memory", "parameters", "settings", "modelSettings", "budget", "output",
                 "conversationPolicy", "toolErrors", "guardrails", "modulePath"]  # fmt: skip
_FLOW_FIELDS = ["id", "version", "nodes", "edges", "output", "maxParallelism", "metadata",
                "kernelPayloadVersion", "modulePath"]  # fmt: skip


def _agent(**fields: Any) -> dict[str, Any]:
    return {
        "id": "acme.helper",
        "version": "1.0.0",
        "name": "Helper",
        "instructions": "You help.",
        "capabilities": [{"needs": [{"feature": "tool-use"}]}],
        "tools": [],
        "modulePath": "agents/helper.py",
        **fields,
    }


def _flow(**fields: Any) -> dict[str, Any]:
    return {
        "id": "acme.report",
        "version": "1.0.0",
        "nodes": [{"id": "a", "kind": "tool", "ref": "acme.t"}],
        "edges": [{"id": "in", "from": "$start", "to": "a"}],
        "kernelPayloadVersion": 1,
        "modulePath": "flows/report.py",
        **fields,
    }


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.sampled_from(_AGENT_FIELDS), _JSON, max_size=4),
    st.dictionaries(st.sampled_from(_FLOW_FIELDS), _JSON, max_size=4),
    st.booleans(),
)
def test_any_json_in_any_field_is_a_problem_or_nothing(
    agent: dict[str, Any], flow: dict[str, Any], strict: bool
) -> None:
    """The stage gives problems (or none) for any value in any field, and never raises."""
    lists = {"agents": [_agent(**agent)], "flows": [_flow(**flow)]}
    problems = check_primitives(lists, strict=strict)
    assert all(isinstance(problem, Problem) for problem in problems)


def _nested_loops(depth: int) -> dict[str, Any]:
    node: dict[str, Any] = {"id": "leaf", "kind": "tool", "ref": "acme.t"}
    for level in range(depth):
        node = {
            "id": f"loop-{level}",
            "kind": "loop",
            "loopKind": "foreach",
            "iterateOver": {"path": "runInput.xs"},
            "maxIterations": 2,
            "outputSchema": {"type": "object"},
            "body": {
                "nodes": [node],
                "edges": [{"id": f"in-{level}", "from": "$loop-start", "to": node["id"]}],
            },
        }
    return node


def test_loops_nested_thousands_deep_never_raise() -> None:
    """Loop bodies 3000 deep: too deep to check against the flow schema, and said so as a
    warning; never an exception. Three deep: checked, and sound."""
    for depth, severities in ((3, []), (3000, ["warning"])):
        loop = _nested_loops(depth)
        entry = _flow(nodes=[loop], edges=[{"id": "in", "from": "$start", "to": loop["id"]}])
        assert [finding.severity for finding in flow_findings(entry)] == severities


def test_deep_and_wide_schemas_never_raise() -> None:
    """An output schema nested thousands deep, or with thousands of properties: problems, at
    most."""
    deep: Any = {"type": "object"}
    for _ in range(3000):
        deep = {"type": "object", "properties": {"a": deep}}
    wide = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(5000)}}
    for schema in (deep, wide):
        lists = {
            "agents": [_agent(output={"schema": schema})],
            "flows": [_flow(output={"mapping": {}, "schema": schema})],
        }
        check_primitives(lists)
