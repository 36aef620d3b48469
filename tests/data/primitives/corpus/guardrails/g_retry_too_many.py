"""A guardrail asking for 20 retries (the runtime caps retry.maxAttempts at 10)."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.cites-policy",
    check_id="acme.corpus.checks.cites-policy",
    action={"on-violation": "retry", "retry": {"maxAttempts": 20}},
)
def cites_policy(config: dict, trace: RunTrace) -> bool:
    return "policy" in str(trace.output or "").lower()
