"""An agent's index entry as the deploy checks it, and as a TypeScript pack's build does.

Errors, what the deploy refuses: `validateAgentIndexShape` (@kindgi/api
`routes/deployments.ts`, kindgi-cli 0.1.10), on the entry less its `modulePath`, every issue
of it (A1 to A8): the id, the version (`SEMVER_RE`: a prerelease, no build metadata), the name
(non-empty, untrimmed), the instructions (a non-empty string, or a prompt block `{prompt,
version}` of strings), a string template as `templateProblem` reads it (no longer than the
bounds' `parseLimit`, then liquidjs's parse), `capabilities` and
`tools` arrays, and an `output` object whose schema `compileInlineSchema` compiles
(`schema.compile`, as an inline schema: every fault, the runtime's first).

Warnings, what only a TypeScript pack's build refuses: `defineAgent`'s full check
(`primitives.define_agent`), each issue at a place the deploy doesn't refuse (where it does,
its error stands alone); errors when the pack's `strict` is set. Never for what the Python SDK
writes by itself: its `parameters: []` beside a prompt block (its other defaults, `tools`,
`retrieval`, `guardrails`, `settings` `[]`, draw nothing; an empty `capabilities`, its default
too, is warned: a TypeScript build refuses it). `conversationPolicy.autoCloseAfterInactiveSeconds`
is an error: the SDK's pack-index schema refuses it too. A block or tool reference the
checks across entries already refuse (misshapen, or a range that isn't one) draws no second
problem here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.values import UNDEFINED, get, is_record
from hatch_kindgi.engines.liquidjs.filter_names import FILTER_NAMES
from hatch_kindgi.engines.liquidjs.tenant import (
    TOO_LONG_UNITS,
    refusal_words,
    template_problem,
    template_refusal,
    template_too_long,
)
from hatch_kindgi.primitives.define_agent import SEMVER, SEMVER_HINT, Issue, define_agent_issues
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.primitives.inline_schemas import inline_faults, inline_findings
from hatch_kindgi.primitives.words import DEPLOY_REFUSES, then
from hatch_kindgi.report.problems import Severity
from hatch_kindgi.report.suggest import Suggestions

__all__ = ["TYPESCRIPT", "agent_findings", "deploy_agent_issues"]

_REFUSED = f"{DEPLOY_REFUSES} this agent"
_FILTERS = Suggestions(FILTER_NAMES)
TYPESCRIPT = (
    "a TypeScript pack's build refuses this (defineAgent), and the deploy leaves it to the "
    "runtime at dispatch"
)
"""What every warning of `defineAgent`'s says after its words."""
_AUTO_CLOSE = "/conversationPolicy/autoCloseAfterInactiveSeconds"
_OUTPUT_SCHEMA = "/output/schema"
_SDK_OWN = ("/parameters", "the prompt block declares the parameters: leave parameters unset")
"""The one `defineAgent` issue the Python SDK makes by itself (its `parameters: []`)."""


def agent_findings(
    entry: Mapping[str, Any], *, strict: bool, bounds: Bounds = SELF_HOSTED_BOUNDS
) -> list[Finding]:
    """Every problem of one agent entry: the deploy's refusals (errors), then what a
    TypeScript build refuses besides (warnings; errors when `strict`)."""
    findings = _deploy_findings(entry, bounds)
    if not isinstance(entry, Mapping):
        return findings
    refused = [finding.pointer for finding in findings]
    refused += _output_pointers(findings)
    refused += sorted(_refused_across_entries(entry))
    severity: Severity = "error" if strict else "warning"
    for pointer, message in define_agent_issues(
        entry,
        valid_range=_valid_range,
        template_problem=lambda template: template_problem(template, bounds),
        bounds=bounds,
    ):
        if any(_within(pointer, place) for place in refused):
            continue
        if (pointer, message) == _SDK_OWN and entry.get("parameters") == []:
            continue
        if pointer == _AUTO_CLOSE:
            findings.append(Finding("error", "agent-auto-close", pointer, message))
            continue
        findings.append(Finding(severity, "agent-define", pointer, then(message, TYPESCRIPT)))
    return findings


def deploy_agent_issues(
    entry: Mapping[str, Any], *, bounds: Bounds = SELF_HOSTED_BOUNDS
) -> list[Issue]:
    """`validateAgentIndexShape`'s issues, in its order, at its places and in its words: the
    output schema's at `/output/schema`, its first fault's (with our fix after it)."""
    issues: list[Issue] = []
    for finding in _deploy_findings(entry, bounds):
        if finding.code != "agent-output-schema":
            issues.append((finding.pointer, finding.message))
        elif not any(pointer == _OUTPUT_SCHEMA for pointer, _ in issues):
            issues.append((_OUTPUT_SCHEMA, finding.message))
    return issues


def _deploy_findings(entry: object, bounds: Bounds) -> list[Finding]:
    if not isinstance(entry, Mapping):
        return [Finding("error", "agent-shape", "", "must be an object")]
    out: list[Finding] = []
    named = get(entry, "id")
    if not isinstance(named, str) or not named:
        out.append(_shape("/id", "agent.id must be a non-empty string"))
    version = get(entry, "version")
    if not isinstance(version, str) or SEMVER.fullmatch(version) is None:
        out.append(_shape("/version", "agent.version must be semver", SEMVER_HINT))
    name = get(entry, "name")
    if not isinstance(name, str) or not name:
        out.append(_shape("/name", "agent.name must be a non-empty string"))
    out += _instructions(get(entry, "instructions"), bounds)
    if not isinstance(get(entry, "capabilities"), list):
        out.append(_shape("/capabilities", "agent.capabilities must be an array"))
    if not isinstance(get(entry, "tools"), list):
        out.append(_shape("/tools", "agent.tools must be an array of tool ids"))
    out += _output(get(entry, "output"), bounds)
    return out


def _shape(pointer: str, runtime: str, ours: str = "") -> Finding:
    ours = "; ".join(part for part in (ours, _REFUSED) if part)
    return Finding("error", "agent-shape", pointer, then(runtime, ours))


def _instructions(instructions: object, bounds: Bounds) -> list[Finding]:
    prompt_ref = (
        is_record(instructions)
        and isinstance(get(instructions, "prompt"), str)
        and isinstance(get(instructions, "version"), str)
    )
    if not prompt_ref and (not isinstance(instructions, str) or not instructions):
        return [
            _shape(
                "/instructions",
                "agent.instructions must be a non-empty string, or a prompt block "
                "{ prompt, version }",
            )
        ]
    if isinstance(instructions, str):
        too_long = template_too_long(instructions, bounds)
        if too_long is not None:  # the runtime doesn't parse them: nor do we
            hint = f"{TOO_LONG_UNITS.strip('()')}: move long text into settings"
            message = then(too_long, f"{hint}; {_REFUSED}")
            return [Finding("error", "template-too-long", "/instructions", message)]
        refused = template_refusal(instructions)
        if refused is not None:
            # A filter liquidjs lacks: "did you mean", as a prompt block's template gets it.
            hint = _FILTERS.hint(refused.undefined_filter) if refused.undefined_filter else ""
            message = then(refusal_words(refused) + hint, _REFUSED)
            return [Finding("error", "agent-instructions-liquid", "/instructions", message)]
    return []


def _output(output: object, bounds: Bounds) -> list[Finding]:
    if output is UNDEFINED:
        return []
    if not is_record(output):
        return [_shape("/output", "agent.output must be an object { schema, name?, maxRepairs? }")]
    faults = inline_faults(get(output, "schema"), bounds=bounds)
    return inline_findings("agent-output-schema", _OUTPUT_SCHEMA, faults, _REFUSED)


def _output_pointers(findings: list[Finding]) -> list[str]:
    """The deploy refuses the output schema at `/output/schema` (ours point inside it)."""
    if any(finding.code == "agent-output-schema" for finding in findings):
        return [_OUTPUT_SCHEMA]
    return []


def _valid_range(text: str) -> bool:
    """Whether `text` is an npm range, as the checks across entries read one
    (`semantic_version.NpmSpec`). It stands for npm's `semver.validRange`, which `defineAgent`
    asks, and agrees with it but on a few: npm also takes `>= 1.2.3`, `~>1.2`, `^v1.2.3` (the
    checks refuse them: an error there, so none here) and refuses `<=1.2.3-` (taken here)."""
    import semantic_version  # type: ignore[import-untyped]

    try:
        semantic_version.NpmSpec(text)
    except ValueError:
        return False
    return True


def _refused_across_entries(entry: Mapping[str, Any]) -> set[str]:
    """Where the checks across entries already refuse a block or tool reference
    (`checks/refs.py`, `checks/versions.py`): a settings or model-settings reference that
    isn't `{id, version}` strings (`agent-block-ref`), a range that isn't an npm range
    (`agent-version-range`)."""
    refused: set[str] = set()
    instructions = entry.get("instructions")
    if is_record(instructions) and isinstance(instructions.get("prompt"), str):
        version = instructions.get("version")
        if isinstance(version, str) and not _valid_range(version):
            refused.add("/instructions/version")
    named: list[tuple[str, object]] = []
    settings = entry.get("settings")
    if isinstance(settings, list):
        named += [(f"/settings/{number}", item) for number, item in enumerate(settings)]
    if entry.get("modelSettings") is not None:
        named.append(("/modelSettings", entry["modelSettings"]))
    for pointer, item in named:
        if not _id_and_version(item):
            refused.add(pointer)
        elif not _valid_range(item["version"]):  # type: ignore[index]
            refused.add(pointer + "/version")
    tools = entry.get("tools")
    for number, item in enumerate(tools if isinstance(tools, list) else []):
        if _id_and_version(item) and not _valid_range(item["version"]):
            refused.add(f"/tools/{number}/version")
    return refused


def _id_and_version(item: object) -> bool:
    return (
        is_record(item) and isinstance(item.get("id"), str) and isinstance(item.get("version"), str)
    )


def _within(pointer: str, place: str) -> bool:
    """Whether `pointer` is `place` or inside it."""
    return pointer == place or pointer.startswith(place + "/")
