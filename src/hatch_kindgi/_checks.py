"""Checks across entries: what only a view of the whole pack can tell.

Guardrails (an `llm-judge` without `judgeCapabilities`, `at` outside `checkPoints`, `config`
against `configSchema`), agents (no auto-close, instructions that parse as Liquid, a valid output
schema) and the versions agents name by npm-style range: prompt, settings and model-settings
blocks and tools the pack brings. Each problem names the file that declares the entry at fault,
with a JSON pointer into the entry (or, for a block's values, into the block file).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import liquid
import semantic_version  # type: ignore[import-untyped]
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from liquid.exceptions import LiquidError

from hatch_kindgi._bounded_schema import (
    PatternTimeout,
    bounded_validator,
    pattern_budget,
    pattern_findings,
    pattern_pointer,
    string_pointers,
)
from hatch_kindgi._problems import Problem, error, json_pointer, warning

THINKING_LEVELS = ("lowest", "minimal", "low", "medium", "high", "xhigh", "max")
"""The `thinking` values a model-settings block may take."""

TEMPERATURE_RANGE = (0, 2)
"""The bounds of a model-settings block's `temperature`, both included."""

_CHECK_POINTS = "checkPoints"


@dataclass(frozen=True)
class _Block:
    """One version of a block the pack brings."""

    id: str
    version: str
    kind: str
    file: str
    values: Mapping[str, Any]


@dataclass(frozen=True)
class _Ref:
    """A block an agent names by range, and where in the agent entry it does."""

    kind: str
    block_id: str
    range: str
    pointer: str
    what: str


def check_entries(
    tools: Sequence[Mapping[str, Any]],
    guardrails: Sequence[Mapping[str, Any]],
    agents: Sequence[Mapping[str, Any]],
    flows: Sequence[Mapping[str, Any]],
    blocks: Sequence[Mapping[str, Any]],
) -> tuple[Problem, ...]:
    """Every problem across the pack's entries, each naming the file that declares it."""
    del flows  # nothing across flows yet; the signature keeps the pipeline uniform
    problems: list[Problem] = []
    for entry in guardrails:
        problems.extend(_guardrail_problems(entry))
    block_versions = _blocks_by_id(blocks)
    tool_versions = _tool_versions(tools)
    for entry in agents:
        problems.extend(_agent_problems(entry))
        problems.extend(_block_ref_problems(entry, block_versions))
        problems.extend(_tool_ref_problems(entry, tool_versions))
    return tuple(dict.fromkeys(problems))


# --- guardrails ---


def _guardrail_problems(entry: Mapping[str, Any]) -> list[Problem]:
    file = _file_of(entry, "checkModulePath")
    name = _quoted(entry.get("id"))
    problems: list[Problem] = []
    if entry.get("kind") == "llm-judge" and "judgeCapabilities" not in entry:
        problems.append(
            error(
                "guardrail-judge-capabilities",
                file,
                f"llm-judge guardrail {name} has no judgeCapabilities: its judge model is "
                "routed by them, and a runtime refuses an llm-judge guardrail without them",
                pointer="/kind",
            )
        )
    at, points = entry.get("at"), entry.get(_CHECK_POINTS)
    if isinstance(at, str) and isinstance(points, list) and at not in points:
        listed = ", ".join(_quoted(point) for point in points) or "none"
        problems.append(
            error(
                "guardrail-at",
                file,
                f"guardrail {name} runs at {_quoted(at)}, but its check runs only at {listed}: "
                f"`at` must be one of its checkPoints",
                pointer="/at",
            )
        )
    schema = entry.get("configSchema")
    if schema is not None:
        problems.extend(_config_problems(file, name, schema, entry.get("config")))
    return problems


def _config_problems(file: str, name: str, schema: object, config: object) -> list[Problem]:
    invalid = _schema_problem(file, "guardrail-config-schema", "/configSchema", schema)
    if invalid is not None:
        return [invalid]
    patterns = list(pattern_findings(schema))
    if patterns:
        return [
            error(
                "guardrail-config-schema",
                file,
                f"configSchema of guardrail {name}: {message}",
                pointer="/configSchema" + pointer,
            )
            for pointer, message in patterns
        ]
    instance = {} if config is None else config
    absent = " (no config: the check gets {})" if config is None else ""
    try:
        validator = bounded_validator(schema)
        with pattern_budget():
            failures = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
        return [
            error(
                "guardrail-config",
                file,
                f"config of guardrail {name} does not satisfy its configSchema: "
                f"{failure.message}{absent}",
                pointer="/config" + json_pointer(failure.absolute_path),
            )
            for failure in failures
        ]
    except PatternTimeout as slow:
        at = next(string_pointers(instance, slow.subject, ("config",)), None)
        return [
            error(
                "guardrail-config-pattern-timeout",
                file,
                f"configSchema of guardrail {name}: " + slow.explained(at),
                pointer="/configSchema" + pattern_pointer(schema, slow.pattern),
            )
        ]
    except (Exception, RecursionError) as cause:  # an unresolvable $ref, a runaway schema
        return [
            error(
                "guardrail-config-schema",
                file,
                f"configSchema of guardrail {name} cannot check its config: "
                f"{type(cause).__name__}: {_first_line(cause)}",
                pointer="/configSchema",
            )
        ]


# --- agents ---


def _agent_problems(entry: Mapping[str, Any]) -> list[Problem]:
    file = _file_of(entry, "modulePath")
    name = _quoted(entry.get("id"))
    problems: list[Problem] = []
    policy = entry.get("conversationPolicy")
    if isinstance(policy, Mapping) and "autoCloseAfterInactiveSeconds" in policy:
        problems.append(
            error(
                "agent-auto-close",
                file,
                f"agent {name} sets conversationPolicy.autoCloseAfterInactiveSeconds, which is "
                "refused: a conversation never closes by itself, only when someone closes it",
                pointer="/conversationPolicy/autoCloseAfterInactiveSeconds",
            )
        )
    instructions = entry.get("instructions")
    if isinstance(instructions, str):
        problems.extend(_liquid_problems(file, name, instructions))
    output = entry.get("output")
    if isinstance(output, Mapping) and "schema" in output:
        invalid = _schema_problem(file, "agent-output-schema", "/output/schema", output["schema"])
        if invalid is not None:
            problems.append(invalid)
    return problems


def _liquid_problems(file: str, name: str, template: str) -> list[Problem]:
    try:
        liquid.parse(template)
    except LiquidError as cause:
        context = cause.context()
        where = "" if context is None else f" (line {context[0]}, column {context[1] + 1})"
        return [
            error(
                "agent-instructions-liquid",
                file,
                f"instructions of agent {name} do not parse as Liquid: {cause.message}{where}",
                pointer="/instructions",
            )
        ]
    except (Exception, RecursionError) as cause:  # python-liquid on a pathological template
        return [
            error(
                "agent-instructions-liquid",
                file,
                f"instructions of agent {name} do not parse as Liquid: "
                f"{type(cause).__name__}: {_first_line(cause)}",
                pointer="/instructions",
            )
        ]
    return []


# --- versions named by range ---


def _block_ref_problems(
    entry: Mapping[str, Any], blocks: Mapping[str, Sequence[_Block]]
) -> list[Problem]:
    file = _file_of(entry, "modulePath")
    agent = _quoted(entry.get("id"))
    refs, problems = _block_refs(entry, file, agent)
    for ref in refs:
        spec = _spec(ref.range)
        if spec is None:
            problems.append(_range_problem(file, ref.pointer + "/version", ref.what, ref.range))
            continue
        brought = blocks.get(ref.block_id)
        if not brought:
            problems.append(
                warning(
                    "agent-block-missing",
                    file,
                    f"{ref.what} {_quoted(ref.block_id)} is not in this pack: a runtime must "
                    f"already hold a version in {_quoted(ref.range)}",
                    pointer=ref.pointer,
                )
            )
            continue
        of_kind = [block for block in brought if block.kind == ref.kind]
        if not of_kind:
            problems.append(
                error(
                    "agent-block-kind",
                    file,
                    f"{ref.what} {_quoted(ref.block_id)} must be a {ref.kind} block, but this "
                    f"pack brings it only as {_kinds(brought)}: {_listed(brought)}",
                    pointer=ref.pointer,
                )
            )
            continue
        chosen = _newest_in(spec, of_kind)
        if chosen is None:
            problems.append(
                error(
                    "agent-block-version",
                    file,
                    f"{ref.what} {_quoted(ref.block_id)} is named by range "
                    f"{_quoted(ref.range)}, which no version this pack brings satisfies: "
                    f"{_listed(of_kind)}",
                    pointer=ref.pointer + "/version",
                )
            )
            continue
        if ref.what == "modelSettings":
            problems.extend(_model_settings_problems(entry, file, agent, chosen))
    return problems


def _block_refs(
    entry: Mapping[str, Any], file: str, agent: str
) -> tuple[list[_Ref], list[Problem]]:
    """The blocks the agent names, and a problem for each reference of the wrong shape."""
    refs: list[_Ref] = []
    problems: list[Problem] = []

    def shape(pointer: str, what: str, keys: str) -> None:
        problems.append(
            error(
                "agent-block-ref",
                file,
                f"{what} of agent {agent} must be {{{keys}}} with string values",
                pointer=pointer,
            )
        )

    instructions = entry.get("instructions")
    if isinstance(instructions, Mapping):
        prompt, version = instructions.get("prompt"), instructions.get("version")
        if isinstance(prompt, str) and isinstance(version, str):
            refs.append(_Ref("prompt", prompt, version, "/instructions", "prompt block"))
        else:
            shape("/instructions", "instructions", "prompt, version")
    settings = entry.get("settings")
    if isinstance(settings, list):
        for number, item in enumerate(settings):
            pointer = f"/settings/{number}"
            ref = _id_version(item, "settings", pointer, "settings block")
            if ref is None:
                shape(pointer, f"settings[{number}]", "id, version")
            else:
                refs.append(ref)
    model = entry.get("modelSettings")
    if model is not None:
        ref = _id_version(model, "settings", "/modelSettings", "modelSettings")
        if ref is None:
            shape("/modelSettings", "modelSettings", "id, version")
        else:
            refs.append(ref)
    return refs, problems


def _id_version(item: object, kind: str, pointer: str, what: str) -> _Ref | None:
    if not isinstance(item, Mapping):
        return None
    found = cast("Mapping[str, Any]", item)
    block_id, version = found.get("id"), found.get("version")
    if not isinstance(block_id, str) or not isinstance(version, str):
        return None
    return _Ref(kind, block_id, version, pointer, what)


def _model_settings_problems(
    entry: Mapping[str, Any], file: str, agent: str, block: _Block
) -> list[Problem]:
    """Model-settings values a model can't take (on the block file), and a model named twice."""
    problems: list[Problem] = []
    values = block.values
    used = f"(model settings of agent {agent}, {file})"
    if "temperature" in values:
        temperature = values["temperature"]
        low, high = TEMPERATURE_RANGE
        if (
            isinstance(temperature, bool)
            or not isinstance(temperature, (int, float))
            or math.isnan(temperature)
            or not low <= temperature <= high
        ):
            problems.append(
                error(
                    "model-settings-value",
                    block.file,
                    f"temperature must be a number from {low} to {high}, "
                    f"not {_shown(temperature)} {used}",
                    pointer="/content/values/temperature",
                )
            )
    if "thinking" in values and values["thinking"] not in THINKING_LEVELS:
        levels = ", ".join(THINKING_LEVELS)
        problems.append(
            error(
                "model-settings-value",
                block.file,
                f"thinking must be one of {levels}, not {_shown(values['thinking'])} {used}",
                pointer="/content/values/thinking",
            )
        )
    in_block = [key for key in ("model", "providerId") if key in values]
    in_agent = [key for key in ("preferredModel", "preferredProvider") if key in entry]
    if in_block and in_agent:
        problems.append(
            error(
                "model-settings-model",
                file,
                f"agent {agent} names {' and '.join(in_agent)} and its modelSettings block "
                f"{_quoted(block.id)} {block.version} ({block.file}) names "
                f"{' and '.join(in_block)}: name the model in one place, never both",
                pointer="/modelSettings",
            )
        )
    return problems


def _tool_ref_problems(
    entry: Mapping[str, Any], tools: Mapping[str, Sequence[tuple[str, str]]]
) -> list[Problem]:
    file = _file_of(entry, "modulePath")
    listed = entry.get("tools")
    problems: list[Problem] = []
    for number, ref in enumerate(listed if isinstance(listed, list) else []):
        if not isinstance(ref, Mapping):
            continue
        found = cast("Mapping[str, Any]", ref)
        tool_id, wanted = found.get("id"), found.get("version")
        if not isinstance(tool_id, str) or not isinstance(wanted, str):
            continue
        pointer = f"/tools/{number}/version"
        spec = _spec(wanted)
        if spec is None:
            problems.append(_range_problem(file, pointer, "tool", wanted))
            continue
        versions = tools.get(tool_id)
        if versions and not any(_satisfies(spec, version) for version, _ in versions):
            brought = ", ".join(f"{version} ({where})" for version, where in versions)
            problems.append(
                error(
                    "agent-tool-version",
                    file,
                    f"tool {_quoted(tool_id)} is named by range {_quoted(wanted)}, which no "
                    f"version this pack brings satisfies: {brought}",
                    pointer=pointer,
                )
            )
    return problems


# --- helpers ---


def _blocks_by_id(blocks: Sequence[Mapping[str, Any]]) -> dict[str, list[_Block]]:
    found: dict[str, list[_Block]] = {}
    for entry in blocks:
        block_id, version = entry.get("id"), entry.get("version")
        if not isinstance(block_id, str) or not isinstance(version, str):
            continue
        content = entry.get("content")
        values = content.get("values") if isinstance(content, Mapping) else None
        found.setdefault(block_id, []).append(
            _Block(
                id=block_id,
                version=version,
                kind=str(entry.get("kind")),
                file=_file_of(entry, "modulePath"),
                values=cast("Mapping[str, Any]", values) if isinstance(values, Mapping) else {},
            )
        )
    for versions in found.values():
        versions.sort(key=lambda block: (_version_key(block.version), block.file))
    return found


def _tool_versions(tools: Sequence[Mapping[str, Any]]) -> dict[str, list[tuple[str, str]]]:
    """Per tool id, its versions in this pack with the file declaring each, lowest first."""
    found: dict[str, list[tuple[str, str]]] = {}
    for entry in tools:
        tool_id, version = entry.get("id"), entry.get("version")
        if isinstance(tool_id, str) and isinstance(version, str):
            found.setdefault(tool_id, []).append((version, _file_of(entry, "modulePath")))
    for versions in found.values():
        versions.sort(key=lambda pair: (_version_key(pair[0]), pair[1]))
    return found


def _spec(text: str) -> semantic_version.NpmSpec | None:
    """The npm-style range, or None when it isn't one."""
    try:
        return semantic_version.NpmSpec(text)
    except ValueError:
        return None


def _parsed(version: str) -> semantic_version.Version | None:
    try:
        return semantic_version.Version(version)
    except ValueError:
        return None


def _satisfies(spec: semantic_version.NpmSpec, version: str) -> bool:
    parsed = _parsed(version)
    return parsed is not None and bool(spec.match(parsed))


def _newest_in(spec: semantic_version.NpmSpec, blocks: Sequence[_Block]) -> _Block | None:
    """The highest version in range, as a runtime pins it."""
    matching = [block for block in blocks if _satisfies(spec, block.version)]
    return matching[-1] if matching else None


def _version_key(version: str) -> tuple[int, Any]:
    parsed = _parsed(version)
    return (0, version) if parsed is None else (1, parsed)


def _range_problem(file: str, pointer: str, what: str, text: str) -> Problem:
    return error(
        "agent-version-range",
        file,
        f"{_quoted(text)} is not an npm-style version range (like ^1.0.0) for the {what}",
        pointer=pointer,
    )


def _schema_problem(file: str, code: str, pointer: str, schema: object) -> Problem | None:
    """A problem when `schema` is not a valid Draft 2020-12 JSON Schema."""
    if not isinstance(schema, (Mapping, bool)):
        return error(
            code,
            file,
            f"must be a JSON Schema (an object or a boolean), not {_shown(schema)}",
            pointer=pointer,
        )
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as cause:
        return error(
            code,
            file,
            f"not a valid JSON Schema (Draft 2020-12): {cause.message}",
            pointer=pointer + json_pointer(cause.absolute_path),
        )
    except (Exception, RecursionError) as cause:  # a schema too deep for the metaschema check
        return error(
            code,
            file,
            f"not a usable JSON Schema: {type(cause).__name__}: {_first_line(cause)}",
            pointer=pointer,
        )
    return None


def _listed(blocks: Sequence[_Block]) -> str:
    return ", ".join(f"{block.version} ({block.file})" for block in blocks)


def _kinds(blocks: Sequence[_Block]) -> str:
    kinds = sorted({block.kind for block in blocks})
    return " and ".join(f"a {kind} block" for kind in kinds)


def _file_of(entry: Mapping[str, Any], key: str) -> str:
    file = entry.get(key, entry.get("modulePath"))
    return file if isinstance(file, str) else "."


def _quoted(value: object) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _shown(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _first_line(cause: BaseException) -> str:
    text = str(cause).strip()
    return text.splitlines()[0] if text else ""
