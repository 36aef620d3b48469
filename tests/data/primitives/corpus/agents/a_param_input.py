"""A TypeScript build refuses: a prompt parameter named `input` (auto-injected)."""

from __future__ import annotations

from kindgi import Agent

echo = Agent(
    id="acme.corpus.echo",
    version="1.0.0",
    name="Echo",
    instructions="Repeat {{ input }} politely.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[{"name": "input", "type": "string"}],
)
