"""Every run fails: a fanout with two branches of one branchId."""

from __future__ import annotations

from kindgi import Flow

checks = Flow(
    id="acme.corpus.kyc-checks",
    version="1.0.0",
    nodes=[
        {
            "id": "kyc",
            "kind": "fanout",
            "convergence": "all-succeed",
            "branches": [
                {"branchId": "sanctions", "handler": "acme.corpus.profile", "outputSchema": {"type": "object"}},
                {"branchId": "sanctions", "handler": "acme.corpus.geocode", "outputSchema": {"type": "object"}},
            ],
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "kyc"},
        {"id": "out", "from": "kyc", "to": "$end"},
    ],
)
