"""A TypeScript build refuses: `toolErrors` with 20 retries and a misspelt key."""

from __future__ import annotations

from kindgi import Agent

persistent = Agent(
    id="acme.corpus.persistent",
    version="1.0.0",
    name="Persistent",
    instructions="Keep trying.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tool_errors={"maxRetries": 20, "retry_on": ["tool-error"]},
)
