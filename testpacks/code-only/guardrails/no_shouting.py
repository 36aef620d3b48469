"""A guardrail whose check refuses an all-caps final answer."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import RunTrace, guardrail


class ShoutConfig(BaseModel):
    max_caps_ratio: float = 0.5


@guardrail(id="acme.notes.no-shouting", on_violation="halt", severity="info", config={"max_caps_ratio": 0.8})
def no_shouting(config: ShoutConfig, trace: RunTrace) -> bool:
    text = str(trace.output or "")
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return True
    return sum(c.isupper() for c in letters) / len(letters) <= config.max_caps_ratio
