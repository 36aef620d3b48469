"""`loadFlow`'s refusals, mirrored: on a flow with one fault, exactly the shipped `loadFlow`'s
error (code and message); on a flow with several, its error first.

The passes that compile an inline schema are the deploy's (test_flows.py), not here: on a
flow the runtime refuses for one, ours holds no error of an earlier pass.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.primitives.load_flow import (
    FLOW_SCHEMA_SHA256,
    _cycle,
    flow_schema,
    load_flow_errors,
)
from tests.helpers.primitives import CORPUS, corpus_entries
from tests.oracle import shipped

_COMPILES = {
    "loop-invalid-output-schema",
    "invalid-flow-output",
}
_ORDER = [
    "schema-validation-failed",
    "reserved-id",
    "duplicate-node-id",
    "duplicate-edge-id",
    "unknown-node-reference",
    "invalid-predicate",
    "invalid-edge-policy",
    "loop-invalid-max-iterations",
    "loop-variant-mismatch",
    "loop-invalid-output-schema",
    "loop-invalid-concurrency",
    "invalid-fanout-node",
    "invalid-subgraph-node",
    "invalid-mapping",
    "invalid-flow-output",
    "missing-start-edge",
    "cycle-detected",
    "loop-body-missing-start-edge",
    "loop-body-unknown-node-reference",
    "loop-body-cycle-detected",
]


def _flow(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k not in ("modulePath", "kernelPayloadVersion")}


def _runtime(flow: dict[str, Any]) -> tuple[str, str] | None:
    answer = shipped.load_flow(flow)
    if answer["kind"] == "ok":
        return None
    return str(answer["error"]["code"]), str(answer["error"]["message"])


def _compiles(runtime: tuple[str, str]) -> bool:
    """Whether the runtime refused on a schema's compile (the deploy's to say)."""
    code, message = runtime
    return code in _COMPILES or "outputSchema failed to compile: " in message


def _first_is_the_runtimes(flow: dict[str, Any]) -> None:
    runtime = _runtime(flow)
    ours = [(error.code, error.message) for error in load_flow_errors(flow)]
    if runtime is None:
        assert ours == [], (flow, ours)
    elif _compiles(runtime):
        before = _ORDER[: _ORDER.index(runtime[0])]
        assert not [code for code, _ in ours if code in before], (flow, runtime, ours)
    else:
        assert ours, (flow, runtime)
        assert ours[0] == runtime, (flow, runtime, ours)


def test_the_schema_is_the_shipped_one() -> None:
    """flow.schema.json beside the mirror is kindgi-cli's, byte for byte (a newer kindgi-cli
    fails this, and the copy moves with it)."""
    shipped_copy = (
        shipped.node_modules() / "@kindgi" / "flow" / "dist" / "flow.schema.json"
    ).read_bytes()
    assert hashlib.sha256(shipped_copy).hexdigest() == FLOW_SCHEMA_SHA256
    ours = json.dumps(flow_schema(), sort_keys=True)
    assert ours == json.dumps(json.loads(shipped_copy), sort_keys=True)


@pytest.mark.parametrize(
    "module", sorted(path.name for path in (CORPUS / "flows").glob("*.py")), ids=str
)
def test_every_corpus_flow_gets_load_flows_first_error(module: str) -> None:
    """A flow as a pack author writes it, indexed by the SDK."""
    shipped.require_oracle()
    found = [e for e in corpus_entries("flows") if e["modulePath"] == f"flows/{module}"]
    if found:
        _first_is_the_runtimes(_flow(found[0]))


def _base() -> dict[str, Any]:
    """A sound flow with a node of every kind, every policy, a mapping and an output."""
    return {
        "id": "acme.month-end",
        "version": "1.0.0",
        "nodes": [
            {
                "id": "record",
                "kind": "tool",
                "ref": "acme.record",
                "inputMapping": {"vendor": {"path": "runInput.vendor"}},
            },
            {
                "id": "checks",
                "kind": "fanout",
                "convergence": "all-succeed",
                "concurrency": 2,
                "branches": [
                    {"branchId": "fx", "handler": "acme.fx", "outputSchema": {"type": "object"}},
                    {"branchId": "geo", "handler": "acme.geo", "outputSchema": {"type": "object"}},
                ],
            },
            {
                "id": "each",
                "kind": "loop",
                "loopKind": "foreach",
                "iterateOver": {"path": "runInput.invoices"},
                "maxIterations": 100,
                "concurrency": 4,
                "outputSchema": {"type": "object"},
                "body": {
                    "nodes": [{"id": "total", "kind": "tool", "ref": "acme.total"}],
                    "edges": [
                        {"id": "b-in", "from": "$loop-start", "to": "total"},
                        {"id": "b-out", "from": "total", "to": "$loop-end"},
                    ],
                },
            },
            {
                "id": "price",
                "kind": "subgraph",
                "flowRef": {"flowId": "acme.pricing", "version": "1.0.0"},
                "inputMapping": {"sku": {"path": "runInput.sku"}},
                "outputSchema": {"type": "object"},
                "convergence": "success-only",
            },
            {
                "id": "rounds",
                "kind": "loop",
                "loopKind": "while",
                "maxIterations": 5,
                "exitCondition": {
                    "op": "gte",
                    "left": {"path": "iterationIndex"},
                    "right": {"literal": 3},
                },
                "outputSchema": {"type": "object"},
                "body": {
                    "nodes": [{"id": "critique", "kind": "agent", "ref": "acme.reviewer"}],
                    "edges": [
                        {"id": "r-in", "from": "$loop-start", "to": "critique"},
                        {"id": "r-out", "from": "critique", "to": "$loop-end"},
                    ],
                },
            },
        ],
        "edges": [
            {"id": "in", "from": "$start", "to": "record"},
            {
                "id": "to-checks",
                "from": "record",
                "to": "checks",
                "policy": {
                    "retry": {
                        "maxAttempts": 3,
                        "backoff": "exponential",
                        "delayMs": 100,
                        "maxDelayMs": 2000,
                    },
                    "timeoutMs": 30000,
                    "concurrencyKey": "ledger",
                    "priority": 5,
                },
            },
            {"id": "to-each", "from": "checks", "to": "each"},
            {"id": "to-price", "from": "each", "to": "price"},
            {
                "id": "to-rounds",
                "from": "price",
                "to": "rounds",
                "when": {"op": "truthy", "value": {"path": "nodeOutputs.price.ok"}},
            },
            {"id": "out", "from": "rounds", "to": "$end"},
        ],
        "output": {
            "mapping": {"expense": {"path": "nodeOutputs.record.expenseId"}},
            "schema": {"type": "object"},
        },
    }


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change: set the value at a `/`-path (`-` deletes the key)."""

    def change(flow: dict[str, Any]) -> None:
        *parents, last = path.strip("/").split("/")
        here: Any = flow
        for part in parents:
            here = here[int(part)] if isinstance(here, list) else here[part]
        if value == "-":
            del here[last]
        elif isinstance(here, list):
            here[int(last)] = value
        else:
            here[last] = value

    return change


def _node(node: dict[str, Any], at: str = "/nodes") -> Callable[[dict[str, Any]], None]:
    """A change: one more node (no edge to it), outer or in a body."""
    return _edge(node, at)


def _edge(edge: dict[str, Any], at: str = "/edges") -> Callable[[dict[str, Any]], None]:
    """A change: one more edge, outer or in a body."""

    def change(flow: dict[str, Any]) -> None:
        here: Any = flow
        for part in at.strip("/").split("/"):
            here = here[int(part)] if isinstance(here, list) else here[part]
        here.append(edge)

    return change


ONE_FAULT: dict[str, list[Callable[[dict[str, Any]], None]]] = {
    "sound": [],
    "schema: no nodes": [_set("/nodes", [])],
    "schema: unknown field": [_set("/owner", "ops")],
    "schema: node without kind": [_set("/nodes/0/kind", "-")],
    "reserved $end": [_node({"id": "$end", "kind": "tool", "ref": "acme.t"})],
    "reserved in a loop body": [
        _node({"id": "$loop-start", "kind": "tool", "ref": "acme.t"}, "/nodes/2/body/nodes")
    ],
    "duplicate node": [_node({"id": "record", "kind": "tool", "ref": "acme.t"})],
    "duplicate node across a body": [
        _node({"id": "price", "kind": "tool", "ref": "acme.t"}, "/nodes/2/body/nodes")
    ],
    "duplicate edge": [_set("/edges/2/id", "in")],
    "duplicate edge in a body": [_set("/nodes/2/body/edges/0/id", "to-each")],
    "edge from unknown": [_set("/edges/2/from", "chekcs")],
    "edge to unknown": [_set("/edges/2/to", "eech")],
    "edge to a body node": [_set("/edges/2/to", "total")],
    "exponential without max": [_set("/edges/1/policy/retry/maxDelayMs", "-")],
    "foreach concurrency over max": [
        _set("/nodes/2/concurrency", 8),
        _set("/nodes/2/maxIterations", 4),
    ],
    "fanout duplicate branch": [_set("/nodes/1/branches/1/branchId", "fx")],
    "fanout concurrency over branches": [_set("/nodes/1/concurrency", 3)],
    "mapping to unknown node": [
        _set("/nodes/0/inputMapping/vendor", {"path": "nodeOutputs.pricing"})
    ],
    "mapping its own output": [
        _set("/nodes/0/inputMapping/vendor", {"path": "nodeOutputs.record.x"})
    ],
    "mapping a loop root": [_set("/nodes/0/inputMapping/vendor", {"path": "iterationOutput.x"})],
    "body leaf mapping": [
        _set("/nodes/2/body/nodes/0/inputMapping", {"n": {"path": "nodeOutputs.nowhere"}})
    ],
    "output mapping to unknown": [
        _set("/output/mapping/expense", {"path": "nodeOutputs.ledger.id"})
    ],
    "no start edge": [_set("/edges/0/from", "record"), _set("/edges/0/to", "$end")],
    "cycle": [_edge({"id": "back", "from": "rounds", "to": "checks"})],
    "self loop": [_edge({"id": "again", "from": "rounds", "to": "rounds"})],
    "body without start": [
        _set("/nodes/2/body/edges", [{"id": "b-out", "from": "total", "to": "$loop-end"}])
    ],
    "body edge to outer node": [_set("/nodes/4/body/edges/1/to", "record")],
    "body cycle": [
        _edge({"id": "r-back", "from": "critique", "to": "critique"}, "/nodes/4/body/edges")
    ],
}


@pytest.mark.parametrize("name", list(ONE_FAULT), ids=str)
def test_one_fault_is_load_flows_error_alone(name: str) -> None:
    """A flow with one fault: ours is the runtime's one error, its code and words."""
    shipped.require_oracle()
    flow = _base()
    for change in ONE_FAULT[name]:
        change(flow)
    runtime = _runtime(flow)
    ours = [(error.code, error.message) for error in load_flow_errors(flow)]
    if name.startswith("schema:"):
        assert runtime is not None
        assert runtime[0] == "schema-validation-failed"
        assert ours
        assert {code for code, _ in ours} == {"schema-validation-failed"}
        issues = shipped.load_flow(flow)["error"]["issues"]
        for issue in issues:  # each of Ajv's, at its path
            wanted = f"{issue['path']} {issue['message']}".strip()
            assert any(message.endswith(": " + wanted) for _, message in ours), (issue, ours)
        return
    assert ours == ([] if runtime is None else [runtime]), (name, runtime, ours)


def test_several_faults_each_said_the_runtimes_first() -> None:
    """Every pass runs: the runtime's error first, then each other fault in its words."""
    shipped.require_oracle()
    flow = _base()
    for change in (
        *ONE_FAULT["edge to unknown"],
        *ONE_FAULT["fanout concurrency over branches"],
        *ONE_FAULT["mapping to unknown node"],
        *ONE_FAULT["body cycle"],
    ):
        change(flow)
    errors = load_flow_errors(flow)
    assert (errors[0].code, errors[0].message) == _runtime(flow)
    assert [error.code for error in errors] == [
        "unknown-node-reference",
        "invalid-fanout-node",
        "invalid-mapping",
        "loop-body-cycle-detected",
    ]


def test_a_cycle_search_that_never_ends_still_names_a_cycle() -> None:
    """`loadFlow` loops forever when its walk meets a node it can't leave (a → b, b → c
    first, b → a, c leads out): we name a cycle there is, and say the runtime hangs. (Not
    asked of the oracle, which would hang.)"""
    flow: dict[str, Any] = {
        "id": "acme.hangs",
        "version": "1.0.0",
        "nodes": [{"id": n, "kind": "agent", "ref": "acme.a"} for n in ("a", "b", "c")],
        "edges": [
            {"id": "s", "from": "$start", "to": "a"},
            {"id": "ab", "from": "a", "to": "b"},
            {"id": "bc", "from": "b", "to": "c"},
            {"id": "ba", "from": "b", "to": "a"},
            {"id": "ce", "from": "c", "to": "$end"},
        ],
    }
    assert _cycle(["a", "b", "c"], flow["edges"], "$start", "$end") == (["a", "b", "a"], True)
    [error] = load_flow_errors(flow)
    assert error.message.startswith('Flow "acme.hangs" contains a cycle: a → b → a (found here')


def test_a_realistic_cycle_the_runtimes_search_never_leaves() -> None:
    """An edge back to an earlier node, from a node whose first edge leads out of the cycle
    (`price` goes on to `rounds`, then back to `checks`): `loadFlow`'s walk steps into
    `rounds`, can't go on, steps back and takes `rounds` again, forever."""
    flow = _base()
    _edge({"id": "back", "from": "price", "to": "checks"})(flow)
    [error] = load_flow_errors(flow)
    assert error.code == "cycle-detected"
    assert error.message.startswith(
        'Flow "acme.month-end" contains a cycle: checks → each → price → checks (found here: '
    )


def test_an_empty_witness_is_the_runtimes_too() -> None:
    """The first remaining node may lead nowhere (downstream of the cycle): the runtime names
    an empty cycle then, and so do we."""
    shipped.require_oracle()
    flow = {
        "id": "acme.odd",
        "version": "1.0.0",
        "nodes": [{"id": n, "kind": "agent", "ref": "acme.a"} for n in ("c", "a", "b")],
        "edges": [
            {"id": "s", "from": "$start", "to": "a"},
            {"id": "ab", "from": "a", "to": "b"},
            {"id": "ba", "from": "b", "to": "a"},
            {"id": "ac", "from": "a", "to": "c"},
        ],
    }
    assert [(e.code, e.message) for e in load_flow_errors(flow)] == [_runtime(flow)]


_IDS = st.sampled_from(["a", "b", "c", "d"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.sampled_from(["$start", "a", "b", "c", "d", "x"]), _IDS), max_size=7),
    st.permutations(["a", "b", "c", "d"]),
)
def test_random_graphs_get_load_flows_first_error(
    edges: list[tuple[str, str]], order: list[str]
) -> None:
    """Random edges between four nodes (and an unknown one): the runtime's first error,
    where its cycle search ends (where it wouldn't, the oracle isn't asked)."""
    shipped.require_oracle()
    flow: dict[str, Any] = {
        "id": "acme.random",
        "version": "1.0.0",
        "nodes": [{"id": n, "kind": "tool", "ref": "acme.t"} for n in order],
        "edges": [
            {"id": f"e{number}", "from": start, "to": end}
            for number, (start, end) in enumerate([*edges, ("d", "$end")])
        ],
    }
    found = _cycle(order, flow["edges"], "$start", "$end")
    if found is not None and found[1]:
        return  # loadFlow never answers on this one
    _first_is_the_runtimes(copy.deepcopy(flow))
