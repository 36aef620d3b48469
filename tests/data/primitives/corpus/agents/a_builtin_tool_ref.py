"""A TypeScript build refuses: the built-in `kindgi_remember` listed in tools."""

from __future__ import annotations

from kindgi import Agent

diarist = Agent(
    id="acme.corpus.diarist",
    version="1.0.0",
    name="Diarist",
    instructions="Keep the user's diary.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "kindgi_remember", "version": "*"}],
)
