"""A guardrail: the final answer stays polite."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import RunTrace, guardrail


class ToneConfig(BaseModel):
    banned_words: list[str] = Field(default_factory=list, alias="bannedWords")
    max_exclamations: int = Field(default=3, alias="maxExclamations", ge=0)


@guardrail(
    id="acme.ledger.polite-tone",
    check_id="acme.ledger.checks.polite-tone",
    on_violation="halt",
    severity="warn",
    config={"bannedWords": ["stupid"], "maxExclamations": 2},
)
def polite_tone(config: ToneConfig, trace: RunTrace) -> bool:
    text = str(trace.output or "")
    if text.count("!") > config.max_exclamations:
        return False
    return not any(word in text.lower() for word in config.banned_words)
