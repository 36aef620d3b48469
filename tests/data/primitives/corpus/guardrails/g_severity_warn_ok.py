"""A control case: severity "warn", a pydantic config, scope by agent."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import CheckResult, RunTrace, guardrail


class LengthConfig(BaseModel):
    max_chars: int = Field(default=1200, alias="maxChars", ge=1)


@guardrail(
    id="acme.corpus.answer-length",
    check_id="acme.corpus.checks.answer-length",
    on_violation="log-only",
    severity="warn",
    scope={"when": "always", "agents": ["acme.corpus.helpdesk"]},
    config={"maxChars": 800},
)
def answer_length(config: LengthConfig, trace: RunTrace) -> CheckResult:
    text = str(trace.output or "")
    return CheckResult(passed=len(text) <= config.max_chars, reason="too long")
