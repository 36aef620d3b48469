"""The versions of blocks and tools the pack brings, and the npm-style ranges agents name them by.

A runtime pins the highest version in range; versions are kept lowest first, so that is the last
match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from hatch_kindgi.primitives.modules import declaring_file
from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.text import quoted

if TYPE_CHECKING:
    import semantic_version  # type: ignore[import-untyped]


@dataclass(frozen=True)
class Brought:
    """One version of a block or tool the pack brings."""

    id: str
    version: str
    kind: str
    file: str
    values: Mapping[str, Any]
    clean: bool = True
    """False for a block with errors: in no index, but brought; what names it is checked
    against what it declares, and its faults are left to its own problems."""


def id_and_version(item: object) -> tuple[str, str] | None:
    """The `id` and `version` of a mapping, when both are strings."""
    if not isinstance(item, Mapping):
        return None
    found = cast("Mapping[str, Any]", item)
    named_id, version = found.get("id"), found.get("version")
    if not isinstance(named_id, str) or not isinstance(version, str):
        return None
    return named_id, version


def versions_by_id(
    entries: Sequence[Mapping[str, Any]], erred: Sequence[Mapping[str, Any]] = ()
) -> dict[str, list[Brought]]:
    """Per id, its versions in this pack with the file declaring each, lowest first: the
    `entries`, and the blocks with errors (`erred`, `clean` False) that declare a string id,
    their version "" when they declare none that is a string."""
    found: dict[str, list[Brought]] = {}
    listed = [(entry, True) for entry in entries] + [(block, False) for block in erred]
    for entry, clean in listed:
        named = id_and_version(entry) if clean else _erred_id_and_version(entry)
        if named is None:
            continue
        content = entry.get("content")
        values = content.get("values") if isinstance(content, Mapping) else None
        found.setdefault(named[0], []).append(
            Brought(
                id=named[0],
                version=named[1],
                kind=str(entry.get("kind")),
                file=declaring_file("entry", entry, blank=True),
                values=cast("Mapping[str, Any]", values) if isinstance(values, Mapping) else {},
                clean=clean,
            )
        )
    for versions in found.values():
        versions.sort(key=lambda brought: (version_key(brought.version), brought.file))
    return found


def _erred_id_and_version(block: Mapping[str, Any]) -> tuple[str, str] | None:
    block_id, version = block.get("id"), block.get("version")
    if not isinstance(block_id, str):
        return None
    return block_id, version if isinstance(version, str) else ""


def npm_range(text: str) -> semantic_version.NpmSpec | None:
    """The npm-style range, or None when it isn't one."""
    import semantic_version  # loaded only for a pack whose agents name versions

    try:
        return semantic_version.NpmSpec(text)
    except ValueError:
        return None


def newest_in(spec: semantic_version.NpmSpec, versions: Sequence[Brought]) -> Brought | None:
    """The highest version in range, as a runtime pins it."""
    matching = [brought for brought in versions if _satisfies(spec, brought.version)]
    return matching[-1] if matching else None


def listed(versions: Sequence[Brought]) -> str:
    """The versions as a message lists them: `1.0.0 (file), 1.1.0 (file)`."""
    return ", ".join(f"{brought.version} ({brought.file})" for brought in versions)


def range_problem(file: str, pointer: str, what: str, text: str) -> Problem:
    """The problem of a version range that is not an npm-style one."""
    return error(
        "agent-version-range",
        file,
        f"{quoted(text)} is not an npm-style version range (like ^1.0.0) for the {what}",
        pointer=pointer,
    )


def unsatisfied_problem(
    code: str,
    file: str,
    *,
    pointer: str,
    named: str,
    wanted: str,
    versions: Sequence[Brought],
) -> Problem:
    """The problem of a range (`wanted`) that none of the `versions` the pack brings satisfies."""
    return error(
        code,
        file,
        f"{named} is named by range {quoted(wanted)}, which no version this pack brings "
        f"satisfies: {listed(versions)}",
        pointer=pointer,
    )


def semver(version: str) -> semantic_version.Version | None:
    """`version` as a semantic version, or None when it isn't one."""
    import semantic_version

    try:
        return semantic_version.Version(version)
    except ValueError:
        return None


def _satisfies(spec: semantic_version.NpmSpec, version: str) -> bool:
    parsed = semver(version)
    return parsed is not None and bool(spec.match(parsed))


def version_key(version: str) -> tuple[int, Any]:
    """A sort key: semver order, and any version that is not semver first, by its text."""
    parsed = semver(version)
    return (0, version) if parsed is None else (1, parsed)
