"""Built-in `output-matches` with a backreference (doubled words): V8 takes it, RE2 doesn't."""

from __future__ import annotations

from kindgi import Guardrail


def _unused(config: dict, trace: object) -> bool:
    return True


doubled = Guardrail(
    id="acme.corpus.doubled-words",
    check=_unused,
    check_id="output-matches",
    kind="zero-llm",
    action={"on-violation": "log-only"},
    config={"pattern": "\\b(\\w+) \\1\\b"},
    module=__name__,
)
