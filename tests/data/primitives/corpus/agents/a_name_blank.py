"""A TypeScript build refuses a blank name ("  "); the deploy takes it (no trim)."""

from __future__ import annotations

from kindgi import Agent

spacey = Agent(
    id="acme.corpus.spacey",
    version="1.0.0",
    name="  ",
    instructions="Help.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
