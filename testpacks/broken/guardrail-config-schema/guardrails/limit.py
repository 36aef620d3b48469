"""A guardrail the checks across entries refuse."""

from __future__ import annotations

from kindgi import guardrail


@guardrail(id="acme.broken.limit", on_violation="halt",
    config_type={"type": "object", "properties": {"limit": {"type": "whole-number"}}},
    config={"limit": 1},
)
def check(config: dict, trace: dict) -> bool:
    return True
