"""A TypeScript build refuses: `toolErrors.retryOn: ["timeout"]`."""

from __future__ import annotations

from kindgi import Agent

from ..tools.t_network_hosts import geocode

mapper = Agent(
    id="acme.corpus.mapper",
    version="1.0.0",
    name="Mapper",
    instructions="Geocode the addresses the user gives.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[geocode],
    tool_errors={"maxRetries": 3, "retryOn": ["timeout"]},
)
