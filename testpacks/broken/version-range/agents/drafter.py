"""An agent the checks across entries refuse."""

from __future__ import annotations

from kindgi import Agent

drafter = Agent(
    id="acme.broken.drafter",
    version="1.0.0",
    name="Drafter",
    instructions="You help.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "acme.broken.ping", "version": "latest"}],
)
