"""A TypeScript build refuses: `hitl.separateApprover` names a tool the agent lacks."""

from __future__ import annotations

from kindgi import Agent

from ..tools.c_list_of_models_ok import broadcast

marketer = Agent(
    id="acme.corpus.marketer",
    version="1.0.0",
    name="Marketer",
    instructions="Draft and send the campaign when approved.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[broadcast],
    conversation_policy={
        "hitl": {"separateApprover": {"default": False, "overrides": {"acme.corpus.send-email": True}}}
    },
)
