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
    """What the runtime says of the instructions (`defineAgent`,
    `@kindgi/agents/src/define.ts`): non-empty after trimming, and `templateProblem`'s
    verdict, the very check a prompt block's template gets (a partial, an unknown filter,
    anything liquidjs won't parse). The runtime's words first, then which agent."""
    refused = publish_error(template)
    if refused is None:
        return []
    if refused.message == BLANK_TEMPLATE:
        message = "instructions must be a non-empty string, or a prompt block { prompt, version }"
    else:
        message = refused.text
    return [
        error(
            "agent-instructions-liquid",
            file,
            f"{message} (the instructions of agent {name})",
            pointer="/instructions",
        )
    ]
