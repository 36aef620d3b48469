"""Built-in `max-tool-calls` with a misspelt setting (`maximum`) (built directly)."""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: object) -> bool:
    return True


few_calls = Guardrail(
    id="acme.corpus.few-calls",
    check=_unused,
    check_id="max-tool-calls",
    kind="zero-llm",
    action={"on-violation": "log-only"},
    config={"maximum": 5},
    module=__name__,
)
