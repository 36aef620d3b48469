"""Model-settings checks: values a model can't take, and a model named in two places."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from hatch_kindgi.checks.versions import Brought
from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.text import quoted, shown

THINKING_LEVELS = ("lowest", "minimal", "low", "medium", "high", "xhigh", "max")
"""The `thinking` values a model-settings block may take."""

TEMPERATURE_RANGE = (0, 2)
"""The bounds of a model-settings block's `temperature`, both included."""


def model_settings_problems(
    entry: Mapping[str, Any], file: str, agent: str, block: Brought
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
                    f"not {shown(temperature)} {used}",
                    pointer="/content/values/temperature",
                )
            )
    if "thinking" in values and values["thinking"] not in THINKING_LEVELS:
        levels = ", ".join(THINKING_LEVELS)
        problems.append(
            error(
                "model-settings-value",
                block.file,
                f"thinking must be one of {levels}, not {shown(values['thinking'])} {used}",
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
                f"{quoted(block.id)} {block.version} ({block.file}) names "
                f"{' and '.join(in_block)}: name the model in one place, never both",
                pointer="/modelSettings",
            )
        )
    return problems
