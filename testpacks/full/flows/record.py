"""A flow: record an expense, then read the total."""

from __future__ import annotations

from kindgi import Flow

from ..tools.ledger import record_expense, total

record = Flow(
    id="acme.ledger.record-and-total",
    version="1.0.0",
    name="Record and total",
    nodes=[
        {"id": "record", "kind": "tool", "ref": record_expense},
        {"id": "total", "kind": "tool", "ref": total},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "record"},
        {"id": "then", "from": "record", "to": "total"},
        {"id": "out", "from": "total", "to": "$end"},
    ],
)
