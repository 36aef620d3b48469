"""Every run fails: a fanout asking for more workers than it has branches."""

from __future__ import annotations

from kindgi import Flow

quotes = Flow(
    id="acme.corpus.carrier-quotes",
    version="1.0.0",
    nodes=[
        {
            "id": "ask-carriers",
            "kind": "fanout",
            "convergence": "any-succeed",
            "concurrency": 4,
            "branches": [
                {"branchId": "ups", "handler": "acme.corpus.quote", "outputSchema": {"type": "object"}},
                {"branchId": "dhl", "handler": "acme.corpus.quote", "outputSchema": {"type": "object"}},
            ],
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "ask-carriers"},
        {"id": "out", "from": "ask-carriers", "to": "$end"},
    ],
)
