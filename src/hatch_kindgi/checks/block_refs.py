"""Block references: the prompt, settings and model-settings blocks an agent names by npm-style
range, resolved against the blocks the pack brings as a runtime would pin them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hatch_kindgi.blocks.shape import KINDS
from hatch_kindgi.checks.model_settings import model_settings_problems
from hatch_kindgi.checks.refs import agent_refs
from hatch_kindgi.checks.versions import (
    Brought,
    listed,
    newest_in,
    npm_range,
    range_problem,
    semver,
    unsatisfied_problem,
)
from hatch_kindgi.primitives.modules import declaring_file
from hatch_kindgi.report.problems import Problem, error, warning
from hatch_kindgi.report.text import quoted


def block_ref_problems(
    entry: Mapping[str, Any], blocks: Mapping[str, Sequence[Brought]]
) -> list[Problem]:
    """Every problem of the blocks the agent names, and of the model-settings block it pins."""
    file = declaring_file("agent", entry, blank=True)
    agent = quoted(entry.get("id"))
    refs, misshapen = agent_refs(entry)
    problems = [
        error(
            "agent-block-ref",
            file,
            f"{shape.what} of agent {agent} must be {{{shape.keys}}} with string values",
            pointer=shape.pointer,
        )
        for shape in misshapen
    ]
    for ref in refs:
        if ref.kind == "tool":
            continue
        spec = npm_range(ref.range)
        if spec is None:
            problems.append(range_problem(file, ref.pointer + "/version", ref.what, ref.range))
            continue
        brought = blocks.get(ref.id)
        if not brought:
            problems.append(
                warning(
                    "agent-block-missing",
                    file,
                    f"{ref.what} {quoted(ref.id)} is not in this pack: a runtime must "
                    f"already hold a version in {quoted(ref.range)}",
                    pointer=ref.pointer,
                )
            )
            continue
        if _undecided(brought, ref.kind):
            continue  # a block of this id whose kind or version has an error: its own problem
        of_kind = [block for block in brought if block.kind == ref.kind]
        if not of_kind:
            problems.append(
                error(
                    "agent-block-kind",
                    file,
                    f"{ref.what} {quoted(ref.id)} must be a {ref.kind} block, but this "
                    f"pack brings it only as {_kinds(brought)}: {listed(brought)}",
                    pointer=ref.pointer,
                )
            )
            continue
        chosen = newest_in(spec, of_kind)
        if chosen is None:
            problems.append(
                unsatisfied_problem(
                    "agent-block-version",
                    file,
                    pointer=ref.pointer + "/version",
                    named=f"{ref.what} {quoted(ref.id)}",
                    wanted=ref.range,
                    versions=of_kind,
                )
            )
            continue
        if ref.what == "modelSettings" and chosen.clean:
            problems.extend(model_settings_problems(entry, file, agent, chosen))
    return problems


def _undecided(brought: Sequence[Brought], kind: str) -> bool:
    """Whether a block with errors leaves open what the reference resolves to: one whose
    kind is no kind a block can be, or one of the kind wanted whose version is no version."""
    return any(
        not block.clean
        and (block.kind not in KINDS or (block.kind == kind and semver(block.version) is None))
        for block in brought
    )


def _kinds(blocks: Sequence[Brought]) -> str:
    kinds = sorted({block.kind for block in blocks})
    return " and ".join(f"a {kind} block" for kind in kinds)
