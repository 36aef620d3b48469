"""A flow as `loadFlow` loads it: what every run of it refuses.

`loadFlow(flow)` (@kindgi/flow `loader.ts`, kindgi-cli 0.1.10) is the check a flow gets
wherever it comes in but the deploy: the API's `POST /v1/flows`, `defineFlow`, a TypeScript
pack's indexer, and the run. It checks the flow against `flow.schema.json` (a copy beside this
module, byte for byte the shipped one: `FLOW_SCHEMA_SHA256`), then makes 17 passes and stops
at the first error. Here every pass runs and says each error it finds, the runtime's first
first: reserved and duplicate ids, edges to unknown nodes, predicates, edge policies, loops
(bounds, variants, concurrency), fanouts, subgraphs, mappings, the start edge, cycles (outer,
and in each loop body). The passes that compile an inline schema are the deploy's
(`flowSchemaProblems`, primitives/flows.py), so one fault is said once: they aren't here.

Each error is (the runtime's code, its message, a pointer into the entry). The entry is the
flow as indexed, less `modulePath` and `kernelPayloadVersion` (which `loadFlow` doesn't know).
The semantic passes only run on a flow that passes the schema (they read the shapes it
guarantees); a flow the SDK indexed always does, as the SDK checks the same schema.

One difference from the runtime, on purpose: on a flow whose cycle search `loadFlow` never
finishes (its walk backtracks into a node it can't leave, and loops forever), we give a cycle
that is there, and say so. `tests/unit/primitives/test_load_flow.py` holds every message to
the shipped `loadFlow`, one fault a flow.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from hatch_kindgi.engines.javascript.values import (
    UNDEFINED,
    get,
    is_integer,
    is_number,
    is_record,
    object_keys,
    template_string,
)
from hatch_kindgi.primitives.define_agent import SEMVER
from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.report.suggest import did_you_mean

__all__ = ["FLOW_SCHEMA_ID", "FLOW_SCHEMA_SHA256", "UNCHECKED", "FlowError", "load_flow_errors"]

FLOW_SCHEMA_ID = "https://kindgi.com/schemas/v1/flow.schema.json"
FLOW_SCHEMA_SHA256 = "6ec9a449454d6e3b567a60612096fd29bd7487c2a29e38d64807339187e850ca"
"""The sha256 of `flow.schema.json` as kindgi-cli 0.1.10 ships it (and as it is copied here)."""


@dataclass(frozen=True)
class FlowError:
    """One error `loadFlow` reports: its code, its message, where in the entry it is, and
    what we add to the runtime's words (a "did you mean", `; ...`), if anything."""

    code: str
    message: str
    pointer: str
    hint: str = ""


UNCHECKED = FlowError(
    "unchecked",
    "the flow nests too deeply for its check against flow.schema.json to finish here, so "
    "loadFlow's checks weren't made; a flow that deep may also be too slow for the runtime to load",
    "",
)
"""What `load_flow_errors` gives for a flow it can't check (not an error `loadFlow` reports)."""

_START, _END, _LOOP_START, _LOOP_END = "$start", "$end", "$loop-start", "$loop-end"
_SENTINELS = (_START, _END, _LOOP_START, _LOOP_END)
_OPERATORS = (
    "eq", "ne", "lt", "lte", "gt", "gte", "in", "notIn", "exists", "notExists", "truthy",
    "falsy", "and", "or", "not",
)  # fmt: skip
_CONVERGENCE = ("all-succeed", "any-succeed", "settle-all")
_SUBGRAPH_CONVERGENCE = ("success-only", "settle-all")
_TIMEOUT_MS_MAX = 3_600_000
_CONCURRENCY_KEY_MAX = 256
_PRIORITY = (-100, 100)
_LOOP_CONCURRENCY_CAP = 32


def load_flow_errors(flow: Mapping[str, Any]) -> list[FlowError]:
    """Every error `loadFlow(flow)` would report, pass by pass, the runtime's own first
    (its schema's failures alone, when the flow fails its schema)."""
    failures = _schema_failures(flow)
    if failures is None:
        return [UNCHECKED]
    if failures:
        return failures
    nodes = _all_nodes(flow)
    errors: list[FlowError] = []
    for check in _PASSES:
        errors.extend(check(flow, nodes))
    return errors


# ---- the schema ----


@lru_cache(maxsize=1)
def flow_schema() -> dict[str, Any]:
    """The shipped `flow.schema.json`, as this package carries it."""
    text = (
        resources.files("hatch_kindgi.primitives").joinpath("flow.schema.json").read_text("utf-8")
    )
    schema: dict[str, Any] = json.loads(text)
    return schema


@lru_cache(maxsize=1)
def _validator() -> Any:
    from hatch_kindgi.schema.validation import Validator

    return Validator(flow_schema(), ajv=True)


def _schema_failures(flow: Mapping[str, Any]) -> list[FlowError] | None:
    """Each way the flow fails `flow.schema.json`, in Ajv's words; None when the check can't
    finish (a flow nesting loops too deep for it), and so the passes can't run."""
    from hatch_kindgi.schema.validation import validate

    failures, stopped = validate(_validator(), flow, ())
    if stopped is not None:
        return None
    if not failures:
        return []
    from hatch_kindgi.engines.ajv.values import words

    lead = f"Data does not validate against {FLOW_SCHEMA_ID}: "
    found = dict.fromkeys(
        (json_pointer(failure.absolute_path), words(failure)) for failure in failures
    )
    return [
        FlowError(
            "schema-validation-failed", lead + (f"{where} " if where else "") + message, where
        )
        for where, message in found
    ]


# ---- the flow's nodes, outer and in every loop body ----


@dataclass(frozen=True)
class _Node:
    node: Mapping[str, Any]
    pointer: str

    @property
    def id(self) -> Any:
        return self.node["id"]

    @property
    def kind(self) -> Any:
        return self.node["kind"]


def _all_nodes(flow: Mapping[str, Any]) -> list[_Node]:
    """`collectAllNodes`: every node, pre-order, into loop bodies at any depth (walked without
    recursion)."""
    found: list[_Node] = []
    stack: list[tuple[Iterator[tuple[int, Any]], str]] = [(enumerate(flow["nodes"]), "/nodes")]
    while stack:
        ahead, at = stack[-1]
        step = next(ahead, None)
        if step is None:
            stack.pop()
            continue
        number, node = step
        here = f"{at}/{number}"
        found.append(_Node(node, here))
        if node["kind"] == "loop":
            stack.append((enumerate(node["body"]["nodes"]), f"{here}/body/nodes"))
    return found


def _loops(nodes: list[_Node]) -> Iterator[_Node]:
    return (node for node in nodes if node.kind == "loop")


def _q(value: object) -> str:
    """`"${value}"` in a message."""
    return f'"{template_string(value)}"'


# ---- the passes, in loadFlow's order ----


def _reserved_ids(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for node in nodes:
        if node.id in _SENTINELS:
            yield FlowError(
                "reserved-id",
                f"Node id {_q(node.id)} is reserved as a flow sentinel and may not name a node",
                node.pointer + "/id",
            )


def _duplicate_nodes(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    seen: set[str] = set()
    for node in nodes:
        if node.id in seen:
            yield FlowError(
                "duplicate-node-id",
                f"Node id {_q(node.id)} is used more than once (across outer flow and loop bodies)",
                node.pointer + "/id",
            )
        seen.add(node.id)


def _duplicate_edges(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    seen: set[str] = set()
    for edge, pointer in _every_edge(flow, nodes):
        if edge["id"] in seen:
            yield FlowError(
                "duplicate-edge-id",
                f"Edge id {_q(edge['id'])} is used more than once (across outer flow and loop "
                "bodies)",
                pointer + "/id",
            )
        seen.add(edge["id"])


def _every_edge(
    flow: Mapping[str, Any], nodes: list[_Node]
) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Outer edges, then each loop's body edges (loops pre-order)."""
    for number, edge in enumerate(flow["edges"]):
        yield edge, f"/edges/{number}"
    for loop in _loops(nodes):
        for number, edge in enumerate(loop.node["body"]["edges"]):
            yield edge, f"{loop.pointer}/body/edges/{number}"


def _outer_references(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    outer = [node["id"] for node in flow["nodes"]]
    for number, edge in enumerate(flow["edges"]):
        for end, sentinel in (("from", _START), ("to", _END)):
            if edge[end] != sentinel and edge[end] not in outer:
                yield FlowError(
                    "unknown-node-reference",
                    f"Edge {_q(edge['id'])} {end} unknown node {_q(edge[end])}",
                    f"/edges/{number}/{end}",
                    did_you_mean(edge[end], [*outer, sentinel]),
                )


def _predicates(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for number, edge in enumerate(flow["edges"]):
        if "when" in edge:
            reason = _expression_problem(edge["when"])
            if reason is not None:
                yield FlowError(
                    "invalid-predicate",
                    f"Edge {_q(edge['id'])} has an invalid predicate: {reason}",
                    f"/edges/{number}/when",
                )
    for loop in _loops(nodes):
        if loop.node.get("loopKind") == "while":
            reason = _expression_problem(loop.node.get("exitCondition", UNDEFINED))
            if reason is not None:
                yield FlowError(
                    "invalid-predicate",
                    f"Loop node {_q(loop.id)} has an invalid exitCondition: {reason}",
                    loop.pointer + "/exitCondition",
                )
        for number, edge in enumerate(loop.node["body"]["edges"]):
            if "when" in edge:
                reason = _expression_problem(edge["when"])
                if reason is not None:
                    yield FlowError(
                        "invalid-predicate",
                        f"Loop {_q(loop.id)} body edge {_q(edge['id'])} has an invalid "
                        f"predicate: {reason}",
                        f"{loop.pointer}/body/edges/{number}/when",
                    )


def _expression_problem(expr: object) -> str | None:
    """`validateExprStructure`: why a predicate isn't one, or None."""
    op = get(expr, "op")
    if op not in _OPERATORS or not isinstance(op, str):
        return f'unknown operator "{template_string(op)}"'
    if op in ("eq", "ne", "lt", "lte", "gt", "gte"):
        return _pair_problem(("left", get(expr, "left")), ("right", get(expr, "right")))
    if op in ("in", "notIn"):
        return _pair_problem(("value", get(expr, "value")), ("set", get(expr, "set")))
    if op in ("exists", "notExists", "truthy", "falsy"):
        return _operand_problem(get(expr, "value"))
    if op in ("and", "or"):
        children = get(expr, "children")
        if not isinstance(children, list) or not children:
            return f"{op} requires at least one child"
        for child in children:
            reason = _expression_problem(child)
            if reason:
                return reason
        return None
    return _expression_problem(get(expr, "child"))


def _pair_problem(*operands: tuple[str, object]) -> str | None:
    for name, operand in operands:
        reason = _operand_problem(operand)
        if reason:
            return f"{name}: {reason}"
    return None


def _operand_problem(operand: object) -> str | None:
    if is_record(operand) and "literal" in operand:
        return None
    if is_record(operand) and "path" in operand:
        path = operand["path"]
        if not isinstance(path, str) or not path:
            return "path must be a non-empty string"
        return None
    return "operand must be a {literal} or {path}"


def _edge_policies(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for number, edge in enumerate(flow["edges"]):
        policy = edge.get("policy")
        if not is_record(policy):
            continue
        at = f"/edges/{number}/policy"
        for field, reason, pointer in _policy_problems(policy):
            yield FlowError(
                "invalid-edge-policy",
                f"Edge {_q(edge['id'])} has an invalid policy at {field}: {reason}",
                at + pointer,
            )


def _policy_problems(policy: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """`checkEdgePolicy`: each group's first problem (field, reason, pointer under policy)."""
    if "retry" in policy:
        retry = _retry_problem(policy["retry"])
        if retry is not None:
            yield retry
    timeout = get(policy, "timeoutMs")
    if timeout is not UNDEFINED:
        reason = None
        if not is_integer(timeout):
            reason = f"must be an integer (got {template_string(timeout)})"
        elif timeout < 1:
            reason = f"must be >= 1 (got {template_string(timeout)})"
        elif timeout > _TIMEOUT_MS_MAX:
            reason = f"must be <= {_TIMEOUT_MS_MAX} (1 hour cap; got {template_string(timeout)})"
        if reason is not None:
            yield ("timeoutMs", reason, "/timeoutMs")
    key = get(policy, "concurrencyKey")
    if key is not UNDEFINED:
        reason = _concurrency_key_problem(key)
        if reason is not None:
            yield ("concurrencyKey", reason, "/concurrencyKey")
    priority = get(policy, "priority")
    if priority is not UNDEFINED:
        reason = _priority_problem(priority)
        if reason is not None:
            yield ("priority", reason, "/priority")


def _retry_problem(retry: object) -> tuple[str, str, str] | None:
    attempts = get(retry, "maxAttempts")
    if not is_integer(attempts):
        return ("retry.maxAttempts", "must be an integer", "/retry/maxAttempts")
    if not 1 <= attempts <= 10:
        return (
            "retry.maxAttempts",
            f"must be within [1, 10] (got {template_string(attempts)})",
            "/retry/maxAttempts",
        )
    delay = get(retry, "delayMs")
    if delay is not UNDEFINED and (not is_integer(delay) or delay < 0):
        return (
            "retry.delayMs",
            f"must be a non-negative integer (got {template_string(delay)})",
            "/retry/delayMs",
        )
    backoff = get(retry, "backoff")
    if backoff is not UNDEFINED and backoff not in ("fixed", "linear", "exponential"):
        return (
            "retry.backoff",
            f'must be one of "fixed" | "linear" | "exponential" (got {template_string(backoff)})',
            "/retry/backoff",
        )
    most = get(retry, "maxDelayMs")
    if most is not UNDEFINED and (not is_integer(most) or most < 0):
        return (
            "retry.maxDelayMs",
            f"must be a non-negative integer (got {template_string(most)})",
            "/retry/maxDelayMs",
        )
    if backoff == "exponential" and most is UNDEFINED:
        return (
            "retry.maxDelayMs",
            'is required when retry.backoff is "exponential" (unbounded growth otherwise)',
            "/retry",
        )
    return None


def _concurrency_key_problem(key: object) -> str | None:
    if not isinstance(key, str):
        return "must be a string"
    length = len(key.encode("utf-16-le")) // 2
    if length == 0:
        return "must not be empty"
    if length > _CONCURRENCY_KEY_MAX:
        return f"must be <= {_CONCURRENCY_KEY_MAX} chars (got {length})"
    if any(not " " <= char <= "~" for char in key):
        return "must contain only printable ASCII (0x20..0x7E)"
    return None


def _priority_problem(priority: Any) -> str | None:
    if not is_number(priority):
        return f"must be a number (got {_typeof(priority)})"
    if not is_integer(priority):
        return f"must be an integer (got {template_string(priority)})"
    if not _PRIORITY[0] <= priority <= _PRIORITY[1]:
        return f"must be within [{_PRIORITY[0]}, {_PRIORITY[1]}] (got {template_string(priority)})"
    return None


def _typeof(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, str):
        return "string"
    if is_number(value):
        return "number"
    return "object"  # null, an array, an object


def _loop_bounds(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for loop in _loops(nodes):
        most = get(loop.node, "maxIterations")
        reason = None
        if not is_integer(most):
            reason = "maxIterations must be an integer"
        elif most < 1:
            reason = "maxIterations must be >= 1"
        elif most > 10000:
            reason = "maxIterations must be <= 10000"
        if reason is not None:
            yield FlowError(
                "loop-invalid-max-iterations",
                f"Loop node {_q(loop.id)}: {reason} (got {template_string(most)})",
                loop.pointer + "/maxIterations",
            )


def _loop_variants(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for loop in _loops(nodes):
        node, kind = loop.node, loop.node.get("loopKind")
        problem = None
        if kind == "while":
            timing = node.get("evaluationTiming", UNDEFINED)
            if "exitCondition" not in node:
                problem = "while-missing-exit-condition"
            elif "iterateOver" in node:
                problem = "while-has-iterate-over"
            elif "concurrency" in node:
                problem = "while-has-concurrency"
            elif timing is not UNDEFINED and timing not in ("before", "after"):
                problem = "while-has-invalid-evaluation-timing"
        elif kind == "foreach":
            if "iterateOver" not in node:
                problem = "foreach-missing-iterate-over"
            elif "exitCondition" in node:
                problem = "foreach-has-exit-condition"
            elif "evaluationTiming" in node:
                problem = "foreach-has-evaluation-timing"
        if problem is not None:
            yield FlowError(
                "loop-variant-mismatch",
                f"Loop node {_q(loop.id)} (loopKind={kind}): {problem}",
                loop.pointer,
            )


def _loop_concurrency(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for loop in _loops(nodes):
        node = loop.node
        if node.get("loopKind") != "foreach" or "concurrency" not in node:
            continue
        value, most = node["concurrency"], node.get("maxIterations")
        detail = None
        if not is_integer(value):
            detail = "must be an integer"
        elif value < 1:
            detail = "must be >= 1"
        elif value > _LOOP_CONCURRENCY_CAP:
            detail = f"must be <= {_LOOP_CONCURRENCY_CAP} (safety cap)"
        elif is_number(most) and value > most:
            detail = f"must be <= maxIterations ({template_string(most)})"
        if detail is not None:
            yield FlowError(
                "loop-invalid-concurrency",
                f"Loop node {_q(loop.id)}: concurrency {detail} (got {template_string(value)})",
                loop.pointer + "/concurrency",
            )


def _fanouts(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for fanout in nodes:
        if fanout.kind == "fanout":
            yield from _fanout_problems(fanout)


def _fanout_problems(fanout: _Node) -> Iterator[FlowError]:
    """`checkFanoutNode`: each branch's first problem (its schema's compile aside: the
    deploy's), then the convergence, then the concurrency."""

    def error(reason: str, pointer: str, branch: object = UNDEFINED) -> FlowError:
        scope = f"Fanout node {_q(fanout.id)}"
        if branch is not UNDEFINED:
            scope += f" branch {_q(branch)}"
        return FlowError("invalid-fanout-node", f"{scope}: {reason}", fanout.pointer + pointer)

    branches = fanout.node.get("branches")
    if not isinstance(branches, list) or len(branches) < 2:
        yield error("must declare at least 2 branches", "/branches")
        return
    seen: set[str] = set()
    for number, branch in enumerate(branches):
        at = f"/branches/{number}"
        named = get(branch, "branchId")
        if not isinstance(named, str) or not named:
            yield error("each branch must declare a non-empty string branchId", at + "/branchId")
            continue
        if named in seen:
            yield error(f"duplicate branchId {_q(named)} within fanout", at + "/branchId", named)
            continue
        seen.add(named)
        handler = get(branch, "handler")
        if not isinstance(handler, str) or not handler:
            yield error(
                f"branch {_q(named)} must declare a non-empty string handler",
                at + "/handler",
                named,
            )
            continue
        if get(branch, "outputSchema") in (UNDEFINED, None):
            yield error(
                f"branch {_q(named)} must declare an outputSchema (typed escape contract)",
                at,
                named,
            )
    convergence = fanout.node.get("convergence", UNDEFINED)
    if not isinstance(convergence, str) or convergence not in _CONVERGENCE:
        yield error(
            f"must be one of {' | '.join(_CONVERGENCE)} (got {template_string(convergence)})",
            "/convergence",
        )
    concurrency = fanout.node.get("concurrency", UNDEFINED)
    if concurrency is UNDEFINED:
        return
    if not is_integer(concurrency):
        yield error(f"must be an integer (got {template_string(concurrency)})", "/concurrency")
    elif concurrency < 1:
        yield error(f"must be >= 1 (got {template_string(concurrency)})", "/concurrency")
    elif concurrency > len(branches):
        yield error(
            f"must be <= branches.length ({len(branches)}) — a fanout cannot request more "
            f"concurrent workers than it has branches (got {template_string(concurrency)})",
            "/concurrency",
        )


def _subgraphs(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    for node in nodes:
        if node.kind == "subgraph":
            yield from _subgraph_problems(node)


def _subgraph_problems(subgraph: _Node) -> Iterator[FlowError]:
    """`checkSubflowNode`: the flowRef's, the inputMapping's, the outputSchema's (present;
    its compile is the deploy's) and the convergence's first problem."""

    def error(reason: str, pointer: str) -> FlowError:
        return FlowError(
            "invalid-subgraph-node",
            f"Subgraph node {_q(subgraph.id)}: {reason}",
            subgraph.pointer + pointer,
        )

    node = subgraph.node
    ref = node.get("flowRef", UNDEFINED)
    if not is_record(ref) and not isinstance(ref, list):
        yield error("must be an object", "/flowRef")
    else:
        named, version = get(ref, "flowId"), get(ref, "version")
        if not isinstance(named, str) or not named:
            yield error("must be a non-empty string", "/flowRef/flowId")
        elif not isinstance(version, str) or not version:
            yield error("must be a non-empty string", "/flowRef/version")
        elif SEMVER.fullmatch(version) is None:
            yield error(
                f'must be an exact semver (no ranges) — got "{version}"', "/flowRef/version"
            )
    mapping = node.get("inputMapping", UNDEFINED)
    if not is_record(mapping):
        yield error("must be an object mapping string keys to Operands", "/inputMapping")
    else:
        for key in object_keys(mapping):
            value = mapping[key]
            if not is_record(value) and not isinstance(value, list):
                yield error(
                    f'entry "{key}" must be an Operand ({{ path }} or {{ literal }})',
                    "/inputMapping",
                )
                break
            reason = _operand_problem(value)
            if reason is not None:
                yield error(f'entry "{key}" is not a valid Operand: {reason}', "/inputMapping")
                break
    if node.get("outputSchema") in (UNDEFINED, None):
        yield error(
            "must be a JSON Schema (draft 2020-12) — the typed escape contract", "/outputSchema"
        )
    convergence = node.get("convergence", UNDEFINED)
    if not isinstance(convergence, str) or convergence not in _SUBGRAPH_CONVERGENCE:
        yield error(
            f"must be one of {' | '.join(_SUBGRAPH_CONVERGENCE)} (got "
            f"{template_string(convergence)})",
            "/convergence",
        )


def _mappings(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    """`checkAllMappings`: every leaf's inputMapping, then the flow output's mapping."""
    ids = {node.id for node in nodes}
    for node in nodes:
        mapping = node.node.get("inputMapping")
        if node.kind in ("loop", "fanout", "subgraph") or not is_record(mapping):
            continue
        where = f"Node {_q(node.id)} inputMapping"
        yield from _mapping_problems(mapping, ids, node.id, where, node.pointer + "/inputMapping")
    output = flow.get("output")
    if is_record(output) and is_record(output.get("mapping")):
        yield from _mapping_problems(
            output["mapping"], ids, None, "The flow output", "/output/mapping"
        )


def _mapping_problems(
    mapping: Mapping[str, Any], ids: set[str], own: str | None, where: str, at: str
) -> Iterator[FlowError]:
    for key in object_keys(mapping):
        reason = _mapping_operand_problem(mapping[key], ids, own)
        if reason is not None:
            yield FlowError(
                "invalid-mapping",
                f'{where} key "{key}": {reason}',
                f"{at}/{_escape(key)}",
                _mapping_hint(mapping[key], ids),
            )


def _mapping_hint(operand: Any, ids: set[str]) -> str:
    """A path's `.` splits a node id: `nodeOutputs.fetch.customer.name` reads node `fetch`,
    so a node `fetch.customer` can never be named. Else the node meant, if one is close."""
    named = operand["path"].split(".")[1] if operand["path"].count(".") else ""
    if operand["path"].split(".")[0] != "nodeOutputs" or named in ids:
        return ""
    dotted = sorted(node for node in ids if node.startswith(named + "."))
    if dotted:
        return (
            f'; a path splits at ".", so node "{dotted[0]}" can never be named in one: give it '
            'an id without "."'
        )
    return did_you_mean(named, ids)


def _mapping_operand_problem(operand: object, ids: set[str], own: str | None) -> str | None:
    path = get(operand, "path")
    if path is UNDEFINED or not isinstance(path, str):
        return None
    segments = path.split(".")
    root, named = segments[0], segments[1] if len(segments) > 1 else ""
    if root in ("iterationIndex", "iterationOutput"):
        return f"{root} is only available in a loop's exitCondition"
    if root != "nodeOutputs":
        return None
    if named not in ids:
        return f"nodeOutputs.{named} names no node in this flow"
    if named == own:
        return "a node cannot map its own output"
    return None


def _outside_body(named: str, nodes: list[_Node]) -> str:
    """A body edge can reach only its own body's nodes."""
    if any(node.id == named for node in nodes):
        return f'; "{named}" is a node of the flow, but a loop body\'s edges stay in the body'
    return ""


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _start_edge(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    if not any(edge["from"] == _START for edge in flow["edges"]):
        yield FlowError(
            "missing-start-edge",
            f"Flow {_q(flow['id'])} has no edge originating at $start",
            "/edges",
        )


def _outer_cycle(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    outer = [node["id"] for node in flow["nodes"]]
    found = _cycle(outer, flow["edges"], _START, _END)
    if found is not None:
        witness, loops_forever = found
        yield FlowError(
            "cycle-detected",
            f"Flow {_q(flow['id'])} contains a cycle: {' → '.join(witness)}"
            + (_FOREVER if loops_forever else ""),
            _node_pointer(flow["nodes"], "/nodes", witness),
        )


_FOREVER = (
    " (found here: the runtime's own cycle search never ends on this flow, so a TypeScript "
    "build or a run that loads it hangs)"
)


def _node_pointer(nodes: list[Any], at: str, witness: list[str]) -> str:
    """The first node of a cycle, where it is declared."""
    for number, node in enumerate(nodes):
        if witness and node["id"] == witness[0]:
            return f"{at}/{number}"
    return at


def _loop_bodies(flow: Mapping[str, Any], nodes: list[_Node]) -> Iterator[FlowError]:
    """`validateAllLoopBodies`: per loop, the start edge, edge references, a cycle."""
    for loop in _loops(nodes):
        body = loop.node["body"]
        at = loop.pointer + "/body"
        if not any(edge["from"] == _LOOP_START for edge in body["edges"]):
            yield FlowError(
                "loop-body-missing-start-edge",
                f"Loop node {_q(loop.id)} body has no edge originating at $loop-start",
                at + "/edges",
            )
        inner = [node["id"] for node in body["nodes"]]
        for number, edge in enumerate(body["edges"]):
            for end, sentinel in (("from", _LOOP_START), ("to", _LOOP_END)):
                if edge[end] != sentinel and edge[end] not in inner:
                    yield FlowError(
                        "loop-body-unknown-node-reference",
                        f"Loop {_q(loop.id)} body edge {_q(edge['id'])} {end} unknown node "
                        f"{_q(edge[end])}",
                        f"{at}/edges/{number}/{end}",
                        _outside_body(edge[end], nodes)
                        or did_you_mean(edge[end], [*inner, sentinel]),
                    )
        found = _cycle(
            [node["id"] for node in body["nodes"]], body["edges"], _LOOP_START, _LOOP_END
        )
        if found is not None:
            witness, loops_forever = found
            yield FlowError(
                "loop-body-cycle-detected",
                f"Loop node {_q(loop.id)} body contains a cycle: {' → '.join(witness)}"
                + (_FOREVER if loops_forever else ""),
                _node_pointer(body["nodes"], at + "/nodes", witness),
            )


# ---- cycles, as loadFlow finds them ----


def _cycle(ids: list[str], edges: list[Any], start: str, end: str) -> tuple[list[str], bool] | None:
    """Kahn's algorithm as `topoDrain` runs it; when nodes remain, the cycle
    `extractCycleWitness` names, and whether its walk would never end (then a cycle found by
    a walk that does)."""
    in_degree: dict[str, int] = dict.fromkeys(ids, 0)
    successors: dict[str, list[str]] = {node: [] for node in ids}
    for edge in edges:
        if edge["from"] == start or edge["to"] == end:
            continue
        if edge["from"] not in successors:
            continue
        successors[edge["from"]].append(edge["to"])
        in_degree[edge["to"]] = in_degree.get(edge["to"], 0) + 1
    ready = [node for node, degree in in_degree.items() if degree == 0]
    processed = 0
    while ready:
        current = ready.pop(0)
        processed += 1
        for after in successors.get(current, []):
            in_degree[after] -= 1
            if in_degree[after] == 0:
                ready.append(after)
    if processed == len(in_degree):
        return None
    remaining = [node for node, degree in in_degree.items() if degree > 0]
    return _witness(successors, remaining)


def _witness(successors: dict[str, list[str]], remaining: list[str]) -> tuple[list[str], bool]:
    """`extractCycleWitness`: from the first remaining node, always the first remaining
    successor, until one is on the path. A node with none to take ends the runtime's walk only
    at the start (an empty witness); anywhere else its walk steps back and forth forever."""
    left = set(remaining)
    path = [remaining[0]]
    while True:
        following = next((after for after in successors.get(path[-1], []) if after in left), None)
        if following is None:
            if len(path) == 1:
                return [], False
            return _some_cycle(successors, remaining), True
        if following in path:
            return [*path[path.index(following) :], following], False
        path.append(following)


def _some_cycle(successors: dict[str, list[str]], remaining: list[str]) -> list[str]:
    """A cycle among the remaining nodes (they always hold one), by a walk that steps back."""
    left = set(remaining)
    done: set[str] = set()
    for root in remaining:
        if root in done:
            continue
        path = [root]
        stack: list[tuple[str, Iterator[str]]] = [(root, iter(successors.get(root, [])))]
        while stack:
            node, ahead = stack[-1]
            step = next((after for after in ahead if after in left and after not in done), None)
            if step is None:
                stack.pop()
                path.pop()
                done.add(node)
            elif step in path:
                return [*path[path.index(step) :], step]
            else:
                path.append(step)
                stack.append((step, iter(successors.get(step, []))))
    return []


_PASSES = (
    _reserved_ids,
    _duplicate_nodes,
    _duplicate_edges,
    _outer_references,
    _predicates,
    _edge_policies,
    _loop_bounds,
    _loop_variants,
    _loop_concurrency,
    _fanouts,
    _subgraphs,
    _mappings,
    _start_edge,
    _outer_cycle,
    _loop_bodies,
)
