"""Shared by the block tests: finding a pack's block files, writing small packs, and the index's
blocks computed from a pack's files without hatch_kindgi."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def block_paths(root: Path, folder: str = "blocks") -> tuple[list[str], list[str]]:
    """`folder/**/*.json` under `root`: (regular files, other matches), pack-relative, sorted."""
    matched = sorted((root / folder).rglob("*.json"))
    files = [p.relative_to(root).as_posix() for p in matched if p.is_file()]
    others = [p.relative_to(root).as_posix() for p in matched if not p.is_file()]
    return files, others


def write(root: Path, files: dict[str, Any]) -> None:
    """Write each file: bytes as they are, str as UTF-8, anything else as JSON."""
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content), encoding="utf-8")


def settings(block_id: str, version: str, values: Any, schema: Any = None) -> dict[str, Any]:
    """A settings block, with a schema when one is given."""
    content: dict[str, Any] = {"values": values}
    if schema is not None:
        content["schema"] = schema
    return {"id": block_id, "version": version, "kind": "settings", "content": content}


def prompt(block_id: str, version: str, **content: Any) -> dict[str, Any]:
    """A prompt block with the given content keys."""
    return {"id": block_id, "version": version, "kind": "prompt", "content": content}


def independent_blocks(pack: Path) -> list[dict[str, Any]]:
    """The index's `blocks`, computed from the block files: each block as declared, its
    `templateFile` replaced by the file's text under `template`, plus `modulePath`, sorted by
    id in UTF-16 code-unit order, then by version in semver order."""
    entries: list[dict[str, Any]] = []
    for path in sorted((pack / "blocks").rglob("*.json")):
        block: dict[str, Any] = json.loads(path.read_bytes().decode("utf-8"))
        content = dict(block["content"])
        template_file = content.pop("templateFile", None)
        if template_file is not None:
            content["template"] = (path.parent / template_file).read_bytes().decode("utf-8")
        entries.append(
            {**block, "content": content, "modulePath": path.relative_to(pack).as_posix()}
        )
    return sorted(
        entries,
        key=lambda entry: (
            str(entry["id"]).encode("utf-16-be"),
            tuple(int(part) for part in str(entry["version"]).split(".")),
        ),
    )
