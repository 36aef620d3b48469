"""Built-in `output-matches` with a Python-only pattern `(?P<id>...)` (built directly)."""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: object) -> bool:
    return True


order_ref = Guardrail(
    id="acme.corpus.order-ref",
    check=_unused,
    check_id="output-matches",
    kind="zero-llm",
    action={"on-violation": "log-only"},
    config={"pattern": "ORDER-(?P<id>\\d+)"},
    module=__name__,
)
