"""Every call fails: a config with "yes" for a bool (pydantic lax mode takes it, JSON Schema doesn't)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import RunTrace, guardrail


class CaseConfig(BaseModel):
    phrases: list[str]
    case_sensitive: bool = Field(default=False, alias="caseSensitive")


@guardrail(
    id="acme.corpus.required-disclaimer",
    check_id="acme.corpus.checks.required-disclaimer",
    on_violation="log-only",
    config={"phrases": ["Not financial advice"], "caseSensitive": "yes"},
)
def required_disclaimer(config: CaseConfig, trace: RunTrace) -> bool:
    text = str(trace.output or "")
    return all(p in text for p in config.phrases)
