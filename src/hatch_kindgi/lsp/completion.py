"""What the pack knows to complete where the author types: a settings block's id inside
`settings["…"]`, the keys of that block's values after it, a prompt's parameter names in its
template, and the template files a `templateFile` may name."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hatch_kindgi.discover.patterns import static_prefix
from hatch_kindgi.discover.stage import SKIPPED_DIRS
from hatch_kindgi.pipeline.read import PackRead

# The text before the cursor on its line; a quote may be escaped (inside a JSON string).
_SETTINGS_ID = re.compile(r"""settings\s*\[\s*\\?["']([^"'\\]*)$""")
_SETTINGS_KEY = re.compile(
    r"""settings\s*\[\s*\\?["']([^"'\\]+)\\?["']\s*\]\s*(?:\.|\[\s*\\?["'])([\w-]*)$"""
)
_TEMPLATE_FILE = re.compile(r'"templateFile"\s*:\s*"([^"]*)$')
_WORD = re.compile(r"[A-Za-z_][\w-]*$")
_IN_LIQUID = re.compile(r"(\{\{|\{%)(?:(?!\}\}|%\}).)*$")


@dataclass(frozen=True)
class Item:
    """One completion: the text, what it is, and how many characters before the cursor it
    replaces."""

    label: str
    detail: str
    replaces: int


def completions(read: PackRead, root: Path, file: str, before: str) -> list[Item]:
    """The completions for pack file `file` of the pack at `root` (as `read`) where the text
    before the cursor on its line is `before`."""
    entries = read.blocks.entries
    match = _SETTINGS_KEY.search(before)
    if match is not None:
        keys = sorted(
            {
                key
                for entry in _settings(entries)
                if entry["id"] == match.group(1)
                for key in entry["content"].get("values", {})
            }
        )
        typed = match.group(2)
        return [Item(key, f"{match.group(1)} value", len(typed)) for key in keys]
    match = _SETTINGS_ID.search(before)
    if match is not None:
        ids = sorted({entry["id"] for entry in _settings(entries)})
        return [Item(block_id, "settings block", len(match.group(1))) for block_id in ids]
    match = _TEMPLATE_FILE.search(before)
    if match is not None and read.pack is not None:
        folder = static_prefix(read.pack.discovery["blocks"]).strip("/")
        return [
            Item(path, "template file", len(match.group(1)))
            for path in _template_files(root, folder, posixpath.dirname(file))
        ]
    if _IN_LIQUID.search(before):
        typed = _WORD.search(before)
        names = _parameters(entries, read, file)
        return [
            Item(name, "parameter", len(typed.group()) if typed else 0) for name in sorted(names)
        ]
    return []


def _settings(entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        entry
        for entry in entries
        if entry.get("kind") == "settings" and isinstance(entry.get("content"), dict)
    ]


def _parameters(entries: Sequence[dict[str, Any]], read: PackRead, file: str) -> set[str]:
    """The parameters of the prompts whose template is `file` (a block file, or its
    template file)."""
    templates = read.blocks.template_files
    names: set[str] = set()
    for entry in entries:
        path = entry.get("modulePath")
        if path != file and templates.get(str(path)) != file:
            continue
        for parameter in entry.get("content", {}).get("parameters", []):
            if isinstance(parameter, dict) and isinstance(parameter.get("name"), str):
                names.add(parameter["name"])
    return names


def _template_files(root: Path, folder: str, block_folder: str) -> list[str]:
    """`.liquid` files of the blocks folder, as paths from the block file's folder."""
    found = []
    for current, folders, files in os.walk(root / folder if folder else root):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f not in SKIPPED_DIRS)
        for name in sorted(files):
            if name.endswith(".liquid"):
                path = (Path(current) / name).relative_to(root).as_posix()
                found.append(posixpath.relpath(path, block_folder or "."))
    return found
