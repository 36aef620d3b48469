"""A TypeScript build refuses: remember keepDays 5000 and scope "forever"."""

from __future__ import annotations

from kindgi import Agent

elephant = Agent(
    id="acme.corpus.elephant",
    version="1.0.0",
    name="Elephant",
    instructions="Remember everything the user prefers.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    memory={"remember": {"types": ["preference"], "scope": "forever", "keepDays": 5000}},
)
