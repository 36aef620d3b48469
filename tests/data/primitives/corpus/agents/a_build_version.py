"""An agent versioned with build metadata (`1.3.0+build.7`)."""

from __future__ import annotations

from kindgi import Agent

planner = Agent(
    id="acme.corpus.planner",
    version="1.3.0+build.7",
    name="Planner",
    instructions="Plan the week.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
