"""The built-in `must-cite` check asking for 150 citations: Kindgi hosted caps it at 100."""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: object) -> bool:
    return True


thorough = Guardrail(
    id="acme.corpus.thorough-citations",
    check=_unused,
    check_id="must-cite",
    kind="zero-llm",
    action={"on-violation": "halt"},
    severity="error",
    config={"minCitations": 150},
    module=__name__,
)
