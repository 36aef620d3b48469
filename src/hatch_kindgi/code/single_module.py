"""A pyproject for the SDK's `--config` whose discovery names a single code module.

Only on the failure path: when the SDK fails for the whole pack without naming a file, each
module is indexed on its own with such a config, so the problem can name the file at fault.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from hatch_kindgi.code.sdk_outcome import PYPROJECT

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

_KINDS = ("tools", "guardrails", "agents", "flows")


def pack_table(root: Path) -> dict[str, str] | None:
    """`[tool.kindgi.pack]` id and version, for the single-module pyprojects."""
    try:
        document = tomllib.loads((root / PYPROJECT).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
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
    kind = first if first in _KINDS else "tools"
    lines = [
        "[tool.kindgi.pack]",
        f"id = {json.dumps(pack['id'])}",
        f"version = {json.dumps(pack['version'])}",
        "[tool.kindgi.discovery]",
    ]
    for each in _KINDS:
        pattern = module if each == kind else ".hatch-kindgi-none/none.py"
        lines.append(f"{each} = {json.dumps(pattern)}")
    return "\n".join(lines) + "\n"
