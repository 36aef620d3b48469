"""A control case: an action name the runtime records but doesn't act on ("notify")."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.escalate-anger",
    check_id="acme.corpus.checks.escalate-anger",
    action={"on-violation": "escalate", "escalateTo": "senior"},
    severity="error",
    scope={"when": "runtime-only", "flows": ["acme.corpus.intake"]},
)
def escalate_anger(config: dict, trace: RunTrace) -> bool:
    return "angry" not in str(trace.output or "").lower()
