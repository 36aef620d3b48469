"""The SDK refuses: a tool given as a bare id string (not a Tool or an {id, version} ref)."""

from __future__ import annotations

from kindgi import Agent

clerk = Agent(
    id="acme.corpus.clerk",
    version="1.0.0",
    name="Clerk",
    instructions="File the paperwork.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=["acme.corpus.record-expense"],
)
