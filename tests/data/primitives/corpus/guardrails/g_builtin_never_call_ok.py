"""A control case: built-in `never-call-tool` with a valid config (built directly)."""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: object) -> bool:
    return True


no_refunds = Guardrail(
    id="acme.corpus.no-refund-tool",
    check=_unused,
    check_id="never-call-tool",
    kind="zero-llm",
    action={"on-violation": "halt"},
    config={"tools": ["acme.corpus.request-refund"]},
    module=__name__,
)
