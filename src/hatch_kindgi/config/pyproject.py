"""Reading a pack's pyproject.toml, and writing TOML values back into messages."""

from __future__ import annotations

import datetime
import math
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from hatch_kindgi.config.sources import (
    NO_OVERLAY,
    PYPROJECT_MAX_BYTES,
    Overlay,
    Unread,
    read_pack_file,
    unread_said,
)
from hatch_kindgi.report.problems import Problem, error, json_pointer

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

PYPROJECT = "pyproject.toml"
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")

HOOK_TABLE = ("tool", "hatch", "build", "hooks", "kindgi")
"""The keys of the hook's own table, `[tool.hatch.build.hooks.kindgi]`."""


def read_pyproject(
    root: Path, overlay: Overlay = NO_OVERLAY
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The parsed `pyproject.toml` of the pack at `root` (an editor's buffer of it when
    `overlay` has one), or the problem reading it."""
    buffer = overlay.get(PYPROJECT)
    if buffer is None:
        read = read_pack_file(root / PYPROJECT, PYPROJECT_MAX_BYTES)
    else:  # an editor's buffer, whatever the disk holds under it
        too_large = len(buffer) > PYPROJECT_MAX_BYTES
        read = Unread("too-large", len(buffer)) if too_large else buffer
    if isinstance(read, Unread):
        if read.why == "missing":
            return None, [
                error("config-not-found", PYPROJECT, f"no {PYPROJECT} in the pack folder")
            ]
        return None, [error("config-parse", PYPROJECT, unread_said(read, PYPROJECT_MAX_BYTES))]
    try:
        text = read.decode("utf-8")
    except UnicodeDecodeError as cause:
        return None, [error("config-parse", PYPROJECT, f"cannot be read as UTF-8 text: {cause}")]
    if text.startswith("\ufeff"):
        return None, [
            error(
                "config-parse",
                PYPROJECT,
                "is not valid TOML: the file starts with a byte order mark (U+FEFF); save it "
                "as UTF-8 without one",
                line=1,
                column=1,
            )
        ]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as cause:
        line, column = _toml_position(cause)
        return None, [
            error(
                "config-parse",
                PYPROJECT,
                f"is not valid TOML: {_toml_message(cause)}",
                line=line,
                column=column,
            )
        ]


def hook_table(document: Mapping[str, Any]) -> Mapping[str, Any]:
    """`[tool.hatch.build.hooks.kindgi]` of a parsed pyproject (empty when absent)."""
    node: Any = document
    for key in HOOK_TABLE:
        node = node.get(key) if isinstance(node, Mapping) else None
    return node if isinstance(node, Mapping) else {}


def key_anchor(*path: str | int) -> str:
    """The pointer of a pyproject key (`key_anchor("tool", "kindgi", "pack")`): what places
    a problem about it on its line (`Problem.anchor`)."""
    return json_pointer(path)


def option_anchor(key: str) -> str:
    """The pointer of the hook option `key` in `[tool.hatch.build.hooks.kindgi]`."""
    return json_pointer((*HOOK_TABLE, key))


def toml_value(value: object) -> str:
    """`value`, as `tomllib` reads it, written back in TOML's notation (a message quotes the
    pyproject's value as the file says it): `"hosted"`, `["hosted"]`, `{ a = 1 }`,
    `2026-01-01`, `true`, `inf`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, (int, datetime.date, datetime.time)):
        return str(value) if isinstance(value, int) else value.isoformat()
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        pairs = (f"{_toml_key(str(key))} = {toml_value(item)}" for key, item in value.items())
        return "{ " + ", ".join(pairs) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return repr(value)  # pragma: no cover - tomllib gives none other


_TOML_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def _toml_string(text: str) -> str:
    """A basic string: quotes, backslashes and control characters escaped."""
    return '"' + "".join(_toml_char(char) for char in text) + '"'


def _toml_char(char: str) -> str:
    if char in _TOML_ESCAPES:
        return _TOML_ESCAPES[char]
    if char < " " or char == "\x7f":
        return f"\\u{ord(char):04X}"
    return char


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_position(cause: Exception) -> tuple[int | None, int | None]:
    line = getattr(cause, "lineno", None)
    column = getattr(cause, "colno", None)
    if isinstance(line, int) and isinstance(column, int):
        return line, column
    match = re.search(r"\(at line (\d+), column (\d+)\)", str(cause))
    if match:
        return int(match.group(1)), int(match.group(2))
    return None, None


def _toml_message(cause: Exception) -> str:
    message = getattr(cause, "msg", None)
    if isinstance(message, str):
        return message
    return re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)$", "", str(cause))


def unknown_key(
    key: str, said: str, known: Iterable[str], *, also: Iterable[str] = ()
) -> tuple[str, tuple[str, str] | None]:
    """The message for a key its table doesn't know, `said` being what the message says of it
    (`` `tool.kindgi.pack.nmae` is not a pack key``): "did you mean" the closest of `known`
    (or of `also`, keys another tool reads there), else the keys it takes; and the fix as
    data, `(key, meant)`, for an editor."""
    from hatch_kindgi.report.suggest import offer  # difflib, for a misspelt key only

    hint, fix = offer(key, [*known, *also])
    if fix is not None:
        return said + hint, fix
    return f"{said} (known: {', '.join(known)})", None
