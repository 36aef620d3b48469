"""A campaign agent a TypeScript build would refuse: no capabilities (the SDK's default), a
wall-clock budget of 0, an `integer` parameter, a reviewer rule naming a tool it lacks, an
approval that approves itself on timeout, and a retry kind the runtime doesn't have."""

from __future__ import annotations

from kindgi import Agent

from ..tools.email import send_email

campaigns = Agent(
    id="acme.broken.campaigns",
    version="1.0.0",
    name="Campaigns",
    instructions="Draft the {{ season }} campaign for {{ audience_size }} customers and send it.",
    tools=[send_email],
    parameters=[
        {"name": "season", "type": "string"},
        {"name": "audience_size", "type": "integer"},
    ],
    budget={"maxSteps": 8, "maxWallMs": 0},
    conversation_policy={
        "hitl": {
            "onTimeout": "auto-approve",
            "separateApprover": {"overrides": {"acme.broken.send-sms": True}},
        }
    },
    tool_errors={"maxRetries": 2, "retryOn": ["timeout"]},
)
