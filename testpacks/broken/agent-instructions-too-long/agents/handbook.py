"""An agent whose instructions are one character over the hosted profile's `parseLimit`
(262,144): the runtime's `templateProblem` refuses them before it parses them, so the deploy
refuses the agent."""

from __future__ import annotations

from kindgi import Agent

handbook = Agent(
    id="acme.broken.handbook",
    version="1.0.0",
    name="Handbook",
    instructions="You answer from the handbook.\n" + "x" * 262_115,
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
