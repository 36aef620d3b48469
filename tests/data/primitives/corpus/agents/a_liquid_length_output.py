"""An agent whose instructions print `{{ open_tickets | length }}` (liquidjs has `size`)."""

from __future__ import annotations

from kindgi import Agent

dispatcher = Agent(
    id="acme.corpus.dispatcher",
    version="1.0.0",
    name="Dispatcher",
    instructions="You have {{ open_tickets | length }} open tickets. Pick the oldest.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[{"name": "open_tickets", "type": "string"}],
)
