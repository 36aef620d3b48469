"""An agent whose instructions include a partial."""

from __future__ import annotations

from kindgi import Agent

concierge = Agent(
    id="acme.corpus.concierge",
    version="1.0.0",
    name="Concierge",
    instructions="You are the hotel's concierge.\n{% include 'house_rules' %}",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
