"""A control case: retrieval over facts and conversations, memory, toolErrors, hitl, budget."""

from __future__ import annotations

from kindgi import Agent

from ..tools.t_plain_ok import record_expense

helpdesk = Agent(
    id="acme.corpus.helpdesk",
    version="1.2.0",
    name="Helpdesk",
    description="First-line support.",
    instructions="Help {{ conversation.userName | default: 'the customer' }} with their issue.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[record_expense],
    retrieval=[
        {"types": ["preference"], "scope": "same-user", "limit": 5, "mode": "keyword"},
        {"source": "conversations", "scope": "same-user", "roles": ["user"]},
    ],
    memory={"instructionTypes": ["policy"], "remember": {"types": ["preference"], "scope": "same-user", "keepDays": 30}},
    tool_errors={"maxRetries": 2, "retryOn": ["invalid-arguments", "tool-error"]},
    conversation_policy={
        "historyLimit": 20,
        "hitl": {
            "timeoutMs": 600000,
            "onTimeout": "escalate",
            "defaultReviewerRole": "senior",
            "tools": {"default": "ask_on_first_use", "overrides": {"acme.corpus.record-expense": "always_ask"}},
            "separateApprover": {"overrides": {"acme.corpus.record-expense": True}},
        },
    },
    budget={"maxSteps": 8, "maxCostUsd": 0.2, "maxWallMs": 60000},
    guardrails=["acme.corpus.answer-length"],
    tags=["support"],
)
