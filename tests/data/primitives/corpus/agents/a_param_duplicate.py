"""A TypeScript build refuses: the same parameter twice."""

from __future__ import annotations

from kindgi import Agent

writer = Agent(
    id="acme.corpus.writer",
    version="1.0.0",
    name="Writer",
    instructions="Write in a {{ tone }} tone.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[
        {"name": "tone", "type": "string", "default": "warm"},
        {"name": "tone", "type": "string", "default": "formal"},
    ],
)
