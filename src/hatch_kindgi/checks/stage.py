"""Checks across entries: what only a view of the whole pack can tell.

Guardrails (`guardrails`), and the versions agents name by npm-style range: prompt, settings
and model-settings blocks (`block_refs`, `model_settings`) and tools (`tool_refs`) the pack
brings (`versions`). Each problem names the file that declares the entry at fault, with a JSON
pointer into the entry (or, for a block's values, into the block file). An entry on its own is
the primitives stage's.

Where a problem on a module is, the line and column of the argument its pointer leads to, is
found as the primitives stage finds its own: the pipeline hands this stage that placing
(`place`, `primitives.modules.DeclaringModules.place`, on the modules the run reads once), so
the rules here stay pure functions of the entries and no module is read twice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hatch_kindgi.report.problems import Problem

PlaceProblems = Callable[[str, Mapping[str, Any], Sequence[Problem]], Sequence[Problem]]
"""`(kind, entry, problems) -> problems`: the problems about `entry`, a primitive of `kind`
(`agent`, `guardrail`), those on the module that declares it at their place there."""


def _unplaced(kind: str, entry: Mapping[str, Any], problems: Sequence[Problem]) -> list[Problem]:
    del kind, entry
    return list(problems)


def check_entries(
    tools: Sequence[Mapping[str, Any]],
    guardrails: Sequence[Mapping[str, Any]],
    agents: Sequence[Mapping[str, Any]],
    flows: Sequence[Mapping[str, Any]],
    blocks: Sequence[Mapping[str, Any]],
    *,
    erred_blocks: Sequence[Mapping[str, Any]] = (),
    place: PlaceProblems | None = None,
) -> tuple[Problem, ...]:
    """Every problem across the pack's entries, each naming the file that declares it.
    `erred_blocks` are the blocks with errors (`BlocksOutcome.erred`): brought by the pack
    all the same, so an agent naming one is not told it is missing. `place` puts each
    problem on a module at its line and column there (the pipeline's; None: no lines)."""
    if place is None:
        place = _unplaced
    del flows  # nothing across flows yet; the signature keeps the pipeline uniform
    problems: list[Problem] = []
    # Each rule's module loads when there is something for it to check (a blocks-only pack
    # has neither guardrails nor agents).
    if guardrails:
        from hatch_kindgi.checks.guardrails import guardrail_problems

        for entry in guardrails:
            found = guardrail_problems(entry)
            if found:
                problems.extend(place("guardrail", entry, found))
    if not agents:  # only agents name versions: a pack without them needs no version parsing
        return tuple(dict.fromkeys(problems))
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
            problems.extend(place("agent", entry, found))
    return tuple(dict.fromkeys(problems))
