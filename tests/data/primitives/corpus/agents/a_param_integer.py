"""A TypeScript build refuses: a prompt parameter of type `integer`."""

from __future__ import annotations

from kindgi import Agent

lister = Agent(
    id="acme.corpus.lister",
    version="1.0.0",
    name="Lister",
    instructions="List at most {{ max_items }} items.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[{"name": "max_items", "type": "integer", "default": 5}],
)
