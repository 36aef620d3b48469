"""The writer: it pins the settings block whose id is no id."""

from __future__ import annotations

from kindgi import Agent

writer = Agent(
    id="acme.broken.writer",
    version="1.0.0",
    name="Writer",
    instructions="You write replies.",
    settings=[{"id": "Acme Style!", "version": "^1.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "acme.broken.trim", "version": "^1.0.0"}],
)
