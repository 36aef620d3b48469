"""The entries a comparison works on: one pack's index entries by kind, and its env lists."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from hatch_kindgi.config.stage import ENTRY_KINDS

SINGULAR = {
    "tools": "tool",
    "guardrails": "guardrail",
    "agents": "agent",
    "flows": "flow",
    "blocks": "block",
}

_FILE_KEYS = ("modulePath", "checkModulePath")
"""Where an entry's file is: a move changes these alone, and is no change of content."""


@dataclass(frozen=True)
class PackEntries:
    """One side of a comparison: the entries of each index list, and the env names."""

    entries: Mapping[str, tuple[Mapping[str, Any], ...]]
    env_required: tuple[str, ...] = ()
    env_optional: tuple[str, ...] = ()
    pack_version: str | None = None
    erred_blocks: frozenset[str] = frozenset()
    """The ids of the blocks this side brings with errors: in no index list, but brought."""

    def of(self, kind: str) -> tuple[Mapping[str, Any], ...]:
        """The entries of one index list (`tools`, …, `blocks`)."""
        return self.entries.get(kind, ())


def pack_entries(
    lists: Mapping[str, Sequence[Mapping[str, Any]]],
    *,
    env_required: Sequence[str] = (),
    env_optional: Sequence[str] = (),
    pack_version: str | None = None,
    erred_blocks: Sequence[str] = (),
) -> PackEntries:
    """`PackEntries` from the index lists a pipeline run (or an index) holds, and the ids of
    the blocks with errors it brings besides."""
    return PackEntries(
        {kind: tuple(lists.get(kind, ())) for kind in ENTRY_KINDS},
        tuple(env_required),
        tuple(env_optional),
        pack_version,
        frozenset(erred_blocks),
    )


def version_of(entry: Mapping[str, Any]) -> str | None:
    """The version that keys `entry`: blocks, agents and flows always have one; tools and
    guardrails only when they declare one."""
    version = entry.get("version")
    return version if isinstance(version, str) else None


def content_of(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The entry without where it lives: what must not change under one version."""
    return {key: value for key, value in entry.items() if key not in _FILE_KEYS}


def entries_from_index(document: object) -> tuple[PackEntries | None, str | None]:
    """The entries of a parsed index.json, or why it is not one (a short reason)."""
    if not isinstance(document, Mapping):
        return None, "it is not a JSON object"
    index = cast("Mapping[str, Any]", document)
    if index.get("v") != 1 or isinstance(index.get("v"), bool):
        return None, f'its "v" is {_json_or_missing(index.get("v"))}, not 1'
    if not isinstance(index.get("packId"), str):
        return None, 'it has no string "packId"'
    lists: dict[str, list[Mapping[str, Any]]] = {}
    for kind in ENTRY_KINDS:
        listed = index.get(kind, [] if kind == "blocks" else None)
        if not isinstance(listed, list):
            return None, f'its "{kind}" is not a list'
        for number, entry in enumerate(listed):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
                return None, f'"{kind}[{number}]" is not an entry with a string "id"'
        lists[kind] = listed
    env = index.get("env", {})
    names: dict[str, list[str]] = {}
    for key in ("required", "optional"):
        value = env.get(key, []) if isinstance(env, Mapping) else None
        if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
            return None, f'its "env.{key}" is not a list of names'
        names[key] = value
    version = index.get("packVersion")
    return (
        pack_entries(
            lists,
            env_required=names["required"],
            env_optional=names["optional"],
            pack_version=version if isinstance(version, str) else None,
        ),
        None,
    )


def _json_or_missing(value: object) -> str:
    try:
        return "missing" if value is None else json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
