"""Shared by the block tests: finding a pack's block files, and writing small packs."""

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
