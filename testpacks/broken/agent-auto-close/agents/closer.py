"""An agent the checks across entries refuse."""

from __future__ import annotations

from kindgi import Agent

closer = Agent(
    id="acme.broken.closer",
    version="1.0.0",
    name="Closer",
    instructions="You help.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    conversation_policy={"autoCloseAfterInactiveSeconds": 600},
)
