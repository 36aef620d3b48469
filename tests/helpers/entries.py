"""Pieces of packs the unit tests share: a guardrail entry, a small tool module."""

from __future__ import annotations

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
