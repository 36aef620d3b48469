"""Guardrail checks: an `llm-judge` without `judgeCapabilities`, `at` outside `checkPoints`,
`config` against `configSchema`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.report.text import file_of, first_line, quoted
from hatch_kindgi.schema.metaschema import schema_problem
from hatch_kindgi.schema.patterns import pattern_findings
from hatch_kindgi.schema.refs import reference_findings
from hatch_kindgi.schema.survey import survey
from hatch_kindgi.schema.validation import Validator, validate

_CHECK_POINTS = "checkPoints"


def guardrail_problems(entry: Mapping[str, Any]) -> list[Problem]:
    """Every problem of one guardrail entry, on the file that declares its check."""
    file = file_of(entry, "checkModulePath")
    name = quoted(entry.get("id"))
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
        listed = ", ".join(quoted(point) for point in points) or "none"
        problems.append(
            error(
                "guardrail-at",
                file,
                f"guardrail {name} runs at {quoted(at)}, but its check runs only at {listed}: "
                f"`at` must be one of its checkPoints",
                pointer="/at",
            )
        )
    schema = entry.get("configSchema")
    if schema is not None:
        problems.extend(_config_problems(file, name, schema, entry.get("config")))
    return problems


def _config_problems(file: str, name: str, schema: object, config: object) -> list[Problem]:
    surveyed = survey(schema)
    invalid = schema_problem(file, "guardrail-config-schema", "/configSchema", schema, surveyed)
    if invalid is not None:
        return [invalid]
    # A $ref leaving the schema, or dangling, is reported before a validator could trip on it.
    findings = [
        *(reference_findings(schema) if surveyed.refs else ()),
        *(pattern_findings(schema) if surveyed.patterns else ()),
    ]
    if findings:
        return [
            error(
                "guardrail-config-schema",
                file,
                f"configSchema of guardrail {name}: {message}",
                pointer="/configSchema" + pointer,
            )
            for pointer, message in findings
        ]
    instance = {} if config is None else config
    absent = " (no config: the check gets {})" if config is None else ""
    try:
        failures, stopped = validate(Validator(schema, surveyed), instance, ("config",))
    except Exception as cause:  # anything else jsonschema raises on a schema it accepted
        return [_cannot_check(file, name, cause)]
    if stopped is None:
        return [
            error(
                "guardrail-config",
                file,
                f"config of guardrail {name} does not satisfy its configSchema: "
                f"{failure.message}{absent}",
                pointer="/config" + json_pointer(failure.absolute_path),
            )
            for failure in sorted(failures, key=lambda e: list(e.absolute_path))
        ]
    if stopped.kind == "unresolvable" and stopped.cause is not None:
        return [_cannot_check(file, name, stopped.cause)]
    prefix = f"configSchema of guardrail {name}:"
    if stopped.kind == "pattern-timeout":
        pointer = "/configSchema" + stopped.pointer
        message = f"{prefix} {stopped.text}"
        return [error("guardrail-config-pattern-timeout", file, message, pointer=pointer)]
    code = "guardrail-config-timeout" if stopped.kind == "timeout" else "guardrail-config-schema"
    message = f"{prefix} checking the config against it {stopped.text}"
    return [error(code, file, message, pointer="/configSchema")]


def _cannot_check(file: str, name: str, cause: BaseException) -> Problem:
    """The problem of a config jsonschema could not check against its schema (an
    unresolvable $ref)."""
    return error(
        "guardrail-config-schema",
        file,
        f"configSchema of guardrail {name} cannot check its config: "
        f"{type(cause).__name__}: {first_line(cause)}",
        pointer="/configSchema",
    )
