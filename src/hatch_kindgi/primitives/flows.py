"""A flow's index entry as the deploy checks it, and as every run loads it.

Errors, what the deploy refuses: `validateFlowIndexShape` (@kindgi/api
`routes/deployments.ts`, kindgi-cli 0.1.10), on the entry less its `modulePath` and
`kernelPayloadVersion`, every issue of it: the id (a non-empty string), the version
(`SEMVER_RE`), `nodes` and `edges` arrays (F1 to F4), and every inline schema a run compiles
(`flowSchemaProblems`, F5: each loop's, subgraph's and fanout branch's `outputSchema`, at any
depth of loop bodies, and `output.schema`), each through `compileInlineSchema`
(`schema.compile`, as an inline schema: every fault, the runtime's first).

Errors, what fails every run: everything `loadFlow` refuses (`primitives.load_flow`: cycles,
edges and mappings to unknown nodes, reserved and duplicate ids, edge policies, loops,
fanouts, subgraphs), which the deploy doesn't run. Each says so first ("every run of this
flow fails: "), then `loadFlow`'s words, then our hint where we have one. A fault the deploy
already refuses isn't said again.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.values import UNDEFINED, get, is_record
from hatch_kindgi.primitives.define_agent import SEMVER, SEMVER_HINT, Issue
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.primitives.inline_schemas import deploy_message, inline_faults, inline_findings
from hatch_kindgi.primitives.load_flow import UNCHECKED, FlowError, load_flow_errors
from hatch_kindgi.primitives.words import DEPLOY_REFUSES, then
from hatch_kindgi.schema.compile import CompileFault

__all__ = ["deploy_flow_issues", "flow_findings"]

EVERY_RUN = "every run of this flow fails: "
_REFUSED = f"{DEPLOY_REFUSES} this flow"
_INDEX_ONLY = ("modulePath", "kernelPayloadVersion")
"""Fields of an indexed flow that aren't the flow's: the deploy and `loadFlow` drop them."""


def flow_findings(
    entry: Mapping[str, Any], *, bounds: Bounds = SELF_HOSTED_BOUNDS
) -> list[Finding]:
    """Every problem of one flow entry: the deploy's refusals, then what every run refuses."""
    if not isinstance(entry, Mapping):
        return [Finding("error", "flow-shape", "", "must be an object")]
    flow = {key: value for key, value in entry.items() if key not in _INDEX_ONLY}
    schemas = list(_inline_schemas(flow, bounds))
    findings = _shape_findings(flow)
    for at, faults in schemas:
        findings += inline_findings("flow-schema", at, faults, _REFUSED)
    refused = [finding.pointer for finding in findings if finding.code == "flow-shape"]
    refused += [at for at, _ in schemas]
    for error in load_flow_errors(flow):
        if error is UNCHECKED:
            findings.append(Finding("warning", "flow-load", "", error.message))
        elif not any(_within(error.pointer, place) for place in refused):
            findings.append(Finding("error", "flow-load", error.pointer, _every_run(error)))
    return findings


def deploy_flow_issues(
    entry: Mapping[str, Any], *, bounds: Bounds = SELF_HOSTED_BOUNDS
) -> list[Issue]:
    """`validateFlowIndexShape`'s issues, in its order, at its places and in its words (then
    ours after `; `), each inline schema's its compile's own."""
    flow = {key: value for key, value in entry.items() if key not in _INDEX_ONLY}
    issues = [(finding.pointer, finding.message) for finding in _shape_findings(flow)]
    issues += [(at, deploy_message(faults)) for at, faults in _inline_schemas(flow, bounds)]
    return issues


def _shape_findings(flow: Mapping[str, Any]) -> list[Finding]:
    out: list[Finding] = []
    named = get(flow, "id")
    if not isinstance(named, str) or not named:
        out.append(_shape("/id", "flow.id must be a non-empty string"))
    version = get(flow, "version")
    if not isinstance(version, str) or SEMVER.fullmatch(version) is None:
        out.append(_shape("/version", "flow.version must be semver", SEMVER_HINT))
    if not isinstance(get(flow, "nodes"), list):
        out.append(_shape("/nodes", "flow.nodes must be an array"))
    if not isinstance(get(flow, "edges"), list):
        out.append(_shape("/edges", "flow.edges must be an array"))
    return out


def _shape(pointer: str, runtime: str, ours: str = "") -> Finding:
    ours = "; ".join(part for part in (ours, _REFUSED) if part)
    return Finding("error", "flow-shape", pointer, then(runtime, ours))


def _inline_schemas(
    flow: Mapping[str, Any], bounds: Bounds
) -> Iterator[tuple[str, list[CompileFault]]]:
    """`flowSchemaProblems`: each inline schema that doesn't compile (where it sits, and its
    faults), in the runtime's order."""
    for at, schema in _schemas(flow):
        faults = inline_faults(schema, bounds=bounds)
        if faults:
            yield at, faults


def _schemas(flow: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """Every inline schema a run compiles (`UNDEFINED` where a node that takes one has none),
    in `flowSchemaProblems`' order (pre-order: a loop's body before the nodes after the
    loop); a node or branch that isn't an object is passed over, as the runtime passes it.
    Walked without recursion: loop bodies may nest as deep as the index does."""
    nodes = flow.get("nodes")
    stack: list[tuple[Iterator[tuple[int, Any]], str]] = []
    if isinstance(nodes, list):
        stack.append((enumerate(nodes), "/nodes"))
    while stack:
        ahead, at = stack[-1]
        step = next(ahead, None)
        if step is None:
            stack.pop()
            continue
        number, node = step
        if not is_record(node):
            continue
        here, kind = f"{at}/{number}", node.get("kind")
        if kind == "loop":
            yield f"{here}/outputSchema", get(node, "outputSchema")
            body = node.get("body")
            if is_record(body) and isinstance(body.get("nodes"), list):
                stack.append((enumerate(body["nodes"]), f"{here}/body/nodes"))
        elif kind == "subgraph":
            yield f"{here}/outputSchema", get(node, "outputSchema")
        elif kind == "fanout" and isinstance(node.get("branches"), list):
            for index, branch in enumerate(node["branches"]):
                if is_record(branch):
                    yield f"{here}/branches/{index}/outputSchema", get(branch, "outputSchema")
    output = flow.get("output")
    if is_record(output) and get(output, "schema") is not UNDEFINED:
        yield "/output/schema", output["schema"]


def _every_run(error: FlowError) -> str:
    """`loadFlow`'s words, after what they mean, and our hint."""
    return EVERY_RUN + error.message + _HINTS.get(error.code, "") + error.hint


_HINTS = {
    "cycle-detected": (
        "; a flow's edges can't lead back: to repeat steps, put them in a loop node "
        '("kind": "loop")'
    ),
    "loop-body-cycle-detected": "; a loop body's edges can't lead back: the loop repeats it",
    "missing-start-edge": '; add an edge from "$start" to the first node',
    "loop-body-missing-start-edge": '; add a body edge from "$loop-start" to its first node',
    "reserved-id": "; $start, $end, $loop-start and $loop-end name a flow's ends: rename the node",
}


def _within(pointer: str, place: str) -> bool:
    """Whether `pointer` is `place` or inside it."""
    return pointer == place or pointer.startswith(place + "/")
