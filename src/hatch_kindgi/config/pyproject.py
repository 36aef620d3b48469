"""Reading a pack's pyproject.toml, and writing TOML values back into messages."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from hatch_kindgi.config.sources import NO_OVERLAY, Overlay
from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.report.suggest import offer

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

PYPROJECT = "pyproject.toml"
HOOK_TABLE = ("tool", "hatch", "build", "hooks", "kindgi")
"""The keys of the hook's own table, `[tool.hatch.build.hooks.kindgi]`."""


def read_pyproject(
    root: Path, overlay: Overlay = NO_OVERLAY
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The parsed `pyproject.toml` of the pack at `root` (an editor's buffer of it when
    `overlay` has one), or the problem reading it."""
    path = root / PYPROJECT
    try:
        data = overlay.get(PYPROJECT)
        text = (path.read_bytes() if data is None else data).decode("utf-8")
    except FileNotFoundError:
        return None, [error("config-not-found", PYPROJECT, f"no {PYPROJECT} in the pack folder")]
    except (OSError, UnicodeDecodeError) as cause:
        return None, [error("config-parse", PYPROJECT, f"cannot be read as UTF-8 text: {cause}")]
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


def toml_repr(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


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
    hint, fix = offer(key, [*known, *also])
    if fix is not None:
        return said + hint, fix
    return f"{said} (known: {', '.join(known)})", None
