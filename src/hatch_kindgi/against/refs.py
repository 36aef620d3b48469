"""The blocks and tools an agent names by range, and where in the agent entry it names each."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.checks.versions import id_and_version


@dataclass(frozen=True)
class RangeRef:
    """One block or tool an agent names: the index list it is in, its id, the range."""

    kind: str
    id: str
    range: str
    pointer: str
    what: str


def agent_refs(agent: Mapping[str, Any]) -> list[RangeRef]:
    """Every well-formed block and tool reference of `agent`, in the order it names them
    (misshapen ones are the checks stage's problems)."""
    refs: list[RangeRef] = []
    instructions = agent.get("instructions")
    if isinstance(instructions, Mapping):
        prompt, version = instructions.get("prompt"), instructions.get("version")
        if isinstance(prompt, str) and isinstance(version, str):
            refs.append(RangeRef("blocks", prompt, version, "/instructions", "prompt block"))
    named: list[tuple[str, object, str, str]] = []
    settings = agent.get("settings")
    for number, item in enumerate(settings if isinstance(settings, list) else []):
        named.append(("blocks", item, f"/settings/{number}", "settings block"))
    if "modelSettings" in agent:
        named.append(("blocks", agent["modelSettings"], "/modelSettings", "modelSettings"))
    tools = agent.get("tools")
    for number, item in enumerate(tools if isinstance(tools, list) else []):
        named.append(("tools", item, f"/tools/{number}", "tool"))
    for kind, item, pointer, what in named:
        found = id_and_version(item)
        if found is not None:
            refs.append(RangeRef(kind, found[0], found[1], pointer, what))
    return refs
