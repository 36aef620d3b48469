"""Agent checks: no auto-close, instructions that parse as Liquid, a valid output schema."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.text import file_of, first_line, quoted
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
    import liquid  # python-liquid loads only for a pack that has instructions to parse
    from liquid.exceptions import LiquidError

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
                f"{type(cause).__name__}: {first_line(cause)}",
                pointer="/instructions",
            )
        ]
    return []
