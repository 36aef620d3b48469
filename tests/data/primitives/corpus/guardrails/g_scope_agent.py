"""A guardrail scoped with `scope.agent` (the runtime's key is `agents`, a list)."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.billing-only",
    check_id="acme.corpus.checks.billing-only",
    on_violation="halt",
    scope={"agent": "acme.corpus.billing-assistant"},
)
def billing_only(config: dict, trace: RunTrace) -> bool:
    return True
