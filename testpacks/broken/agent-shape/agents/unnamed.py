"""An agent with an empty name and empty instructions: both refused by the deploy."""

from __future__ import annotations

from kindgi import Agent

unnamed = Agent(
    id="acme.broken.unnamed",
    version="1.0.0",
    name="",
    instructions="",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
