"""An agent whose typed output schema declares draft-07."""

from __future__ import annotations

from kindgi import Agent

VERDICT = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {"approved": {"type": "boolean"}},
    "required": ["approved"],
}

reviewer = Agent(
    id="acme.corpus.reviewer",
    version="1.0.0",
    name="Reviewer",
    instructions="Review the expense and approve or reject it.",
    capabilities=[{"needs": [{"feature": "structured-output"}]}],
    output=VERDICT,
)
