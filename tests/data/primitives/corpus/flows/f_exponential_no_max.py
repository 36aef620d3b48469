"""Every run fails: exponential backoff without maxDelayMs."""

from __future__ import annotations

from kindgi import Flow

sync = Flow(
    id="acme.corpus.crm-sync",
    version="1.0.0",
    nodes=[
        {"id": "pull", "kind": "tool", "ref": "acme.corpus.profile"},
        {"id": "push", "kind": "tool", "ref": "acme.corpus.notify"},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "pull"},
        {
            "id": "to-push",
            "from": "pull",
            "to": "push",
            "policy": {"retry": {"maxAttempts": 5, "delayMs": 500, "backoff": "exponential"}},
        },
        {"id": "out", "from": "push", "to": "$end"},
    ],
)
