"""The SDK refuses: a subgraph whose flowRef version is a range (flow.schema.json)."""

from __future__ import annotations

from kindgi import Flow

parent = Flow(
    id="acme.corpus.parent",
    version="1.0.0",
    nodes=[
        {
            "id": "child",
            "kind": "subgraph",
            "flowRef": {"flowId": "acme.corpus.pricing", "version": "^1.0.0"},
            "inputMapping": {},
            "outputSchema": {"type": "object"},
            "convergence": "settle-all",
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "child"},
        {"id": "out", "from": "child", "to": "$end"},
    ],
)
