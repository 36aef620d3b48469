"""Agent checks: no auto-close, instructions that parse as Liquid, a valid output schema."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.blocks.liquid import BLANK_TEMPLATE, publish_error
from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.text import file_of, quoted
from hatch_kindgi.schema.metaschema import schema_problem


def agent_problems(entry: Mapping[str, Any]) -> list[Problem]:
    """The problems of one agent entry on its own, on the file that declares it."""
    file = file_of(entry, "modulePath")
    name = quoted(entry.get("id"))
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
        invalid = schema_problem(file, "agent-output-schema", "/output/schema", output["schema"])
        if invalid is not None:
            problems.append(invalid)
    return problems


def _liquid_problems(file: str, name: str, template: str) -> list[Problem]:
    """What the runtime says of the instructions: `defineAgent` wants them non-empty after
    trimming, and a run parses them with liquidjs."""
    refused = publish_error(template)
    if refused is None:
        return []
    if refused.message == BLANK_TEMPLATE:
        return [
            error(
                "agent-instructions-liquid",
                file,
                f"instructions of agent {name} must be a non-empty string, or a prompt block "
                "{ prompt, version }",
                pointer="/instructions",
            )
        ]
    return [
        error(
            "agent-instructions-liquid",
            file,
            f"instructions of agent {name} do not parse as the runtime parses them: "
            f"{refused.message}",
            pointer="/instructions",
        )
    ]
