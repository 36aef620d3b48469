"""Pieces of packs the unit tests share: a guardrail entry, a small tool module."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

GUARD_FILE = "guardrails/tone.py"


def guardrail(**fields: Any) -> dict[str, Any]:
    """A guardrail entry as the SDK writes it, with `fields` on top."""
    entry: dict[str, Any] = {
        "id": "acme.tone",
        "kind": "zero-llm",
        "action": {"on-violation": "halt"},
        "checkId": "acme.tone",
        "checkModulePath": GUARD_FILE,
    }
    entry.update(fields)
    return entry


# A tool module for scratch packs (dedent before writing).
PING_TOOL = """\
    from __future__ import annotations

    import sys

    from pydantic import BaseModel

    from kindgi import tool


    class Ping(BaseModel):
        text: str


    @tool(id="acme.scratch.ping", mutating=False)
    def ping(message: Ping) -> str:
        \"\"\"Answers with the text it got.\"\"\"
        return message.text
    """


def scratch_pack(root: Path, files: dict[str, str], pyproject_extra: str = "") -> Path:
    """A pack in `root`: a pyproject with [tool.kindgi.pack] (and `pyproject_extra`), and the
    given files, dedented."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text(
        '[tool.kindgi.pack]\nid = "acme.scratch"\nversion = "1.0.0"\n' + pyproject_extra,
        encoding="utf-8",
    )
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root
