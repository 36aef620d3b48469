"""Guardrail checks: an `llm-judge` without `judgeCapabilities`, `at` outside `checkPoints`,
`config` against `configSchema`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.report.text import file_of, first_line, quoted
from hatch_kindgi.schema.metaschema import schema_problem
from hatch_kindgi.schema.patterns import (
    PatternTimeout,
    ValidationTimeout,
    pattern_findings,
    pattern_pointer,
    string_pointers,
    validation_budget,
)
from hatch_kindgi.schema.refs import reference_findings
from hatch_kindgi.schema.survey import survey
from hatch_kindgi.schema.validation import Validator, recursion_explained, timeout_explained

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
        validator = Validator(schema, surveyed)
        with validation_budget():
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
    except ValidationTimeout as slow:
        return [
            error(
                "guardrail-config-timeout",
                file,
                f"configSchema of guardrail {name}: checking the config against it "
                f"{timeout_explained(slow)}",
                pointer="/configSchema",
            )
        ]
    except RecursionError:
        return [
            error(
                "guardrail-config-schema",
                file,
                f"configSchema of guardrail {name}: checking the config against it "
                f"{recursion_explained(schema)}",
                pointer="/configSchema",
            )
        ]
    except Exception as cause:  # an unresolvable $ref
        return [
            error(
                "guardrail-config-schema",
                file,
                f"configSchema of guardrail {name} cannot check its config: "
                f"{type(cause).__name__}: {first_line(cause)}",
                pointer="/configSchema",
            )
        ]
