"""Every call fails: a config model with a required field, and no config given."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import RunTrace, guardrail


class LocaleConfig(BaseModel):
    locale: str = Field(min_length=2)


@guardrail(
    id="acme.corpus.right-language",
    check_id="acme.corpus.checks.right-language",
    on_violation="log-only",
    severity="warn",
)
def right_language(config: LocaleConfig, trace: RunTrace) -> bool:
    return True
