"""An agent the checks across entries refuse."""

from __future__ import annotations

from kindgi import Agent

drafter = Agent(
    id="acme.broken.drafter",
    version="1.0.0",
    name="Drafter",
    instructions="You help.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    model_settings={"id": "acme.broken.model", "version": "^1.0.0"},
)
