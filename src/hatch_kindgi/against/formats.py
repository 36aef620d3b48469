"""The diff, written for people (text), for a pull-request comment (Markdown) and for tools
(JSON, validated by `diff.schema.json` beside this module)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from hatch_kindgi.against.model import EntryIds, EnvNames, PackDiff

DIFF_FORMATS = ("text", "markdown", "json")


def format_diff(diff: PackDiff, style: str) -> str:
    """The diff in `style` (one of DIFF_FORMATS)."""
    if style == "json":
        return diff_json(diff)
    if style == "markdown":
        return diff_markdown(diff)
    return diff_text(diff)


def diff_text(diff: PackDiff) -> str:
    """One line a change, under a heading a kind of change."""
    lines = [f"Against {diff.ref}: {_pack_version(diff, '->')}"]
    if diff.reused:
        lines.append(f"Reused versions, which a runtime refuses ({len(diff.reused)}):")
        lines += [
            f"  {r.kind} {r.id} {r.version} in {r.file}: {r.pointer or '/'} is "
            f"{_or_absent(r.before)} there, {_or_absent(r.after)} here: "
            f"give it version {r.next_version or '(a new one)'}"
            for r in diff.reused
        ]
    for title, listed in (("Added", diff.added), ("Removed", diff.removed)):
        if listed:
            lines.append(f"{title} ({len(listed)}):")
            lines += [f"  {_ids_text(entry)}" for entry in listed]
    if diff.new_versions:
        lines.append(f"New versions ({len(diff.new_versions)}):")
        for new in diff.new_versions:
            picked = ", ".join(f"agent {agent}" for agent in new.picked_up_by)
            lines.append(
                f"  {new.kind} {new.id} {new.before or '(none)'} -> {new.version} in {new.file}"
                + (f", picked up by {picked}" if picked else "")
            )
    if diff.removed_versions:
        lines.append(f"Removed versions ({len(diff.removed_versions)}):")
        lines += [f"  {r.kind} {r.id} {r.version} in {r.file}" for r in diff.removed_versions]
    for title, names in (("added", diff.env_added), ("removed", diff.env_removed)):
        listed_names = _env_names(names)
        if listed_names:
            lines.append(f"Env names {title} ({len(listed_names)}):")
            lines += [f"  {which} {name}" for which, name in listed_names]
    if diff.changes_nothing:
        lines.append("No entry, version or env name changed.")
    lines += [f"Note: {note}" for note in diff.notes]
    return "\n".join(lines) + "\n"


def diff_markdown(diff: PackDiff) -> str:
    """GitHub-flavoured Markdown for a pull-request comment: a heading, then a table a kind
    of change. Every value from the pack is in a code span, so none is read as Markdown."""
    version = _pack_version(diff, "→")
    lines = [
        f"### Kindgi pack changes against {_code(diff.ref)}",
        "",
        _escape(version[:1].upper() + version[1:]) + ".",
    ]
    if diff.reused:
        lines += [
            "",
            f"#### Reused versions ({len(diff.reused)})",
            "",
            "A runtime refuses a released version with other content: give each a new version.",
            "",
        ]
        lines += _table(
            ("kind", "id", "version", "file", "first difference", "there", "here", "give it"),
            [
                (
                    r.kind,
                    _code(r.id),
                    _code(r.version),
                    _code(r.file),
                    _code(r.pointer or "/"),
                    _code(r.before) if r.before is not None else "absent",
                    _code(r.after) if r.after is not None else "absent",
                    _code(r.next_version) if r.next_version else "a new version",
                )
                for r in diff.reused
            ],
        )
    for title, listed in (("Added", diff.added), ("Removed", diff.removed)):
        if listed:
            lines += ["", f"#### {title} ({len(listed)})", ""]
            lines += _table(
                ("kind", "id", "versions", "files"),
                [
                    (
                        entry.kind,
                        _code(entry.id),
                        _codes(entry.versions) or "none",
                        _codes(entry.files),
                    )
                    for entry in listed
                ],
            )
    if diff.new_versions:
        lines += ["", f"#### New versions ({len(diff.new_versions)})", ""]
        lines += _table(
            ("kind", "id", "before", "now", "file", "picked up by agents"),
            [
                (
                    new.kind,
                    _code(new.id),
                    _code(new.before) if new.before else "none",
                    _code(new.version),
                    _code(new.file),
                    _codes(new.picked_up_by) or "none",
                )
                for new in diff.new_versions
            ],
        )
    if diff.removed_versions:
        lines += ["", f"#### Removed versions ({len(diff.removed_versions)})", ""]
        lines += _table(
            ("kind", "id", "version", "file"),
            [(r.kind, _code(r.id), _code(r.version), _code(r.file)) for r in diff.removed_versions],
        )
    added, removed = _env_names(diff.env_added), _env_names(diff.env_removed)
    if added or removed:
        lines += ["", "#### Env names", ""]
        lines += _table(
            ("list", "added", "removed"),
            [
                (
                    which,
                    _codes([n for w, n in added if w == which]) or "none",
                    _codes([n for w, n in removed if w == which]) or "none",
                )
                for which in ("required", "optional")
                if any(w == which for w, _ in (*added, *removed))
            ],
        )
    if diff.changes_nothing:
        lines += ["", "No entry, version or env name changed."]
    for note in diff.notes:
        lines += ["", f"> **Note:** {_escape(note)}"]
    return "\n".join(lines) + "\n"


def diff_json(diff: PackDiff) -> str:
    """One JSON document (see `diff.schema.json`)."""
    document: dict[str, Any] = {
        "ref": diff.ref,
        "packVersion": diff.pack_version,
        "packVersionBefore": diff.pack_version_before,
        "reused": [
            {
                "kind": r.kind,
                "id": r.id,
                "version": r.version,
                "file": r.file,
                "pointer": r.pointer,
                "before": r.before,
                "after": r.after,
                "nextVersion": r.next_version,
            }
            for r in diff.reused
        ],
        "added": [_ids_json(entry) for entry in diff.added],
        "removed": [_ids_json(entry) for entry in diff.removed],
        "newVersions": [
            {
                "kind": new.kind,
                "id": new.id,
                "before": new.before,
                "version": new.version,
                "file": new.file,
                "pickedUpBy": list(new.picked_up_by),
            }
            for new in diff.new_versions
        ],
        "removedVersions": [
            {"kind": r.kind, "id": r.id, "version": r.version, "file": r.file}
            for r in diff.removed_versions
        ],
        "env": {
            "added": _env_json(diff.env_added),
            "removed": _env_json(diff.env_removed),
        },
        "notes": list(diff.notes),
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _pack_version(diff: PackDiff, arrow: str) -> str:
    now, before = diff.pack_version, diff.pack_version_before
    if before is None or before == now:
        return f"pack version {now or 'unknown'}"
    return f"pack version {before} {arrow} {now or 'unknown'}"


def _or_absent(value: str | None) -> str:
    return "absent" if value is None else value


def _ids_text(entry: EntryIds) -> str:
    versions = f" {', '.join(entry.versions)}" if entry.versions else ""
    return f"{entry.kind} {entry.id}{versions} in {', '.join(entry.files)}"


def _ids_json(entry: EntryIds) -> dict[str, Any]:
    return {
        "kind": entry.kind,
        "id": entry.id,
        "versions": list(entry.versions),
        "files": list(entry.files),
    }


def _env_names(names: EnvNames) -> list[tuple[str, str]]:
    return [("required", n) for n in names.required] + [("optional", n) for n in names.optional]


def _env_json(names: EnvNames) -> dict[str, list[str]]:
    return {"required": list(names.required), "optional": list(names.optional)}


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    return [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join("---" for _ in header) + " |",
        *("| " + " | ".join(row) + " |" for row in rows),
    ]


def _code(text: str) -> str:
    """`text` as a code span that survives a table cell: a fence longer than any run of
    backticks in it, and `|` escaped (GitHub splits cells on it even in code)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    body = text.replace("|", "\\|").replace("\n", " ")
    return f"{fence}{pad}{body}{pad}{fence}"


def _codes(texts: Sequence[str]) -> str:
    return ", ".join(_code(text) for text in texts)


def _escape(text: str) -> str:
    """Plain text that Markdown shows as written: its punctuation escaped."""
    return re.sub(r"([\\`*_{}\[\]<>()#+!|~])", r"\\\1", text.replace("\n", " "))
