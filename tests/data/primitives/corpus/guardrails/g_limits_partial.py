"""A guardrail check with `limits` naming only memMB (the runtime needs both)."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.lean-check",
    check_id="acme.corpus.checks.lean-check",
    on_violation="log-only",
    limits={"memMB": 64},
)
def lean_check(config: dict, trace: RunTrace) -> bool:
    return True
