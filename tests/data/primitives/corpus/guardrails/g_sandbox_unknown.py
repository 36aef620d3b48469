"""A guardrail check asking for sandbox "vm"."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.sandboxed-check",
    check_id="acme.corpus.checks.sandboxed-check",
    on_violation="log-only",
    sandbox="vm",
)
def sandboxed_check(config: dict, trace: RunTrace) -> bool:
    return True
