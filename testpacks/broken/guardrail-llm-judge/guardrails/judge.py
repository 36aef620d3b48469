"""A guardrail the checks across entries refuse."""

from __future__ import annotations

from kindgi import guardrail


@guardrail(id="acme.broken.judge", on_violation="halt", kind="llm-judge")
def check(config: dict, trace: dict) -> bool:
    return True
