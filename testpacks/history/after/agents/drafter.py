"""The reply drafter: its prompt and its style come from the pack's blocks."""

from __future__ import annotations

from kindgi import Agent

drafter = Agent(
    id="acme.ledger.reply-drafter",
    version="1.0.0",
    name="Reply drafter",
    instructions={"prompt": "acme.reply-prompt", "version": "^1.0.0"},
    settings=[{"id": "acme.reply-style", "version": "^1.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[
        {"id": "acme.ledger.record-expense", "version": "^1.0.0"},
        {"id": "acme.ledger.total", "version": "^1.0.0"},
    ],
)
