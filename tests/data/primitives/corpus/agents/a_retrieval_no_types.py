"""A TypeScript build refuses: a facts retrieval with no types."""

from __future__ import annotations

from kindgi import Agent

advisor = Agent(
    id="acme.corpus.advisor",
    version="1.0.0",
    name="Advisor",
    instructions="Advise using what you know about the customer.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    retrieval=[{"scope": "same-user", "limit": 10}],
)
