"""A guardrail the checks across entries refuse."""

from __future__ import annotations

from kindgi import guardrail


@guardrail(id="acme.broken.limit", on_violation="halt",
    config_type={"type": "object", "properties": {"limit": {"type": "integer", "minimum": 1}}, "required": ["limit"]},
    config={"limit": 0, "note": 5},
)
def check(config: dict, trace: dict) -> bool:
    return True
