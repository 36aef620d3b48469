"""A guardrail whose retry action is written with a Python-style key (`max_attempts`)."""

from __future__ import annotations

from kindgi import RunTrace, guardrail


@guardrail(
    id="acme.corpus.valid-json",
    check_id="acme.corpus.checks.valid-json",
    action={"on-violation": "retry", "max_attempts": 3},
    severity="error",
)
def valid_json(config: dict, trace: RunTrace) -> bool:
    import json

    try:
        json.loads(str(trace.output or ""))
    except ValueError:
        return False
    return True
