"""A TypeScript build refuses: a prompt block id with capitals and a range that isn't one."""

from __future__ import annotations

from kindgi import Agent

composer = Agent(
    id="acme.corpus.composer",
    version="1.0.0",
    name="Composer",
    instructions={"prompt": "Acme.ReplyPrompt", "version": "latest"},
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
