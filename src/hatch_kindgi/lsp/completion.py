"""What the pack knows to complete where the author types: a settings block's id inside
`settings["…"]`, the keys of that block's values after it, a prompt's parameter names in its
template, and the template files a `templateFile` may name.

It completes from every block the pack brings, those with errors too (a template being
typed rarely parses), and an id or key inside `["` comes with its closing `"]` (written as
the opening quote was: `\\"` inside a JSON string), unless the editor has put it there.
"""

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
_SETTINGS_ID = re.compile(r"""settings\s*\[\s*(?P<quote>\\?["'])(?P<typed>[^"'\\]*)$""")
_SETTINGS_KEY = re.compile(
    r"""settings\s*\[\s*\\?["'](?P<id>[^"'\\]+)\\?["']\s*\]\s*"""
    r"""(?:\.|\[\s*(?P<quote>\\?["']))(?P<typed>[\w-]*)$"""
)
# After the cursor: the rest of the word being typed over, then what closes it.
_REST = re.compile(r"""[^"'\\\]\s]*""")
_TEMPLATE_FILE = re.compile(r'"templateFile"\s*:\s*"([^"]*)$')
_WORD = re.compile(r"[A-Za-z_][\w-]*$")
_IN_LIQUID = re.compile(r"(\{\{|\{%)(?:(?!\}\}|%\}).)*$")


@dataclass(frozen=True)
class Item:
    """One completion: the text, what it is, how many characters before the cursor it
    replaces, and the text it inserts (the label, and what closes it) over how many
    characters after the cursor."""

    label: str
    detail: str
    replaces: int
    insert: str = ""
    """The text put in place of what it replaces; "" for the label itself."""
    replaces_after: int = 0

    @property
    def text(self) -> str:
        """What accepting the item writes."""
        return self.insert or self.label


def completions(read: PackRead, root: Path, file: str, before: str, after: str = "") -> list[Item]:
    """The completions for pack file `file` of the pack at `root` (as `read`) where the text
    before the cursor on its line is `before` (and `after` the rest of the line)."""
    entries = (*read.blocks.entries, *read.blocks.erred)
    match = _SETTINGS_KEY.search(before)
    if match is not None:
        block_id = match.group("id")
        keys = sorted(
            {
                key
                for entry in _settings(entries)
                if entry["id"] == block_id
                for key in _keys(entry["content"].get("values"))
            }
        )
        return _closed(keys, f"{block_id} value", match.group("typed"), match.group("quote"), after)
    match = _SETTINGS_ID.search(before)
    if match is not None:
        ids = sorted({entry["id"] for entry in _settings(entries)})
        return _closed(ids, "settings block", match.group("typed"), match.group("quote"), after)
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


def _closed(
    words: Sequence[str], detail: str, typed: str, quote: str | None, after: str
) -> list[Item]:
    """An item a word, over what was typed of it and the rest of it after the cursor; inside
    `[` + `quote`, with the quote and `]` that close it unless `after` has them."""
    rest = len(_REST.match(after).group())  # type: ignore[union-attr]  # matches "" at least
    if quote is None:
        return [Item(word, detail, len(typed), "", rest) for word in words]
    tail = after[rest:]
    closing = quote + "]"
    if tail.startswith(closing):
        close, taken = "", 0  # closed already: only the word
    elif tail.startswith(quote):
        close, taken = closing, len(quote)  # the editor's paired quote, and the bracket
    else:
        close, taken = closing, 0
    return [Item(word, detail, len(typed), word + close, rest + taken) for word in words]


def _settings(entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The settings blocks with an id and a content object, those with errors too."""
    return [
        entry
        for entry in entries
        if entry.get("kind") == "settings"
        and isinstance(entry.get("id"), str)
        and isinstance(entry.get("content"), dict)
    ]


def _keys(values: object) -> list[str]:
    return [key for key in values if isinstance(key, str)] if isinstance(values, dict) else []


def _parameters(entries: Sequence[dict[str, Any]], read: PackRead, file: str) -> set[str]:
    """The parameters of the prompts whose template is `file` (a block file, or its
    template file)."""
    templates = read.blocks.template_files
    names: set[str] = set()
    for entry in entries:
        path = entry.get("modulePath")
        if path != file and templates.get(str(path)) != file and _declared_template(entry) != file:
            continue
        content = entry.get("content")
        parameters = content.get("parameters") if isinstance(content, dict) else None
        for parameter in parameters if isinstance(parameters, list) else []:
            if isinstance(parameter, dict) and isinstance(parameter.get("name"), str):
                names.add(parameter["name"])
    return names


def _declared_template(entry: dict[str, Any]) -> str | None:
    """The template file a block declares (`templateFile`, from the block's folder), as a
    pack path: for a block with errors, which has no checked one."""
    content = entry.get("content")
    named = content.get("templateFile") if isinstance(content, dict) else None
    path = entry.get("modulePath")
    if not isinstance(named, str) or not named or not isinstance(path, str):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(path), named))


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
