"""The runtime's built-in guardrail checks, and what their `configProblems` refuse.

`@kindgi/guardrails/src/checks.ts`: seven checks (`BUILT_IN_CHECK_IDS`), each with a config
schema (`CONFIG_SCHEMAS`, each an object with `additionalProperties: false`), and
`builtInConfigProblems(id, config)`, which the deploy runs on a guardrail naming one
(`validatePrimitives`): the config against the schema (`config_problems`, as
`guardrailConfigProblems` words it: `config.flags must match pattern "^[dgimsuyv]*$".`);
once it fits, `must-cite`'s `minCitations` over the bounds' cap (none self-hosted) and the
setting that is a regular expression (`must-cite`'s `sourcePattern`, `output-matches`'
`pattern` with its `flags`) as `compileTenantPattern` compiles it. The tests hold the
schemas and every problem to the shipped registry (`createCheckRegistry().get(id)`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.numbers import number_to_string
from hatch_kindgi.engines.javascript.regexp_constructor import constructor_problem
from hatch_kindgi.engines.javascript.strings import utf16_length
from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.schema.validation import Stopped, Validator, validate

Issue = tuple[str, str]
"""A JSON pointer into the guardrail (`/config/flags`) and the runtime's message."""


def _object(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required is not None:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


_NON_EMPTY_STRINGS = {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}

CONFIG_SCHEMAS: dict[str, dict[str, Any]] = {
    "must-cite": _object(
        {
            "minCitations": {"type": "integer", "minimum": 1},
            "sourcePattern": {"type": "string", "minLength": 1},
        }
    ),
    "never-call-tool": _object(
        {
            "tools": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "anyOf": [
                        {"type": "string", "minLength": 1},
                        {
                            "type": "object",
                            "properties": {
                                "id": {"type": "string", "minLength": 1},
                                "version": {"type": "string"},
                            },
                            "required": ["id"],
                        },
                    ]
                },
            }
        },
        ["tools"],
    ),
    "max-tool-calls": _object({"max": {"type": "integer", "minimum": 0}}),
    "output-matches": _object(
        {
            "pattern": {"type": "string", "minLength": 1},
            "flags": {"type": "string", "pattern": "^[dgimsuyv]*$"},
            "negate": {"type": "boolean"},
        },
        ["pattern"],
    ),
    "tool-order": _object({"sequence": _NON_EMPTY_STRINGS}, ["sequence"]),
    "required-substring": _object(
        {"patterns": _NON_EMPTY_STRINGS, "caseSensitive": {"type": "boolean"}}, ["patterns"]
    ),
    "forbidden-substring": _object(
        {"patterns": _NON_EMPTY_STRINGS, "caseSensitive": {"type": "boolean"}}, ["patterns"]
    ),
}
"""Each built-in check's config schema, as `CONFIG_SCHEMAS` has it."""

BUILT_IN_CHECK_IDS = tuple(CONFIG_SCHEMAS)

_REGEX_SETTINGS: dict[str, tuple[str, str | None]] = {
    "must-cite": ("sourcePattern", None),
    "output-matches": ("pattern", "flags"),
}


def config_problems(validator: Validator, config: Any) -> tuple[list[Issue], Stopped | None]:
    """`guardrailConfigProblems`: each way `config` (absent: `{}`) fails the schema of
    `validator` (compiled loosely, no defaults filled in), at `/config<instancePath>`, as
    ``${settingName(path)} ${ajvMessage}.``; and why the check stopped, if it did (a pattern
    or the whole check over its time budget)."""
    failures, stopped = validate(validator, {} if config is None else config, ("config",))
    if not failures:
        return [], stopped
    from hatch_kindgi.engines.ajv.values import words  # loads the Ajv mirror: only for failures

    issues: list[Issue] = []
    for failure in failures:  # each Ajv error, a repeated one too (one per extra property)
        path = "/config" + json_pointer(failure.absolute_path)
        issues.append((path, f"{_setting_name(path)} {words(failure)}."))
    return issues, stopped


def built_in_problems(check: str, config: Any, bounds: Bounds = SELF_HOSTED_BOUNDS) -> list[Issue]:
    """`builtInConfigProblems(check, config)` under `bounds`: the config against the check's
    schema; once it fits, `must-cite`'s citations over the bounds' cap, and its regular
    expression setting as the runtime compiles it."""
    problems, _ = config_problems(_validator(check), config)  # no pattern to time out
    if problems:
        return problems
    settings: Mapping[str, Any] = config if isinstance(config, Mapping) else {}
    found: list[Issue] = []
    cap, citations = bounds.must_cite_max_citations, settings.get("minCitations")
    if (
        check == "must-cite"
        and cap is not None
        and isinstance(citations, (int, float))
        and not isinstance(citations, bool)
        and citations > cap
    ):
        said = f"config.minCitations is {number_to_string(citations)}, over the limit of {cap}."
        found.append(("/config/minCitations", said))
    regex = _REGEX_SETTINGS.get(check)
    if regex is None:
        return found
    key, flags_key = regex
    pattern = settings.get(key)
    if not isinstance(pattern, str):
        return found
    flags = settings.get(flags_key) if flags_key is not None else None
    reason = pattern_refused(pattern, flags if isinstance(flags, str) else "", bounds)
    if reason is not None:
        message = f"config.{key} isn't a regular expression that compiles: {reason}."
        found.append((f"/config/{key}", message))
    return found


def pattern_refused(source: str, flags: str, bounds: Bounds = SELF_HOSTED_BOUNDS) -> str | None:
    """`compileTenantPattern(source, flags)`'s reason for refusing it under `bounds`, None
    when it compiles: self-hosted, its length, then V8's constructor; hosted, RE2's reading
    (`engines.re2`)."""
    if bounds.on_re2:
        from hatch_kindgi.engines.javascript.regexp import JsRegexError
        from hatch_kindgi.engines.re2.tenant import Refused, compile_tenant_pattern

        try:
            compiled = compile_tenant_pattern(source, flags, bounds=bounds)
        except JsRegexError as too_deep:
            return too_deep.message
        return compiled.reason if isinstance(compiled, Refused) else None
    length = utf16_length(source) + utf16_length(flags)
    if length > bounds.pattern_max_length:
        return f"{length} characters with its flags, over the limit of {bounds.pattern_max_length}"
    return constructor_problem(source, flags)


_VALIDATORS: dict[str, Validator] = {}


def _validator(check: str) -> Validator:
    if check not in _VALIDATORS:
        _VALIDATORS[check] = Validator(CONFIG_SCHEMAS[check], ajv=True)
    return _VALIDATORS[check]


def _setting_name(pointer: str) -> str:
    """`/config/rules/0/pattern` -> `config.rules.0.pattern`, as the runtime names it."""
    return ".".join(step.replace("~1", "/").replace("~0", "~") for step in pointer[1:].split("/"))
