"""A sync whose retries back off exponentially with no cap on the delay."""

from __future__ import annotations

from kindgi import Flow

sync = Flow(
    id="acme.broken.crm-sync",
    version="1.0.0",
    nodes=[
        {"id": "pull", "kind": "tool", "ref": "acme.broken.pull"},
        {"id": "push", "kind": "tool", "ref": "acme.broken.push"},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "pull"},
        {
            "id": "to-push",
            "from": "pull",
            "to": "push",
            "policy": {"retry": {"maxAttempts": 5, "backoff": "exponential", "delayMs": 500}},
        },
        {"id": "out", "from": "push", "to": "$end"},
    ],
)
