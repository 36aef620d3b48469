"""A guardrail check with `limits.cpuMs: 0`."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.fast-check",
    check_id="acme.corpus.checks.fast-check",
    on_violation="log-only",
    limits={"memMB": 32, "cpuMs": 0},
)
def fast_check(config: dict, trace: RunTrace) -> bool:
    return True
