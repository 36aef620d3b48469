"""Every run fails: two nodes with one id."""

from __future__ import annotations

from kindgi import Flow

double = Flow(
    id="acme.corpus.double-check",
    version="1.0.0",
    nodes=[
        {"id": "check", "kind": "agent", "ref": "acme.corpus.reviewer"},
        {"id": "check", "kind": "agent", "ref": "acme.corpus.approver"},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "check"},
        {"id": "out", "from": "check", "to": "$end"},
    ],
)
