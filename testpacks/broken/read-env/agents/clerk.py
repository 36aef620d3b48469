"""The order clerk."""

from __future__ import annotations

from kindgi import Agent

clerk = Agent(
    id="acme.broken.clerk",
    version="1.0.0",
    name="Order clerk",
    instructions="You find orders.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "acme.broken.find-order", "version": "^1.0.0"}],
    guardrails=["acme.broken.tone"],
)
