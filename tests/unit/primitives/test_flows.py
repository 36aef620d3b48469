"""A flow's findings: the deploy's refusals (its shape, every inline schema) as errors in its
words; what `loadFlow` refuses as errors saying every run fails; each fault once.

The deploy's issues are the shipped route's (`deploy_issues`, a signed deployment of an index
holding the one flow), `flowSchemaProblems` the shipped function's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.primitives.flows import deploy_flow_issues, flow_findings
from tests.helpers.primitives import CORPUS, corpus_entries
from tests.oracle import shipped

_ENVELOPE = {
    "v": 1,
    "packId": "acme.corpus",
    "packVersion": "1.0.0",
    "artifactVersion": "20260101.1",
    "publishedAt": "2026-01-01T00:00:00Z",
    "tools": [],
    "guardrails": [],
    "agents": [],
}


def _deploy(entry: dict[str, Any]) -> list[tuple[str, str]]:
    issues = shipped.deploy_issues({**_ENVELOPE, "flows": [entry]})
    assert all(issue["primitive"] == "flow" for issue in issues), issues
    return [(issue["path"], issue["message"]) for issue in issues]


def _same(ours: list[tuple[str, str]], runtime: list[tuple[str, str]], what: object) -> None:
    assert [pointer for pointer, _ in ours] == [path for path, _ in runtime], (what, runtime, ours)
    for (_, message), (_, words) in zip(ours, runtime):
        assert message == words or message.startswith(words + "; "), (what, words, message)


@pytest.mark.parametrize(
    "module", sorted(path.name for path in (CORPUS / "flows").glob("*.py")), ids=str
)
def test_deploy_verdict_and_words_on_the_corpus(module: str) -> None:
    """Each corpus flow: refused by our deploy mirror where and as the shipped deploy is."""
    shipped.require_oracle()
    found = [e for e in corpus_entries("flows") if e["modulePath"] == f"flows/{module}"]
    if found:
        _same(deploy_flow_issues(found[0]), _deploy(found[0]), module)


def _leaf(node_id: str) -> dict[str, Any]:
    return {"id": node_id, "kind": "tool", "ref": "acme.t"}


BASE: dict[str, Any] = {
    "id": "acme.report",
    "version": "1.0.0",
    "kernelPayloadVersion": 1,
    "modulePath": "flows/report.py",
    "nodes": [_leaf("a")],
    "edges": [{"id": "in", "from": "$start", "to": "a"}, {"id": "out", "from": "a", "to": "$end"}],
}
_LOOP = {
    "id": "each",
    "kind": "loop",
    "loopKind": "foreach",
    "iterateOver": {"path": "runInput.xs"},
    "maxIterations": 3,
    "body": {"nodes": [], "edges": []},
}

ODD: list[dict[str, Any]] = [
    {"id": "", "version": "1.0.0+build.7"},
    {"id": 5, "version": None, "nodes": {}, "edges": "a"},
    {"nodes": [None, 3, {"kind": "loop"}, {"kind": "subgraph", "outputSchema": None}]},
    {"nodes": [{"kind": "fanout", "branches": [{}, 5, {"outputSchema": {"type": "object"}}]}]},
    {"nodes": [{"kind": "fanout", "branches": {"a": {}}}]},
    {
        "nodes": [
            {
                **_LOOP,
                "outputSchema": {"type": "object", "required": ["x"]},
                "body": {
                    "nodes": [
                        {**_LOOP, "id": "inner", "outputSchema": {"example": 1}},
                        {"kind": "subgraph", "outputSchema": {"format": "decimal"}},
                    ]
                },
            }
        ]
    },
    {"output": {"mapping": {}, "schema": {"type": "string", "pattern": "(?P<y>\\d+)"}}},
    {"output": {"mapping": {}}},
    {"output": {"schema": None}},
    {"output": "x"},
]


@pytest.mark.parametrize("fields", ODD, ids=lambda fields: json.dumps(fields)[:60])
def test_deploy_verdict_and_words_on_odd_flows(fields: dict[str, Any]) -> None:
    """A wrong value in the fields the deploy reads: its issues, in its order and words."""
    shipped.require_oracle()
    entry = {**BASE, **fields}
    _same(deploy_flow_issues(entry), _deploy(entry), fields)


@pytest.mark.parametrize("fields", ODD, ids=lambda fields: json.dumps(fields)[:60])
def test_every_inline_schema_is_flow_schema_problems(fields: dict[str, Any]) -> None:
    """The inline schemas we compile, where and in what order: the shipped
    `flowSchemaProblems`' own, each with its words."""
    shipped.require_oracle()
    entry = {**BASE, **fields}
    flow = {k: v for k, v in entry.items() if k not in ("modulePath", "kernelPayloadVersion")}
    runtime = [(p["path"], p["message"]) for p in shipped.flow_schema_problems(flow)]
    ours = [(path, message) for path, message in deploy_flow_issues(entry) if "compile" in message]
    _same(ours, runtime, fields)


@pytest.mark.parametrize("fields", ODD, ids=lambda fields: json.dumps(fields)[:60])
def test_no_crash_and_every_fault_once(fields: dict[str, Any]) -> None:
    """Whatever the entry holds: findings, never a traceback; no place said twice over (a
    fault the deploy refuses isn't `loadFlow`'s too)."""
    findings = flow_findings({**BASE, **fields})
    deploy = [f.pointer for f in findings if f.code != "flow-load"]
    for finding in findings:
        if finding.code == "flow-load":
            assert not any(
                finding.pointer == place or finding.pointer.startswith(place + "/")
                for place in deploy
            ), findings


def test_what_every_run_refuses_says_so_in_the_runtimes_words() -> None:
    """A cycle: `loadFlow`'s words after "every run of this flow fails", then our hint."""
    entry = {
        **BASE,
        "nodes": [_leaf("a"), _leaf("b")],
        "edges": [
            {"id": "in", "from": "$start", "to": "a"},
            {"id": "ab", "from": "a", "to": "b"},
            {"id": "ba", "from": "b", "to": "a"},
        ],
    }
    assert flow_findings(entry) == [
        Finding(
            "error",
            "flow-load",
            "/nodes/0",
            'every run of this flow fails: Flow "acme.report" contains a cycle: a → b → a; a '
            "flow's edges can't lead back: to repeat steps, put them in a loop node "
            '("kind": "loop")',
        )
    ]


def test_an_unknown_node_gets_a_did_you_mean() -> None:
    """`sumary` for `summary`: the runtime's words, then the node meant."""
    entry = {
        **BASE,
        "nodes": [_leaf("summary")],
        "edges": [
            {"id": "in", "from": "$start", "to": "summary"},
            {"id": "next", "from": "summary", "to": "sumary"},
        ],
    }
    [finding] = flow_findings(entry)
    assert finding.message == (
        'every run of this flow fails: Edge "next" to unknown node "sumary"; did you mean '
        '"summary"?'
    )
    assert finding.pointer == "/edges/1/to"


def test_a_dotted_node_id_can_never_be_mapped() -> None:
    """`nodeOutputs.fetch.customer` reads node `fetch`: a node `fetch.customer` can't be
    named, and the hint says why."""
    entry = {
        **BASE,
        "nodes": [
            _leaf("fetch.customer"),
            {**_leaf("greet"), "inputMapping": {"guest": {"path": "nodeOutputs.fetch.customer"}}},
        ],
        "edges": [
            {"id": "in", "from": "$start", "to": "fetch.customer"},
            {"id": "next", "from": "fetch.customer", "to": "greet"},
        ],
    }
    [finding] = flow_findings(entry)
    assert finding.pointer == "/nodes/1/inputMapping/guest"
    assert finding.message.endswith(
        'nodeOutputs.fetch names no node in this flow; a path splits at ".", so node '
        '"fetch.customer" can never be named in one: give it an id without "."'
    )


def test_every_fault_of_an_inline_schema_is_said() -> None:
    """The deploy gives a schema's first fault; we give each, each at its place."""
    schema = {"type": "object", "required": ["a"], "example": {}}
    entry = {**BASE, "output": {"mapping": {}, "schema": schema}}
    assert [(f.code, f.pointer) for f in flow_findings(entry)] == [
        ("flow-schema", "/output/schema/example"),
        ("flow-schema", "/output/schema/required/0"),
    ]


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.sampled_from(["", "a", "$end", "loop", "fanout", "subgraph", "tool", "1.0.0", "object"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                ["id", "kind", "type", "outputSchema", "branches", "body", "nodes", "edges", "from"]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=10,
)
_FLOW_FIELDS = st.sampled_from(
    ["id", "version", "nodes", "edges", "output", "maxParallelism", "metadata", "name"]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_FLOW_FIELDS, _JSON, max_size=4))
def test_any_json_in_any_field_gets_the_deploys_issues(fields: dict[str, Any]) -> None:
    """Whatever JSON a field holds: no crash, the deploy's issues, and loadFlow's verdict."""
    shipped.require_oracle()
    entry = {**BASE, **fields}
    findings = flow_findings(entry)
    _same(deploy_flow_issues(entry), _deploy(entry), fields)
    flow = {k: v for k, v in entry.items() if k not in ("modulePath", "kernelPayloadVersion")}
    if shipped.load_flow(flow)["kind"] == "err":
        assert any(f.severity == "error" for f in findings), (fields, findings)
