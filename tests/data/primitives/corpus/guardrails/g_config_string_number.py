"""Every call fails: a config pydantic coerces ("5" -> 5) but its JSON Schema refuses."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import RunTrace, guardrail


class CallsConfig(BaseModel):
    max_calls: int = Field(alias="maxCalls", ge=1)


@guardrail(
    id="acme.corpus.tool-budget",
    check_id="acme.corpus.checks.tool-budget",
    on_violation="halt",
    config={"maxCalls": "5"},
)
def tool_budget(config: CallsConfig, trace: RunTrace) -> bool:
    return len(trace.tool_calls) <= config.max_calls
