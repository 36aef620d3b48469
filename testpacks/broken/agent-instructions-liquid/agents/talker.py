"""An agent whose instructions the runtime's liquidjs won't parse: the deploy refuses it."""

from __future__ import annotations

from kindgi import Agent

talker = Agent(
    id="acme.broken.talker",
    version="1.0.0",
    name="Talker",
    instructions="Hello {{ user_name }}.\nYou help with {% if %}{{ topic }}{% endif %}.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
