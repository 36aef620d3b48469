"""What an agent names by npm-style range: its prompt block, its settings and model-settings
blocks and its tools, each with where in the agent entry it names it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.checks.versions import id_and_version


@dataclass(frozen=True)
class RangeRef:
    """A block or tool an agent names by range: what it must be (`prompt`, `settings` or
    `tool`), its id, the range, where the agent entry names it, and how a message calls it."""

    kind: str
    id: str
    range: str
    pointer: str
    what: str

    @property
    def entries(self) -> str:
        """The index list of what it names: `blocks` or `tools`."""
        return "tools" if self.kind == "tool" else "blocks"


@dataclass(frozen=True)
class Misshapen:
    """A block reference of the wrong shape: where, how a message calls it, the keys it needs."""

    pointer: str
    what: str
    keys: str


def prompt_ref(agent: Mapping[str, Any]) -> RangeRef | None:
    """The prompt block the agent's instructions name by range; None when they don't (a
    template, or instructions of the wrong shape)."""
    instructions = agent.get("instructions")
    if not isinstance(instructions, Mapping):
        return None
    prompt, version = instructions.get("prompt"), instructions.get("version")
    if not isinstance(prompt, str) or not isinstance(version, str):
        return None
    return RangeRef("prompt", prompt, version, "/instructions", "prompt block")


def agent_refs(agent: Mapping[str, Any]) -> tuple[list[RangeRef], list[Misshapen]]:
    """Every block and tool the agent names by range, in the order it names them, and each
    settings reference of the wrong shape (one to a tool is left to the runtime, instructions
    of the wrong shape are the deploy's to refuse: the primitives stage's)."""
    refs: list[RangeRef] = []
    misshapen: list[Misshapen] = []
    prompt = prompt_ref(agent)  # instructions of another shape: the deploy's (primitives)
    if prompt is not None:
        refs.append(prompt)
    # kind, the item naming it, pointer, how a message calls it, and a misshapen one
    named: list[tuple[str, object, str, str, str | None]] = []
    settings = agent.get("settings")
    for number, item in enumerate(settings if isinstance(settings, list) else []):
        pointer = f"/settings/{number}"
        named.append(("settings", item, pointer, "settings block", f"settings[{number}]"))
    if agent.get("modelSettings") is not None:
        model = agent["modelSettings"]
        named.append(("settings", model, "/modelSettings", "modelSettings", "modelSettings"))
    tools = agent.get("tools")
    for number, item in enumerate(tools if isinstance(tools, list) else []):
        named.append(("tool", item, f"/tools/{number}", "tool", None))
    for kind, item, pointer, what, misshapen_as in named:
        found = id_and_version(item)
        if found is not None:
            refs.append(RangeRef(kind, found[0], found[1], pointer, what))
        elif misshapen_as is not None:
            misshapen.append(Misshapen(pointer, misshapen_as, "id, version"))
    return refs, misshapen
