"""A TypeScript build refuses: `budget.maxSteps: 0` and a negative `maxCostUsd`."""

from __future__ import annotations

from kindgi import Agent

frugal = Agent(
    id="acme.corpus.frugal",
    version="1.0.0",
    name="Frugal",
    instructions="Be brief.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    budget={"maxSteps": 0, "maxCostUsd": -1},
)
