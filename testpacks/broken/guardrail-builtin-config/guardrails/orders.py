"""Guardrails naming a built-in check, whose config that check refuses."""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: dict) -> bool:
    return True


order_ids = Guardrail(
    id="acme.broken.order-ids",
    check=_unused,
    check_id="output-matches",
    kind="zero-llm",
    action={"on-violation": "halt"},
    config={"pattern": "ORDER-(?P<id>\\d+)", "flags": "ix"},
    module=__name__,
)

cites = Guardrail(
    id="acme.broken.cites",
    check=_unused,
    check_id="must-cite",
    kind="zero-llm",
    action={"on-violation": "log-only"},
    config={"minCitations": 0},
    module=__name__,
)
