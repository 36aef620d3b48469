"""An agent whose instructions use Jinja's `{{ name|title }}` spacing and a default filter: a control case."""

from __future__ import annotations

from kindgi import Agent

host = Agent(
    id="acme.corpus.host",
    version="1.0.0",
    name="Host",
    instructions="Welcome {{ guest|capitalize }} to {{ venue | default: 'our place' }}.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[
        {"name": "guest", "type": "string"},
        {"name": "venue", "type": "string"},
    ],
)
