"""An agent with empty instructions (filled in later, forgotten)."""

from __future__ import annotations

from kindgi import Agent

blank = Agent(
    id="acme.corpus.blank",
    version="1.0.0",
    name="Blank",
    instructions="",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
