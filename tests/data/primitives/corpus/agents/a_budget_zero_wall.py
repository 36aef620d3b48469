"""A TypeScript build refuses: `budget.maxWallMs: 0`."""

from __future__ import annotations

from kindgi import Agent

quick = Agent(
    id="acme.corpus.quick",
    version="1.0.0",
    name="Quick",
    instructions="Answer in one line.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    budget={"maxSteps": 3, "maxCostUsd": 0.05, "maxWallMs": 0},
)
