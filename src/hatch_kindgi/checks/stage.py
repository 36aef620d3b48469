"""Checks across entries: what only a view of the whole pack can tell.

Guardrails (`guardrails`), and the versions agents name by npm-style range: prompt, settings
and model-settings blocks (`block_refs`, `model_settings`) and tools (`tool_refs`) the pack
brings (`versions`). Each problem names the file that declares the entry at fault, with a JSON
pointer into the entry (or, for a block's values, into the block file). An entry on its own is
the primitives stage's.

A problem on a module leaves this stage unplaced, naming the entry it is about
(`Problem.declared`, `primitives.modules.entry_problems`), as the primitives stage's do: the
pipeline's placement step finds the line and column of the argument its pointer leads to, on
the modules the run reads once, so the rules here stay pure functions of the entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hatch_kindgi.report.problems import Problem


def check_entries(
    tools: Sequence[Mapping[str, Any]],
    guardrails: Sequence[Mapping[str, Any]],
    agents: Sequence[Mapping[str, Any]],
    flows: Sequence[Mapping[str, Any]],
    blocks: Sequence[Mapping[str, Any]],
    *,
    erred_blocks: Sequence[Mapping[str, Any]] = (),
) -> tuple[Problem, ...]:
    """Every problem across the pack's entries, each naming the file that declares it.
    `erred_blocks` are the blocks with errors (`BlocksOutcome.erred`): brought by the pack
    all the same, so an agent naming one is not told it is missing. A problem on a module
    names the entry it is about, for the pipeline to place (`Problem.declared`)."""
    del flows  # nothing across flows yet; the signature keeps the pipeline uniform
    # Each rule's module loads when there is something for it to check: a blocks-only pack
    # has neither guardrails nor agents, and loads none of them, nor the modules' placing.
    if not guardrails and not agents:
        return ()
    from hatch_kindgi.primitives.modules import distinct, entry_problems

    problems: list[Problem] = []
    if guardrails:
        from hatch_kindgi.checks.guardrails import guardrail_problems

        for entry in guardrails:
            found = guardrail_problems(entry)
            if found:
                problems.extend(entry_problems("guardrail", entry, found))
    if not agents:  # only agents name versions: a pack without them needs no version parsing
        return distinct(problems)
    from hatch_kindgi.checks.block_refs import block_ref_problems
    from hatch_kindgi.checks.tool_refs import tool_ref_problems
    from hatch_kindgi.checks.versions import versions_by_id

    block_versions = versions_by_id(blocks, erred_blocks)
    tool_versions = versions_by_id(tools)
    for entry in agents:
        found = [
            *block_ref_problems(entry, block_versions),
            *tool_ref_problems(entry, tool_versions),
        ]
        if found:
            problems.extend(entry_problems("agent", entry, found))
    return distinct(problems)
