"""An llm-judge guardrail: the kindgi SDK 0.1.x can't declare its judgeCapabilities."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.helpful-judge",
    check_id="acme.corpus.checks.helpful-judge",
    kind="llm-judge",
    on_violation="log-only",
    severity="info",
)
def helpful_judge(config: dict, trace: RunTrace) -> bool:
    return True
