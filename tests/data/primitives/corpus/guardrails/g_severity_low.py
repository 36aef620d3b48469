"""A guardrail with severity "low"."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.short-answers",
    check_id="acme.corpus.checks.short-answers",
    on_violation="log-only",
    severity="low",
)
def short_answers(config: dict, trace: RunTrace) -> bool:
    return len(str(trace.output or "")) < 2000
