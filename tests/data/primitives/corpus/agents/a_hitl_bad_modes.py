"""A TypeScript build refuses: hitl tools mode "ask" and reviewer role "manager"."""

from __future__ import annotations

from kindgi import Agent

cautious = Agent(
    id="acme.corpus.cautious",
    version="1.0.0",
    name="Cautious",
    instructions="Ask before doing anything.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    conversation_policy={"historyLimit": 0, "hitl": {"defaultReviewerRole": "manager", "tools": {"default": "ask"}}},
)
