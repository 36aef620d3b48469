"""A control case: a retry action with retry.maxAttempts, severity critical."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.no-pii",
    check_id="acme.corpus.checks.no-pii",
    action={"on-violation": "retry", "retry": {"maxAttempts": 2}},
    severity="critical",
)
def no_pii(config: dict, trace: RunTrace) -> bool:
    return "@" not in str(trace.output or "")
