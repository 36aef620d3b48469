"""An agent whose output schema the runtime won't compile: the deploy refuses it."""

from __future__ import annotations

from kindgi import Agent

typed = Agent(
    id="acme.broken.typed",
    version="1.0.0",
    name="Typed",
    instructions="You help.",
    capabilities=[{"needs": [{"feature": "structured-output"}]}],
    output={"schema": {"type": "object", "properties": {"total": {"type": "integer", "minimum": "zero"}}}},
)
