"""Every run fails: a leaf's inputMapping uses `iterationIndex` (loop exitCondition only)."""

from __future__ import annotations

from kindgi import Flow

pager = Flow(
    id="acme.corpus.pager",
    version="1.0.0",
    nodes=[
        {
            "id": "page",
            "kind": "tool",
            "ref": "acme.corpus.list-invoices",
            "inputMapping": {"customer": {"path": "runInput.customer"}, "page": {"path": "iterationIndex"}},
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "page"},
        {"id": "out", "from": "page", "to": "$end"},
    ],
)
