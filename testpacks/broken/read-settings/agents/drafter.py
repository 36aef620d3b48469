"""The reply drafter: it pins the reply style, not the weights."""

from __future__ import annotations

from kindgi import Agent

drafter = Agent(
    id="acme.broken.drafter",
    version="1.0.0",
    name="Reply drafter",
    instructions="You draft replies.",
    settings=[{"id": "acme.reply-style", "version": "^1.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[
        {"id": "acme.broken.refund-check", "version": "^1.0.0"},
        {"id": "acme.broken.rank", "version": "^1.0.0"},
    ],
)
