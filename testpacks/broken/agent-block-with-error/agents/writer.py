"""An agent naming three blocks the pack brings, each with an error of its own: the agent is
not told they are missing (they are in the pack), and each error stays its block's."""

from __future__ import annotations

from kindgi import Agent

writer = Agent(
    id="acme.broken.writer",
    version="1.0.0",
    name="Writer",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    instructions={"prompt": "acme.broken.reply", "version": "^1.0.0"},
    settings=[{"id": "acme.broken.style", "version": "^1.0.0"}],
    model_settings={"id": "acme.broken.model", "version": "^1.0.0"},
)

# Checked against the block with an error as against any: no version of it is in ^2.0.0.
editor = Agent(
    id="acme.broken.editor",
    version="1.0.0",
    name="Editor",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    instructions="You edit.",
    settings=[{"id": "acme.broken.style", "version": "^2.0.0"}],
)
