"""A flow whose subgraph outputSchema uses `format: "decimal"` (not a format Ajv knows)."""

from __future__ import annotations

from kindgi import Flow

invoice = Flow(
    id="acme.corpus.invoice-run",
    version="1.0.0",
    nodes=[
        {
            "id": "price",
            "kind": "subgraph",
            "flowRef": {"flowId": "acme.corpus.pricing", "version": "1.0.0"},
            "inputMapping": {"sku": {"path": "runInput.sku"}},
            "outputSchema": {
                "type": "object",
                "properties": {"amount": {"type": "string", "format": "decimal"}},
            },
            "convergence": "success-only",
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "price"},
        {"id": "out", "from": "price", "to": "$end"},
    ],
)
