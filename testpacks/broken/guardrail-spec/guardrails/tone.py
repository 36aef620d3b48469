"""Guardrails the deploy refuses: guardrail.schema.json's severities, actions and scopes."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import guardrail


class Tone(BaseModel):
    banned_words: list[str] = []


@guardrail(id="acme.broken.polite-tone", on_violation="halt", severity="medium",
           config={"banned_words": ["stupid"]})
def polite(config: Tone, trace: dict) -> bool:
    return True


@guardrail(
    id="acme.broken.retry-tone",
    action={"on-violation": "retry", "max_attempts": 3},
    scope={"agent": "acme.broken.writer"},
)
def retry(config: dict, trace: dict) -> bool:
    return True
