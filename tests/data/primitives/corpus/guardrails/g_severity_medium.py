"""A guardrail with severity "medium" and a pydantic config (as testpacks/full's)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import RunTrace, guardrail


class ToneConfig(BaseModel):
    banned_words: list[str] = Field(default_factory=list, alias="bannedWords")
    max_exclamations: int = Field(default=3, alias="maxExclamations", ge=0)


@guardrail(
    id="acme.corpus.polite-tone",
    check_id="acme.corpus.checks.polite-tone",
    on_violation="halt",
    severity="medium",
    config={"bannedWords": ["stupid"], "maxExclamations": 2},
)
def polite_tone(config: ToneConfig, trace: RunTrace) -> bool:
    text = str(trace.output or "")
    return text.count("!") <= config.max_exclamations
