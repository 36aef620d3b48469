"""A guardrail whose check id doesn't start with the pack's id (the SDK warns)."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(id="polite-closing", on_violation="log-only", severity="info")
def polite_closing(config: dict, trace: RunTrace) -> bool:
    return str(trace.output or "").rstrip().endswith(".")
