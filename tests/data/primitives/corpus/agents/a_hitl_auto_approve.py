"""A TypeScript build refuses: `hitl.onTimeout: "auto-approve"`."""

from __future__ import annotations

from kindgi import Agent

from ..tools.t_effect_delete import purge_customer

janitor = Agent(
    id="acme.corpus.janitor",
    version="1.0.0",
    name="Janitor",
    instructions="Purge customers who asked to be forgotten.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[purge_customer],
    conversation_policy={"hitl": {"timeoutMs": 3600000, "onTimeout": "auto-approve"}},
)
