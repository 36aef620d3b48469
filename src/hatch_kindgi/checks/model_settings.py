"""Model-settings checks: values a model can't take, and a model named in two places."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from hatch_kindgi.checks.versions import Brought
from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.report.text import quoted

THINKING_LEVELS = ("lowest", "minimal", "low", "medium", "high", "xhigh", "max")
"""The `thinking` values a model-settings block may take."""

TEMPERATURE_RANGE = (0, 2)
"""The bounds of a model-settings block's `temperature`, both included."""

MODEL_SETTINGS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "temperature": {
            "type": "number",
            "minimum": TEMPERATURE_RANGE[0],
            "maximum": TEMPERATURE_RANGE[1],
        },
        "maxOutputTokens": {"type": "integer", "minimum": 1},
        "thinking": {"enum": list(THINKING_LEVELS)},
        "model": True,
        "providerId": True,
    },
}
"""What a model-settings block's values may set, as the runtime checks them when it publishes
an agent version that names the block: `@kindgi/agents/src/blocks.ts` (kindgi-cli)
`MODEL_SETTINGS_SCHEMA` (temperature, maxOutputTokens, no other key), with the keys the seeds
add (`thinking`, `model`, `providerId`). Checked by the runtime's Ajv (`engines.ajv.values`),
so each refusal has its words; `tests/unit/checks/test_model_settings.py` holds them to Ajv."""

_KEYS = ", ".join(MODEL_SETTINGS_SCHEMA["properties"])


def model_settings_problems(
    entry: Mapping[str, Any], file: str, agent: str, block: Brought
) -> list[Problem]:
    """Model-settings values the runtime refuses (on the block file, in the runtime's
    words), and a model named twice."""
    problems: list[Problem] = []
    values = block.values
    used = f"(model settings of agent {agent}, {file})"
    for pointer, message in _refusals(values):
        problems.append(
            error("model-settings-value", block.file, f"{message} {used}", pointer=pointer)
        )
    in_block = [key for key in ("model", "providerId") if key in values]
    in_agent = [key for key in ("preferredModel", "preferredProvider") if key in entry]
    if in_block and in_agent:
        problems.append(
            error(
                "model-settings-model",
                file,
                f"agent {agent} names {' and '.join(in_agent)} and its modelSettings block "
                f"{quoted(block.id)} {block.version} ({block.file}) names "
                f"{' and '.join(in_block)}: name the model in one place, never both",
                pointer="/modelSettings",
            )
        )
    return problems


def _refusals(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(pointer, Ajv's words) for each way `values` fail MODEL_SETTINGS_SCHEMA; an unknown
    key's refusal names the key (Ajv's `additionalProperty`) and the keys there are."""
    from hatch_kindgi.engines.ajv.values import words  # loads the Ajv mirror

    extras = iter([key for key in values if key not in MODEL_SETTINGS_SCHEMA["properties"]])
    found = []
    for failure in _validator().iter_errors(dict(values)):
        message = words(failure)
        if failure.validator == "additionalProperties":
            key = next(extras, "?")
            message += f" ({quoted(key)}; a model-settings block sets {_KEYS})"
        elif failure.validator == "enum":
            message += f" ({', '.join(THINKING_LEVELS)})"
        found.append(("/content/values" + json_pointer(failure.absolute_path), message))
    return sorted(found, key=lambda each: each[0])


@lru_cache(maxsize=1)
def _validator() -> Any:
    from hatch_kindgi.engines.ajv.values import ajv_validator

    return ajv_validator(MODEL_SETTINGS_SCHEMA)
