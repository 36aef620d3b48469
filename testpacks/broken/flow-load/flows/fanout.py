"""A CRM push to two systems that asks for four workers at once."""

from __future__ import annotations

from kindgi import Flow

push = Flow(
    id="acme.broken.crm-push",
    version="1.0.0",
    nodes=[
        {
            "id": "push",
            "kind": "fanout",
            "convergence": "settle-all",
            "concurrency": 4,
            "branches": [
                {"branchId": "hubspot", "handler": "acme.broken.hubspot", "outputSchema": {"type": "object"}},
                {"branchId": "salesforce", "handler": "acme.broken.salesforce", "outputSchema": {"type": "object"}},
            ],
        },
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "push"},
        {"id": "out", "from": "push", "to": "$end"},
    ],
)
