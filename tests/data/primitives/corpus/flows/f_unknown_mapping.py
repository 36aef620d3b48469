"""Every run fails: an inputMapping naming a node that isn't there."""

from __future__ import annotations

from kindgi import Flow

ship = Flow(
    id="acme.corpus.ship-order",
    version="1.0.0",
    nodes=[
        {"id": "quote", "kind": "tool", "ref": "acme.corpus.quote"},
        {
            "id": "charge",
            "kind": "tool",
            "ref": "acme.corpus.charge",
            "inputMapping": {
                "amountCents": {"path": "nodeOutputs.pricing.total_cents"},
                "method": {"path": "runInput.method"},
            },
        },
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "quote"},
        {"id": "pay", "from": "quote", "to": "charge"},
        {"id": "out", "from": "charge", "to": "$end"},
    ],
)
