"""An agent that writes notes."""

from __future__ import annotations

from kindgi import Agent

scribe = Agent(
    id="acme.notes.scribe",
    version="1.0.0",
    name="Scribe",
    instructions="You keep notes for {{ user_name | default: 'the user' }}. Be brief.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "acme.notes.add-note", "version": "^0.3.0"}, {"id": "acme.notes.count-words", "version": "~0.2.0"}],
    guardrails=["acme.notes.no-shouting"],
    output={"schema": {"type": "object", "properties": {"summary": {"type": "string"}}, "required": ["summary"]}},
)
