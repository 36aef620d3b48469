"""A guardrail check whose network allowlist says `domains`."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.link-check",
    check_id="acme.corpus.checks.link-check",
    on_violation="log-only",
    network={"kind": "allowlist", "domains": ["example.com"]},
)
def link_check(config: dict, trace: RunTrace) -> bool:
    return True
