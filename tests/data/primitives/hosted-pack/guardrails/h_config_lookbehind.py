"""A pack check whose own config schema holds a lookbehind pattern (V8 compiles it; RE2 doesn't)."""

from __future__ import annotations

from kindgi import guardrail


@guardrail(
    id="acme.corpus.currency-format",
    on_violation="halt",
    config_type={
        "type": "object",
        "properties": {"amount": {"type": "string", "pattern": "(?<=\\$)\\d+"}},
    },
    config={"amount": "$12"},
)
def currency_format(config: dict, trace: dict) -> bool:
    return True
