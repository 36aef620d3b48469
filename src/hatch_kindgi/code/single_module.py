"""A pyproject for the SDK's `--config` whose discovery names a single code module.

Only on the failure path: when the SDK fails for the whole pack without naming a file, each
module is indexed on its own with such a config, so the problem can name the file at fault.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hatch_kindgi.config.stage import CODE_KINDS, read_pyproject

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

# The SDK's glob has no escape character, but a one-option group `{x}` is `x` taken literally
# (its options are escaped), and a `{` opens a group only where a `}` follows.
_LITERAL = {"{": "{{}", "*": "{*}", "?": "{?}"}
# What a TOML basic string may not hold as itself: quote, backslash, controls but tab, DEL.
_TOML_ESCAPED = re.compile(r'["\\\x00-\x08\x0a-\x1f\x7f]')


def pack_table(root: Path) -> dict[str, str] | None:
    """`[tool.kindgi.pack]` id and version, for the single-module pyprojects."""
    document = read_pyproject(root)[0]
    if document is None:
        return None
    pack = document.get("tool", {}).get("kindgi", {}).get("pack", {})
    if not isinstance(pack, dict):
        return None
    pack_id, version = pack.get("id"), pack.get("version")
    if not isinstance(pack_id, str) or not isinstance(version, str):
        return None
    return {"id": pack_id, "version": version}


def single_module_pyproject(pack: Mapping[str, str], module: str) -> str:
    """A pyproject whose discovery names only `module`, under the kind its folder implies.

    The other kinds get a pattern under a folder that does not exist, so nothing is walked.
    """
    first = module.split("/", 1)[0]
    kind = first if first in CODE_KINDS else "tools"
    lines = [
        "[tool.kindgi.pack]",
        f"id = {_toml_string(pack['id'])}",
        f"version = {_toml_string(pack['version'])}",
        "[tool.kindgi.discovery]",
    ]
    for each in CODE_KINDS:
        pattern = sdk_literal_glob(module) if each == kind else ".hatch-kindgi-none/none.py"
        lines.append(f"{each} = {_toml_string(pattern)}")
    return "\n".join(lines) + "\n"


def sdk_literal_glob(path: str) -> str:
    """A kindgi SDK discovery glob that matches `path` and nothing else.

    A module named `tools/{slow}.py` taken as a glob would match `tools/slow.py`.
    """
    return "".join(_LITERAL.get(char, char) for char in path)


def _toml_string(text: str) -> str:
    """`text` as a TOML basic string (JSON's escapes would spell astral characters as
    surrogate pairs, which TOML refuses)."""
    return '"' + _TOML_ESCAPED.sub(lambda found: f"\\u{ord(found[0]):04x}", text) + '"'
