"""A control case: instructions from a prompt block (the SDK writes `parameters: []` beside it)."""

from __future__ import annotations

from kindgi import Agent

drafter = Agent(
    id="acme.corpus.reply-drafter",
    version="1.0.0",
    name="Reply drafter",
    instructions={"prompt": "acme.reply-prompt", "version": "^1.0.0"},
    settings=[{"id": "acme.reply-style", "version": "^1.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
