"""The built-in `output-matches` check with flags "ix" (x isn't a JavaScript flag).

The SDK's `@guardrail` refuses a built-in check id, so the Guardrail is built directly.
"""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: object) -> bool:
    return True


ticket_ref = Guardrail(
    id="acme.corpus.ticket-ref",
    check=_unused,
    check_id="output-matches",
    kind="zero-llm",
    action={"on-violation": "log-only"},
    config={"pattern": "TICKET-\\d+", "flags": "ix"},
    module=__name__,
)
