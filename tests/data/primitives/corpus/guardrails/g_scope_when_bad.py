"""A guardrail scoped `when: "production"` (the runtime's are always, ci-only, runtime-only)."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.prod-tone",
    check_id="acme.corpus.checks.prod-tone",
    on_violation="log-only",
    scope={"when": "production"},
)
def prod_tone(config: dict, trace: RunTrace) -> bool:
    return True
