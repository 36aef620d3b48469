"""An agent with an empty name."""

from __future__ import annotations

from kindgi import Agent

nameless = Agent(
    id="acme.corpus.nameless",
    version="1.0.0",
    name="",
    instructions="Help.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
