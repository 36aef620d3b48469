"""Block references: the prompt, settings and model-settings blocks an agent names by npm-style
range, resolved against the blocks the pack brings as a runtime would pin them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.checks.model_settings import model_settings_problems
from hatch_kindgi.checks.versions import (
    Brought,
    id_and_version,
    listed,
    newest_in,
    npm_range,
    range_problem,
    unsatisfied_problem,
)
from hatch_kindgi.report.problems import Problem, error, warning
from hatch_kindgi.report.text import file_of, quoted


@dataclass(frozen=True)
class _Ref:
    """A block an agent names by range, and where in the agent entry it does."""

    kind: str
    block_id: str
    range: str
    pointer: str
    what: str


def block_ref_problems(
    entry: Mapping[str, Any], blocks: Mapping[str, Sequence[Brought]]
) -> list[Problem]:
    """Every problem of the blocks the agent names, and of the model-settings block it pins."""
    file = file_of(entry, "modulePath")
    agent = quoted(entry.get("id"))
    refs, problems = _block_refs(entry, file, agent)
    for ref in refs:
        spec = npm_range(ref.range)
        if spec is None:
            problems.append(range_problem(file, ref.pointer + "/version", ref.what, ref.range))
            continue
        brought = blocks.get(ref.block_id)
        if not brought:
            problems.append(
                warning(
                    "agent-block-missing",
                    file,
                    f"{ref.what} {quoted(ref.block_id)} is not in this pack: a runtime must "
                    f"already hold a version in {quoted(ref.range)}",
                    pointer=ref.pointer,
                )
            )
            continue
        of_kind = [block for block in brought if block.kind == ref.kind]
        if not of_kind:
            problems.append(
                error(
                    "agent-block-kind",
                    file,
                    f"{ref.what} {quoted(ref.block_id)} must be a {ref.kind} block, but this "
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
                    named=f"{ref.what} {quoted(ref.block_id)}",
                    wanted=ref.range,
                    versions=of_kind,
                )
            )
            continue
        if ref.what == "modelSettings":
            problems.extend(model_settings_problems(entry, file, agent, chosen))
    return problems


def _block_refs(
    entry: Mapping[str, Any], file: str, agent: str
) -> tuple[list[_Ref], list[Problem]]:
    """The blocks the agent names, and a problem for each reference of the wrong shape."""
    refs: list[_Ref] = []
    problems: list[Problem] = []

    def shape(pointer: str, what: str, keys: str) -> None:
        problems.append(
            error(
                "agent-block-ref",
                file,
                f"{what} of agent {agent} must be {{{keys}}} with string values",
                pointer=pointer,
            )
        )

    instructions = entry.get("instructions")
    if isinstance(instructions, Mapping):
        prompt, version = instructions.get("prompt"), instructions.get("version")
        if isinstance(prompt, str) and isinstance(version, str):
            refs.append(_Ref("prompt", prompt, version, "/instructions", "prompt block"))
        else:
            shape("/instructions", "instructions", "prompt, version")
    settings = entry.get("settings")
    if isinstance(settings, list):
        for number, item in enumerate(settings):
            pointer = f"/settings/{number}"
            ref = _id_version(item, "settings", pointer, "settings block")
            if ref is None:
                shape(pointer, f"settings[{number}]", "id, version")
            else:
                refs.append(ref)
    model = entry.get("modelSettings")
    if model is not None:
        ref = _id_version(model, "settings", "/modelSettings", "modelSettings")
        if ref is None:
            shape("/modelSettings", "modelSettings", "id, version")
        else:
            refs.append(ref)
    return refs, problems


def _id_version(item: object, kind: str, pointer: str, what: str) -> _Ref | None:
    found = id_and_version(item)
    return None if found is None else _Ref(kind, found[0], found[1], pointer, what)


def _kinds(blocks: Sequence[Brought]) -> str:
    kinds = sorted({block.kind for block in blocks})
    return " and ".join(f"a {kind} block" for kind in kinds)
