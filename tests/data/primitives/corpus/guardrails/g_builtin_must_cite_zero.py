"""The built-in `must-cite` check with minCitations 0 (built directly, as the SDK refuses it)."""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: object) -> bool:
    return True


cites = Guardrail(
    id="acme.corpus.cites",
    check=_unused,
    check_id="must-cite",
    kind="zero-llm",
    action={"on-violation": "halt"},
    severity="error",
    config={"minCitations": 0},
    module=__name__,
)
