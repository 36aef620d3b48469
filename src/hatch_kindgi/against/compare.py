"""Two sets of index entries compared: versions reused with other content (errors), versions
going backwards and agent ranges left with nothing (warnings), and the diff."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.against.entries import (
    SINGULAR,
    PackEntries,
    content_of,
    version_of,
)
from hatch_kindgi.against.model import (
    EntryIds,
    EnvNames,
    NewVersion,
    PackDiff,
    RemovedVersion,
    Reused,
)
from hatch_kindgi.against.values import ABSENT, first_difference, short_json_pair
from hatch_kindgi.against.versions import highest, next_free
from hatch_kindgi.checks.refs import agent_refs
from hatch_kindgi.checks.versions import Brought, newest_in, npm_range, version_key, versions_by_id
from hatch_kindgi.config.stage import ENTRY_KINDS
from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.primitives.modules import declaring_file
from hatch_kindgi.report.problems import Problem, error, warning


@dataclass(frozen=True)
class Comparison:
    """The problems the comparison finds in the pack now, and the diff it makes."""

    problems: tuple[Problem, ...]
    diff: PackDiff


@dataclass(frozen=True)
class _Side:
    """One kind's entries of one side, by id, then by version (None: unversioned)."""

    by_id: Mapping[str, Mapping[str | None, Mapping[str, Any]]]

    def versions(self, entry_id: str) -> list[str]:
        found = self.by_id.get(entry_id, {})
        return sorted((v for v in found if v is not None), key=version_key)


def compare(
    before: PackEntries, now: PackEntries, ref: str, notes: Sequence[str] = ()
) -> Comparison:
    """Compare the pack `now` with the pack at `ref` (`before`)."""
    problems: list[Problem] = []
    added: list[EntryIds] = []
    removed: list[EntryIds] = []
    new_versions: list[NewVersion] = []
    removed_versions: list[RemovedVersion] = []
    reused: list[Reused] = []
    agents_now = now.of("agents")
    for kind in ENTRY_KINDS:
        old, new = _side(before.of(kind)), _side(now.of(kind))
        for entry_id in sorted(new.by_id.keys() - old.by_id.keys(), key=code_unit_key):
            added.append(_ids(kind, entry_id, new))
        for entry_id in sorted(old.by_id.keys() - new.by_id.keys(), key=code_unit_key):
            removed.append(_ids(kind, entry_id, old))
        for entry_id in sorted(old.by_id.keys() & new.by_id.keys(), key=code_unit_key):
            versions_before, versions_now = old.versions(entry_id), new.versions(entry_id)
            used = {*versions_before, *versions_now}
            top_before = highest(versions_before)
            for version in versions_now:
                entry = new.by_id[entry_id][version]
                if version not in versions_before:
                    new_versions.append(
                        NewVersion(
                            SINGULAR[kind],
                            entry_id,
                            top_before,
                            version,
                            declaring_file(SINGULAR[kind], entry, blank=True),
                            _picked_up_by(kind, entry_id, version, now, agents_now),
                        )
                    )
                    continue
                found = _reused(kind, entry_id, version, old=old, new=new, used=used)
                if found is not None:
                    reused.append(found)
                    problems.append(_reused_problem(found, ref))
            for version in versions_before:
                if version not in versions_now:
                    file = declaring_file(SINGULAR[kind], old.by_id[entry_id][version], blank=True)
                    removed_versions.append(RemovedVersion(SINGULAR[kind], entry_id, version, file))
            lower = _lower(kind, entry_id, new, top_before=top_before, used=used, ref=ref)
            if lower is not None:
                problems.append(lower)
    problems.extend(_dropped_ranges(before, now, ref))
    diff = PackDiff(
        ref=ref,
        pack_version=now.pack_version,
        pack_version_before=before.pack_version,
        added=tuple(added),
        removed=tuple(removed),
        new_versions=tuple(new_versions),
        removed_versions=tuple(removed_versions),
        reused=tuple(reused),
        env_added=EnvNames(
            _missing_from(now.env_required, before.env_required),
            _missing_from(now.env_optional, before.env_optional),
        ),
        env_removed=EnvNames(
            _missing_from(before.env_required, now.env_required),
            _missing_from(before.env_optional, now.env_optional),
        ),
        notes=tuple(notes),
    )
    return Comparison(tuple(problems), diff)


def superseded(problems: Sequence[Problem], compared: Sequence[Problem]) -> list[Problem]:
    """`problems` without the checks' `agent-block-missing` where the comparison says more
    about the same reference (`agent-range-dropped`: the pack brought it at the reference)."""
    dropped = {(p.file, p.pointer) for p in compared if p.code == "agent-range-dropped"}
    return [
        p
        for p in problems
        if not (p.code == "agent-block-missing" and (p.file, p.pointer) in dropped)
    ]


def _side(entries: Sequence[Mapping[str, Any]]) -> _Side:
    by_id: dict[str, dict[str | None, Mapping[str, Any]]] = {}
    for entry in entries:
        entry_id = entry.get("id")
        if isinstance(entry_id, str):
            # Two entries of one id and version are the blocks stage's problem; keep the first.
            by_id.setdefault(entry_id, {}).setdefault(version_of(entry), entry)
    return _Side(by_id)


def _ids(kind: str, entry_id: str, side: _Side) -> EntryIds:
    entries = side.by_id[entry_id]
    versions = side.versions(entry_id)
    ordered = [entries[v] for v in versions] + ([entries[None]] if None in entries else [])
    return EntryIds(
        SINGULAR[kind],
        entry_id,
        tuple(versions),
        tuple(
            dict.fromkeys(declaring_file(SINGULAR[kind], entry, blank=True) for entry in ordered)
        ),
    )


def _reused(
    kind: str, entry_id: str, version: str, *, old: _Side, new: _Side, used: set[str]
) -> Reused | None:
    entry = new.by_id[entry_id][version]
    difference = first_difference(content_of(old.by_id[entry_id][version]), content_of(entry))
    if difference is None:
        return None
    before, after = short_json_pair(difference.old, difference.new)
    return Reused(
        SINGULAR[kind],
        entry_id,
        version,
        declaring_file(SINGULAR[kind], entry, blank=True),
        difference.pointer,
        None if difference.old is ABSENT else before,
        None if difference.new is ABSENT else after,
        next_free(version, used),
    )


def _reused_problem(reused: Reused, ref: str) -> Problem:
    before = reused.before if reused.before is not None else "absent"
    after = reused.after if reused.after is not None else "absent"
    fix = (
        f"give it version {reused.next_version}"
        if reused.next_version
        else "give it a version not used before"
    )
    return error(
        "version-reused",
        reused.file,
        f'{reused.kind} "{reused.id}" version {reused.version} is also at {ref} with other '
        f"content ({before} there, {after} here), and a released version never changes: {fix}",
        pointer=reused.pointer or None,
        # The fix an editor offers: this version for the next free one (in the file's
        # "/version", where the file has one).
        suggestion=(reused.version, reused.next_version) if reused.next_version else None,
    )


def _lower(
    kind: str, entry_id: str, new: _Side, *, top_before: str | None, used: set[str], ref: str
) -> Problem | None:
    """A warning when the newest version now is below the newest at `ref`."""
    top_now = highest(new.versions(entry_id))
    if top_before is None or top_now is None:
        return None
    if version_key(top_now) >= version_key(top_before):
        return None
    above = next_free(top_before, used)
    return warning(
        "version-lower",
        declaring_file(SINGULAR[kind], new.by_id[entry_id][top_now], blank=True),
        f'{SINGULAR[kind]} "{entry_id}" is at most version {top_now} here, lower than '
        f"{top_before} at {ref}: a runtime that holds {top_before} goes on giving it to every "
        f"range that takes it; to roll back, release the old content as a version above "
        f"{top_before}" + (f", like {above}" if above else ""),
        pointer="/version",
    )


def _picked_up_by(
    kind: str,
    entry_id: str,
    version: str,
    now: PackEntries,
    agents: Sequence[Mapping[str, Any]],
) -> tuple[str, ...]:
    """The agents whose range for `entry_id` now takes `version` as the newest the pack
    brings (as a runtime pins it)."""
    if kind not in ("blocks", "tools"):
        return ()
    brought = versions_by_id(now.of(kind)).get(entry_id, [])
    picking: list[str] = []
    for agent in agents:
        for ref in agent_refs(agent)[0]:
            if ref.entries != kind or ref.id != entry_id:
                continue
            spec = npm_range(ref.range)
            chosen = newest_in(spec, brought) if spec is not None else None
            if chosen is not None and chosen.version == version:
                picking.append(str(agent.get("id")))
                break
    return tuple(sorted(set(picking), key=code_unit_key))


def _dropped_ranges(before: PackEntries, now: PackEntries, ref: str) -> list[Problem]:
    """A warning for each agent range that took a version the pack brought at `ref`, of a
    block or tool the pack no longer brings at all (a range the pack still answers, wrongly,
    is the checks stage's error)."""
    problems: list[Problem] = []
    versions_before = {kind: versions_by_id(before.of(kind)) for kind in ("blocks", "tools")}
    ids_now = {kind: {e.get("id") for e in now.of(kind)} for kind in ("blocks", "tools")}
    ids_now["blocks"] |= now.erred_blocks  # brought, with an error of its own
    for agent in now.of("agents"):
        for ref_named in agent_refs(agent)[0]:
            if ref_named.id in ids_now[ref_named.entries]:
                continue
            spec = npm_range(ref_named.range)
            taken: Brought | None = None
            if spec is not None:
                taken = newest_in(spec, versions_before[ref_named.entries].get(ref_named.id, []))
            if taken is None:
                continue
            problems.append(
                warning(
                    "agent-range-dropped",
                    declaring_file("agent", agent, blank=True),
                    f'{ref_named.what} "{ref_named.id}" in range "{ref_named.range}" was '
                    f"{taken.version} ({taken.file}) at {ref}, and this pack no longer brings "
                    f"any version of it: "
                    + (
                        "a pack service of this pack cannot run it"
                        if ref_named.kind == "tool"
                        else f"only a runtime that still holds {taken.version} can give it"
                    ),
                    pointer=ref_named.pointer,
                )
            )
    return problems


def _missing_from(names: Sequence[str], other: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(set(names) - set(other), key=code_unit_key))
