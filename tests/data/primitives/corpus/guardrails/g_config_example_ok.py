"""A control case: a config model with `Field(example=...)`: configSchema isn't compiled strict."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import RunTrace, guardrail


class WordsConfig(BaseModel):
    words: list[str] = Field(example=["darn"])


@guardrail(
    id="acme.corpus.clean-words",
    check_id="acme.corpus.checks.clean-words",
    on_violation="log-only",
    config={"words": ["darn"]},
)
def clean_words(config: WordsConfig, trace: RunTrace) -> bool:
    return not any(w in str(trace.output or "") for w in config.words)
