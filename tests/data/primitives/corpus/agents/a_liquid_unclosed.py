"""An agent whose instructions leave an `if` open."""

from __future__ import annotations

from kindgi import Agent

greeter = Agent(
    id="acme.corpus.greeter",
    version="1.0.0",
    name="Greeter",
    instructions="Greet the customer.{% if vip %} Thank them for being a VIP.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[{"name": "vip", "type": "boolean", "default": False}],
)
