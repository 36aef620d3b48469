"""Tool references: each tool an agent names by npm-style range, against the pack's tools."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hatch_kindgi.checks.refs import agent_refs
from hatch_kindgi.checks.versions import (
    Brought,
    newest_in,
    npm_range,
    range_problem,
    unsatisfied_problem,
)
from hatch_kindgi.primitives.modules import declaring_file
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.text import quoted


def tool_ref_problems(
    entry: Mapping[str, Any], tools: Mapping[str, Sequence[Brought]]
) -> list[Problem]:
    """A problem for each tool range of the agent that is not one, or that no tool satisfies.

    A tool the pack does not bring is left to the runtime.
    """
    file = declaring_file("agent", entry, blank=True)
    problems: list[Problem] = []
    for ref in agent_refs(entry)[0]:
        if ref.kind != "tool":
            continue
        tool_id, wanted = ref.id, ref.range
        pointer = f"{ref.pointer}/version"
        spec = npm_range(wanted)
        if spec is None:
            problems.append(range_problem(file, pointer, "tool", wanted))
            continue
        versions = tools.get(tool_id)
        if versions and newest_in(spec, versions) is None:
            problems.append(
                unsatisfied_problem(
                    "agent-tool-version",
                    file,
                    pointer=pointer,
                    named=f"tool {quoted(tool_id)}",
                    wanted=wanted,
                    versions=versions,
                )
            )
    return problems
