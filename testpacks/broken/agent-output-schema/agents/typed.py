"""An agent the checks across entries refuse."""

from __future__ import annotations

from kindgi import Agent

typed = Agent(
    id="acme.broken.typed",
    version="1.0.0",
    name="Typed",
    instructions="You help.",
    output={"schema": {"type": "object", "properties": {"total": {"type": "integer", "minimum": "zero"}}}},
)
