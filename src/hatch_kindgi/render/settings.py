"""Which settings a render gets: the newest version of each settings block the pack brings, or
the versions an agent's ranges pick from them, as a runtime pins them; and, for a read that
finds nothing, why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.checks.versions import Brought, id_and_version, newest_in, npm_range
from hatch_kindgi.report.suggest import did_you_mean
from hatch_kindgi.report.text import quoted


@dataclass(frozen=True)
class SettingsChoice:
    """One version of each settings block a render can read, and why the others are absent."""

    chosen: Mapping[str, Brought]
    absent: Mapping[str, str]  # settings block id the agent names -> why it has no version
    blocks: Mapping[str, Sequence[Brought]]  # every version of every block id, lowest first
    agent: str | None = None  # the agent whose ranges chose, quoted
    left_out: bool = False  # whether blocks with errors were left out of `blocks`

    def values(self) -> dict[str, Any]:
        """`settings` as the template reads it: values by settings block id."""
        return {block_id: dict(brought.values) for block_id, brought in self.chosen.items()}

    def why_no_block(self, block_id: str) -> str:
        """Why `settings[block_id]` is undefined."""
        if block_id in self.absent:
            return self.absent[block_id]
        versions = self.blocks.get(block_id, ())
        if versions and all(brought.kind != "settings" for brought in versions):
            return f"{quoted(block_id)} is a {versions[0].kind} block, not settings"
        if self.agent is not None:
            named = ", ".join(sorted(self.chosen)) or "none"
            return (
                f"agent {self.agent} doesn't name settings block {quoted(block_id)} "
                f"(it names: {named})"
            )
        without = " without errors" if self.left_out else ""
        return f"the pack brings no settings block {quoted(block_id)}{without}" + did_you_mean(
            block_id, self.chosen
        )

    def why_no_key(self, block_id: str, key: str) -> str:
        """Why `settings[block_id][key]` is undefined, `block_id` being chosen."""
        chosen = self.chosen[block_id]
        having = [
            brought.version
            for brought in self.blocks.get(block_id, ())
            if brought.kind == "settings" and key in brought.values
        ]
        if len(having) == 1:
            hint = f"; version {having[0]} has it"
        elif having:
            hint = f"; versions {', '.join(having)} have it"
        else:
            hint = did_you_mean(key, chosen.values)
        return (
            f"version {chosen.version} of settings block {quoted(block_id)} ({chosen.file}) "
            f"has no key {quoted(key)}{hint}"
        )


def newest_settings(blocks: Mapping[str, Sequence[Brought]]) -> SettingsChoice:
    """The newest version of each settings block the pack brings."""
    chosen = {
        block_id: settings[-1]
        for block_id, versions in blocks.items()
        if (settings := [brought for brought in versions if brought.kind == "settings"])
    }
    return SettingsChoice(chosen, {}, blocks)


def agent_settings(
    agent: Mapping[str, Any], blocks: Mapping[str, Sequence[Brought]]
) -> SettingsChoice:
    """The versions the ranges of `agent`'s `settings` pick from what the pack brings."""
    name = quoted(agent.get("id"))
    chosen: dict[str, Brought] = {}
    absent: dict[str, str] = {}
    refs = agent.get("settings")
    for ref in refs if isinstance(refs, list) else []:
        named = id_and_version(ref)
        if named is None:
            continue
        block_id, wanted = named
        what = f"agent {name} names settings block {quoted(block_id)} by range {quoted(wanted)}"
        versions = [b for b in blocks.get(block_id, ()) if b.kind == "settings"]
        spec = npm_range(wanted)
        picked = None if spec is None else newest_in(spec, versions)
        if picked is not None:
            chosen[block_id] = picked
        elif spec is None:
            absent[block_id] = f"{what}, which is not an npm-style range"
        elif versions:
            listed = ", ".join(brought.version for brought in versions)
            absent[block_id] = f"{what}, which no version this pack brings satisfies ({listed})"
        else:
            absent[block_id] = (
                f"{what}; this pack doesn't bring it, so only a runtime that holds it can"
            )
    return SettingsChoice(chosen, absent, blocks, name)
