"""A TypeScript build refuses: a retrieval scope "global" and mode "hybrid"."""

from __future__ import annotations

from kindgi import Agent

librarian = Agent(
    id="acme.corpus.librarian",
    version="1.0.0",
    name="Librarian",
    instructions="Find the relevant policy.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    retrieval=[{"types": ["policy"], "scope": "global", "mode": "hybrid"}],
)
