"""An agent as `defineAgent` checks it: what a TypeScript pack's build refuses.

`defineAgent(spec)` (@kindgi/agents `define.ts`, kindgi-cli 0.1.10) gathers every issue of an
agent, in this order: identity, content (instructions, capabilities), block references,
tools and guardrails, retrieval, memory, parameters (`validatePromptParameters`), budget,
conversation policy (hitl, `separateApprover` against the agent's tools), `toolErrors`
(@kindgi/policy-contract `validateToolErrorsSpec`), output. A TypeScript pack's build calls
it; the deploy doesn't (it checks a few fields, primitives/agents.py), and leaves the rest to
the runtime at dispatch. Each issue is (RFC 6901 pointer into the entry, the runtime's
message); the runtime's own `path` isn't escaped (a tool id with `/` in it), ours is.

Where the TypeScript would throw on a value the Python SDK can't write (a property of `null`:
a `null` retrieval intent, budget, policy or override rule), the value is read as
`undefined`, as every other non-object's properties are; a `parameters` that isn't a list is
one issue in our words. `tests/unit/primitives/test_define_agent.py` holds every message to
the shipped `defineAgent`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.values import (
    UNDEFINED,
    blank,
    get,
    is_integer,
    is_number,
    is_object,
    is_record,
    object_keys,
    same_value_key,
    template_string,
)
from hatch_kindgi.primitives.inline_schemas import inline_faults
from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.schema.compile import thrown

__all__ = ["SEMVER", "SEMVER_HINT", "Issue", "define_agent_issues"]

Issue = tuple[str, str]
"""A pointer into the agent entry and the runtime's message for it."""

SEMVER = re.compile(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?", re.ASCII)
"""`SEMVER_RE` of define.ts and the deploy route (full match): no build metadata."""
SEMVER_HINT = (
    'MAJOR.MINOR.PATCH, with a -prerelease at most (no +build metadata), e.g. "1.3.0" or '
    '"1.3.0-rc.1"'
)
"""Our hint for a version `SEMVER` refuses."""
_BLOCK_ID = re.compile(r"[a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+")
_BUILT_IN_TOOL_PREFIX = "kindgi_"
_REMEMBER_TOOL_ID = "kindgi_remember"
_MAX_REMEMBER_DAYS = 3650
_AUTO_INJECTED = frozenset(("today", "now", "agent", "conversation", "input", "settings"))
_PARAMETER_TYPES = frozenset(("string", "number", "boolean", "date"))
_RETRIEVAL_SCOPES = ("same-conversation", "same-user", "same-project", "tenant")
_RECALL_SCOPES = ("same-user", "same-conversation", "same-segment", "same-project")
_RETRIEVAL_MODES = ("keyword", "semantic", "both")
_REMEMBER_SCOPES = ("same-user", "same-conversation", "same-project", "tenant")
_ROLES = frozenset(("standard", "senior", "admin"))
_MODES = frozenset(("never_ask", "ask_on_first_use", "always_ask"))
_TOOL_ERROR_KINDS = ("invalid-arguments", "unknown-tool", "tool-error")
_MAX_TOOL_ERROR_RETRIES = 10


def define_agent_issues(
    spec: Mapping[str, Any],
    *,
    valid_range: Callable[[str], bool],
    template_problem: Callable[[str], str | None],
    bounds: Bounds = SELF_HOSTED_BOUNDS,
) -> list[Issue]:
    """Every issue `defineAgent(spec)` reports, in its order. `spec` is the entry as indexed
    (its `modulePath` is no field `defineAgent` reads). `valid_range` says whether npm's
    `semver.validRange` takes a range; `template_problem` is `templateProblem`."""
    issues: list[Issue] = []
    issues += _identity(spec)
    issues += _content(spec, valid_range, template_problem)
    issues += _block_refs(spec, valid_range)
    issues += _arrays(spec)
    issues += _retrieval(get(spec, "retrieval"))
    issues += _memory(get(spec, "memory"))
    issues += prompt_parameter_issues(get(spec, "parameters"))
    issues += _budget(get(spec, "budget"))
    issues += _conversation_policy(get(spec, "conversationPolicy"), _tool_ids(spec))
    issues += _tool_errors(get(spec, "toolErrors"))
    issues += _output(get(spec, "output"), bounds)
    return issues


def _among(value: object, choices: Collection[str]) -> bool:
    """`choices.includes(value)` / `.has(value)`: one of the strings listed."""
    return isinstance(value, str) and value in choices


def _at(*segments: object) -> str:
    return json_pointer(segments)


def _identity(spec: Mapping[str, Any]) -> list[Issue]:
    out: list[Issue] = []
    if blank(get(spec, "id")):
        out.append(("/id", "id must be a non-empty string"))
    version = get(spec, "version")
    if not isinstance(version, str) or SEMVER.fullmatch(version) is None:
        out.append(("/version", "version must be a valid semver string"))
    if blank(get(spec, "name")):
        out.append(("/name", "name must be a non-empty string"))
    return out


def _content(
    spec: Mapping[str, Any],
    valid_range: Callable[[str], bool],
    template_problem: Callable[[str], str | None],
) -> list[Issue]:
    out: list[Issue] = []
    instructions = get(spec, "instructions")
    if is_object(instructions):
        out += _block_ref(instructions, ("instructions",), "prompt", valid_range)
        if get(spec, "parameters") is not UNDEFINED:
            out.append(
                ("/parameters", "the prompt block declares the parameters: leave parameters unset")
            )
    elif blank(instructions):
        out.append(
            (
                "/instructions",
                "instructions must be a non-empty string, or a prompt block { prompt, version }",
            )
        )
    else:
        problem = template_problem(instructions)
        if problem is not None:
            out.append(("/instructions", problem))
    capabilities = get(spec, "capabilities")
    if not isinstance(capabilities, list) or not capabilities:
        out.append(
            ("/capabilities", "capabilities must be a non-empty array of Capability declarations")
        )
    return out


def _block_ref(
    ref: object, path: tuple[object, ...], id_key: str, valid_range: Callable[[str], bool]
) -> list[Issue]:
    """`blockRefIssues`: a dotted block id and a valid semver range."""
    if not is_object(ref):
        return [(_at(*path), f"must be {{ {id_key}, version }}")]
    out: list[Issue] = []
    named = get(ref, id_key)
    if not isinstance(named, str) or _BLOCK_ID.fullmatch(named) is None:
        out.append((_at(*path, id_key), 'must be a dotted lowercase block id, e.g. "acme.weights"'))
    version = get(ref, "version")
    if not isinstance(version, str) or not valid_range(version):
        out.append((_at(*path, "version"), 'must be a semver range, e.g. "^1.0.0" or "1.2.0"'))
    return out


def _block_refs(spec: Mapping[str, Any], valid_range: Callable[[str], bool]) -> list[Issue]:
    """Settings and model-settings references: valid, and each block named once."""
    out: list[Issue] = []
    seen: set[str] = set()

    def once(named: object, pointer: str) -> None:
        if not isinstance(named, str):
            return
        if named in seen:
            out.append((pointer, f'settings block "{named}" is referenced twice'))
        seen.add(named)

    settings = get(spec, "settings")
    if settings is not UNDEFINED:
        if not isinstance(settings, list):
            out.append(("/settings", "settings must be an array of { id, version }"))
        else:
            for number, ref in enumerate(settings):
                out += _block_ref(ref, ("settings", number), "id", valid_range)
                once(get(ref, "id"), _at("settings", number, "id"))
    model = get(spec, "modelSettings")
    if model is not UNDEFINED:
        out += _block_ref(model, ("modelSettings",), "id", valid_range)
        once(get(model, "id"), "/modelSettings/id")
    return out


def _arrays(spec: Mapping[str, Any]) -> list[Issue]:
    out: list[Issue] = []
    tools = get(spec, "tools")
    if not isinstance(tools, list):
        out.append(
            (
                "/tools",
                "tools must be an array of { id: string, version: string } refs. No "
                "bare-string ids — every tool must carry a semver range.",
            )
        )
    else:
        for number, ref in enumerate(tools):
            out += _tool_ref(ref, number)
    if not isinstance(get(spec, "guardrails"), list):
        out.append(("/guardrails", "guardrails must be an array of guardrail ids"))
    return out


def _tool_ref(ref: object, number: int) -> list[Issue]:
    if not is_object(ref):
        return [
            (
                _at("tools", number),
                "each tool must be a { id, version } object; bare-string ids are not allowed",
            )
        ]
    out: list[Issue] = []
    named = get(ref, "id")
    if blank(named):
        out.append((_at("tools", number, "id"), "tool id must be a non-empty string"))
    elif named.startswith(_BUILT_IN_TOOL_PREFIX):
        out.append(
            (
                _at("tools", number, "id"),
                f'"{named}" is a tool built into Kindgi (the "{_BUILT_IN_TOOL_PREFIX}" prefix): '
                f"an agent gets it from its declaration (memory.remember for "
                f"{_REMEMBER_TOOL_ID}), not from tools",
            )
        )
    if blank(get(ref, "version")):
        out.append(
            (
                _at("tools", number, "version"),
                'tool version must be a non-empty semver range string (e.g., "1.2.3", '
                '"^1.2.3", "~1.2.3"). Deep grammar validation runs at dispatch time via the '
                "`semver` library.",
            )
        )
    return out


def _retrieval(retrieval: object) -> list[Issue]:
    if not isinstance(retrieval, list):
        return [("/retrieval", "retrieval must be an array of RetrievalIntents")]
    out: list[Issue] = []
    for number, intent in enumerate(retrieval):
        out += _intent(intent, number)
    return out


def _intent(intent: object, number: int) -> list[Issue]:
    out: list[Issue] = []
    source = get(intent, "source")
    if source is UNDEFINED or source is None:  # `intent.source ?? 'facts'`
        source = "facts"
    if not _among(source, ("facts", "conversations")):
        return [
            (
                _at("retrieval", number, "source"),
                "source must be facts or conversations (or absent: facts)",
            )
        ]
    types = get(intent, "types")
    if source == "facts" and (not isinstance(types, list) or not types):
        out.append(
            (
                _at("retrieval", number, "types"),
                "each retrieval intent over facts must declare at least one type",
            )
        )
    if source == "conversations" and types is not UNDEFINED:
        out.append(
            (
                _at("retrieval", number, "types"),
                "an intent over conversations has no types: it recalls messages",
            )
        )
    roles = get(intent, "roles")
    if roles is not UNDEFINED:
        if source != "conversations":
            out.append(
                (_at("retrieval", number, "roles"), "roles are for an intent over conversations")
            )
        elif (
            not isinstance(roles, list)
            or not roles
            or any(role not in ("user", "agent") for role in roles)
        ):
            out.append(
                (
                    _at("retrieval", number, "roles"),
                    "roles must list 'user', 'agent' or both (absent: 'user', the people's "
                    "own words)",
                )
            )
    scopes = _RETRIEVAL_SCOPES if source == "facts" else _RECALL_SCOPES
    if not _among(get(intent, "scope"), scopes):
        out.append(
            (
                _at("retrieval", number, "scope"),
                f"scope for {source} must be one of {', '.join(scopes)}",
            )
        )
    limit = get(intent, "limit")
    if limit is not UNDEFINED and (not is_integer(limit) or limit <= 0):
        out.append((_at("retrieval", number, "limit"), "limit must be a positive integer"))
    mode = get(intent, "mode")
    if mode is not UNDEFINED and not _among(mode, _RETRIEVAL_MODES):
        out.append(
            (
                _at("retrieval", number, "mode"),
                f"mode must be one of {', '.join(_RETRIEVAL_MODES)} (or absent: the newest facts)",
            )
        )
    return out


def _type_list(types: object) -> bool:
    return isinstance(types, list) and all(not blank(each) for each in types)


def _memory(memory: object) -> list[Issue]:
    if memory is UNDEFINED:
        return []
    if not is_record(memory):
        return [("/memory", "memory must be an object")]
    out: list[Issue] = []
    types = get(memory, "instructionTypes")
    if types is not UNDEFINED and not _type_list(types):
        out.append(
            ("/memory/instructionTypes", "instructionTypes must be a list of fact type names")
        )
    remember = get(memory, "remember")
    if remember is not UNDEFINED:
        out += _remember(remember)
    return out


def _remember(remember: object) -> list[Issue]:
    if not is_record(remember):
        return [("/memory/remember", "remember must be an object")]
    out: list[Issue] = []
    types = get(remember, "types")
    if not _type_list(types) or not types:
        out.append(
            ("/memory/remember/types", "remember.types must list at least one fact type name")
        )
    if not _among(get(remember, "scope"), _REMEMBER_SCOPES):
        out.append(
            (
                "/memory/remember/scope",
                f"remember.scope must be one of: {', '.join(_REMEMBER_SCOPES)}",
            )
        )
    days = get(remember, "keepDays")
    if days is not UNDEFINED and (not is_integer(days) or not 1 <= days <= _MAX_REMEMBER_DAYS):
        out.append(
            (
                "/memory/remember/keepDays",
                f"remember.keepDays must be a whole number of days from 1 to {_MAX_REMEMBER_DAYS}",
            )
        )
    return out


def prompt_parameter_issues(parameters: object) -> list[Issue]:
    """`validatePromptParameters`: an agent's (or a prompt block's) declared parameters."""
    if parameters is UNDEFINED:
        return []
    if not isinstance(parameters, list):
        return [("/parameters", "parameters must be a list of { name, type } parameters")]
    out: list[Issue] = []
    seen: set[object] = set()
    for number, parameter in enumerate(parameters):
        name = get(parameter, "name")
        if blank(name):
            out.append((_at("parameters", number, "name"), "name must be a non-empty string"))
        key = same_value_key(name)
        if key in seen:
            out.append(
                (
                    _at("parameters", number, "name"),
                    f'duplicate parameter name "{template_string(name)}"',
                )
            )
        seen.add(key)
        if isinstance(name, str) and name in _AUTO_INJECTED:
            out.append(
                (
                    _at("parameters", number, "name"),
                    f'"{name}" is a reserved auto-injected variable — do not declare it as a '
                    "parameter",
                )
            )
        kind = get(parameter, "type")
        if not _among(kind, _PARAMETER_TYPES):
            out.append(
                (_at("parameters", number, "type"), "type must be string, number, boolean, or date")
            )
    return out


def _positive(value: object) -> bool:
    return is_integer(value) and value > 0  # type: ignore[operator]


def _budget(budget: object) -> list[Issue]:
    out: list[Issue] = []
    steps = get(budget, "maxSteps")
    if steps is not UNDEFINED and not _positive(steps):
        out.append(("/budget/maxSteps", "maxSteps must be a positive integer"))
    cost = get(budget, "maxCostUsd")
    if cost is not UNDEFINED and (not is_number(cost) or cost < 0):
        out.append(("/budget/maxCostUsd", "maxCostUsd must be a non-negative number"))
    wall = get(budget, "maxWallMs")
    if wall is not UNDEFINED and not _positive(wall):
        out.append(("/budget/maxWallMs", "maxWallMs must be a positive integer"))
    return out


def _tool_ids(spec: Mapping[str, Any]) -> frozenset[str] | None:
    """The agent's tool ids, when its `tools` is a list (else nothing to check overrides by)."""
    tools = get(spec, "tools")
    if not isinstance(tools, list):
        return None
    return frozenset(named for named in (get(ref, "id") for ref in tools) if isinstance(named, str))


_POLICY = "/conversationPolicy"
_HITL = _POLICY + "/hitl"


def _conversation_policy(policy: object, tool_ids: frozenset[str] | None) -> list[Issue]:
    if policy is UNDEFINED:
        return []
    out: list[Issue] = []
    limit = get(policy, "historyLimit")
    if limit is not UNDEFINED and not _positive(limit):
        out.append((f"{_POLICY}/historyLimit", "historyLimit must be a positive integer"))
    if get(policy, "autoCloseAfterInactiveSeconds") is not UNDEFINED:
        out.append(
            (
                f"{_POLICY}/autoCloseAfterInactiveSeconds",
                "autoCloseAfterInactiveSeconds isn't supported: a conversation never closes "
                "by itself. It closes when someone closes it: Close in the console, kindgi "
                "conversations close, or POST /v1/conversations/{id}/close. Leave it out.",
            )
        )
    after = get(policy, "hitlAfterTurns")
    if after is not UNDEFINED and not _positive(after):
        out.append((f"{_POLICY}/hitlAfterTurns", "hitlAfterTurns must be a positive integer"))
    hitl = get(policy, "hitl")
    if hitl is not UNDEFINED:
        out += _hitl(hitl, tool_ids)
    return out


def _hitl(hitl: object, tool_ids: frozenset[str] | None) -> list[Issue]:
    out: list[Issue] = []
    turns = get(hitl, "afterTurns")
    if turns is not UNDEFINED and not _positive(turns):
        out.append((f"{_HITL}/afterTurns", "hitl.afterTurns must be a positive integer"))
    timeout = get(hitl, "timeoutMs")
    if timeout is not UNDEFINED and not _positive(timeout):
        out.append((f"{_HITL}/timeoutMs", "hitl.timeoutMs must be a positive integer (ms)"))
    out += _on_timeout(get(hitl, "onTimeout"))
    role = get(hitl, "defaultReviewerRole")
    if role is not UNDEFINED and not _among(role, _ROLES):
        out.append(
            (
                f"{_HITL}/defaultReviewerRole",
                "hitl.defaultReviewerRole must be one of: standard, senior, admin",
            )
        )
    out += _separate_approver(get(hitl, "separateApprover"), tool_ids)
    tools = get(hitl, "tools")
    default = get(tools, "default")
    if default is not UNDEFINED and not _among(default, _MODES):
        out.append(
            (
                f"{_HITL}/tools/default",
                "hitl.tools.default must be one of: never_ask, ask_on_first_use, always_ask",
            )
        )
    overrides = get(tools, "overrides")
    if overrides is not UNDEFINED:
        for tool_id, rule in _entries(overrides):
            out += _override(tool_id, rule)
    return out


def _entries(value: object) -> list[tuple[str, Any]]:
    """`Object.entries(value)`: an object's, an array's or a string's (by index)."""
    if isinstance(value, Mapping):
        return [(key, value[key]) for key in object_keys(value)]
    if isinstance(value, (list, str)):
        return [(str(number), item) for number, item in enumerate(value)]
    return []


def _override(tool_id: str, rule: object) -> list[Issue]:
    out: list[Issue] = []
    mode = rule if isinstance(rule, str) else get(rule, "mode")
    if not _among(mode, _MODES):
        out.append(
            (
                _at("conversationPolicy", "hitl", "tools", "overrides", tool_id),
                "override mode must be one of: never_ask, ask_on_first_use, always_ask",
            )
        )
    role = get(rule, "requiredRole")
    if is_object(rule) and role is not UNDEFINED and not _among(role, _ROLES):
        out.append(
            (
                _at("conversationPolicy", "hitl", "tools", "overrides", tool_id, "requiredRole"),
                "override requiredRole must be one of: standard, senior, admin",
            )
        )
    return out


def _on_timeout(on_timeout: object) -> list[Issue]:
    if on_timeout is UNDEFINED or on_timeout == "escalate":
        return []
    at = f"{_HITL}/onTimeout"
    if _among(on_timeout, ("auto-approve", "auto-reject")):
        return [
            (
                at,
                f"hitl.onTimeout '{on_timeout}' isn't supported: an approval that times out "
                "escalates one reviewer tier, and at admin it expires (the turn fails with "
                "hitl-cancelled). Use 'escalate', or leave it out.",
            )
        ]
    return [(at, "hitl.onTimeout must be 'escalate'")]


def _separate_approver(value: object, tool_ids: frozenset[str] | None) -> list[Issue]:
    if value is UNDEFINED or isinstance(value, bool):
        return []
    at = ("conversationPolicy", "hitl", "separateApprover")
    if not is_record(value):
        return [(_at(*at), "hitl.separateApprover must be true, false, or { default, overrides }")]
    out: list[Issue] = []
    for key in object_keys(value):
        if key not in ("default", "overrides"):
            out.append((_at(*at, key), "hitl.separateApprover takes only default and overrides"))
    every = get(value, "default")
    if every is not UNDEFINED and not isinstance(every, bool):
        out.append((_at(*at, "default"), "hitl.separateApprover.default must be true or false"))
    overrides = get(value, "overrides")
    if overrides is UNDEFINED:
        return out
    if not is_record(overrides):
        out.append(
            (
                _at(*at, "overrides"),
                "hitl.separateApprover.overrides maps tool ids to true or false",
            )
        )
        return out
    for tool_id in object_keys(overrides):
        if tool_ids is not None and tool_id not in tool_ids:
            out.append(
                (
                    _at(*at, "overrides", tool_id),
                    f"hitl.separateApprover names {tool_id}, which isn't one of this agent's tools",
                )
            )
        if not isinstance(overrides[tool_id], bool):
            out.append(
                (
                    _at(*at, "overrides", tool_id),
                    "a separateApprover override must be true or false",
                )
            )
    return out


def _tool_errors(value: object) -> list[Issue]:
    """`validateToolErrorsSpec`, its paths under `/toolErrors`."""
    if value is UNDEFINED:
        return []
    if not is_record(value):
        return [("/toolErrors", "must be an object")]
    out: list[Issue] = [
        (_at("toolErrors", key), "is not a tool-errors setting")
        for key in object_keys(value)
        if key not in ("maxRetries", "retryOn")
    ]
    retries = get(value, "maxRetries")
    if retries is not UNDEFINED and (
        not is_integer(retries) or not 0 <= retries <= _MAX_TOOL_ERROR_RETRIES
    ):
        out.append(
            ("/toolErrors/maxRetries", f"must be an integer from 0 to {_MAX_TOOL_ERROR_RETRIES}")
        )
    retry_on = get(value, "retryOn")
    if retry_on is UNDEFINED:
        return out
    if not isinstance(retry_on, list):
        out.append(("/toolErrors/retryOn", "must be a list"))
        return out
    seen: set[str] = set()
    for number, kind in enumerate(retry_on):
        if not _among(kind, _TOOL_ERROR_KINDS):
            out.append(
                (
                    _at("toolErrors", "retryOn", number),
                    f"must be one of {', '.join(_TOOL_ERROR_KINDS)}",
                )
            )
        elif kind in seen:
            out.append((_at("toolErrors", "retryOn", number), "is listed twice"))
        else:
            seen.add(kind)
    return out


def _output(output: object, bounds: Bounds) -> list[Issue]:
    """`resolveOutput`: an object whose schema compiles, and a valid repair count and name."""
    if output is UNDEFINED:
        return []
    if not is_record(output):
        return [("/output", "output must be an object { schema, name?, maxRepairs? }")]
    out: list[Issue] = []
    repairs = get(output, "maxRepairs")
    if repairs is not UNDEFINED and (not is_integer(repairs) or repairs < 0):
        out.append(("/output/maxRepairs", "maxRepairs must be a non-negative integer"))
    name = get(output, "name")
    if name is not UNDEFINED and (not isinstance(name, str) or not name):
        out.append(("/output/name", "name must be a non-empty string"))
    faults = inline_faults(get(output, "schema"), bounds=bounds)
    if faults:
        out.append(("/output/schema", f"Inline schema failed to compile: {thrown(faults)}"))
    return out
