"""A guardrail with severity "warning" (the runtime's are info, warn, error, critical)."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.no-refund-promises",
    check_id="acme.corpus.checks.no-refund-promises",
    on_violation="log-only",
    severity="warning",
)
def no_refund_promises(config: dict, trace: RunTrace) -> bool:
    return "guaranteed refund" not in str(trace.output or "").lower()
