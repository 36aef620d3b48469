"""The writer: it pins two settings blocks the pack brings, each with an error of its own."""

from __future__ import annotations

from kindgi import Agent

writer = Agent(
    id="acme.broken.writer",
    version="1.0.0",
    name="Writer",
    instructions="You write replies.",
    settings=[
        {"id": "acme.broken.style", "version": "^1.0.0"},
        {"id": "acme.broken.weights", "version": "^1.0.0"},
    ],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[
        {"id": "acme.broken.trim", "version": "^1.0.0"},
        {"id": "acme.broken.weigh", "version": "^1.0.0"},
    ],
)
