"""A TypeScript build refuses: parameters declared beside a prompt block."""

from __future__ import annotations

from kindgi import Agent

responder = Agent(
    id="acme.corpus.responder",
    version="1.0.0",
    name="Responder",
    instructions={"prompt": "acme.reply-prompt", "version": "^1.0.0"},
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[{"name": "tone", "type": "string", "default": "warm"}],
)
