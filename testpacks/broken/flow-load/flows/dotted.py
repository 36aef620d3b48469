"""A report that maps the output of a node whose id has a dot in it: a path splits at `.`, so
`nodeOutputs.fetch.contacts` reads a node `fetch`, which there isn't."""

from __future__ import annotations

from kindgi import Flow

contacts = Flow(
    id="acme.broken.contacts-report",
    version="1.0.0",
    nodes=[
        {"id": "fetch.contacts", "kind": "tool", "ref": "acme.broken.fetch"},
        {
            "id": "report",
            "kind": "tool",
            "ref": "acme.broken.report",
            "inputMapping": {"contacts": {"path": "nodeOutputs.fetch.contacts"}},
        },
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "fetch.contacts"},
        {"id": "next", "from": "fetch.contacts", "to": "report"},
        {"id": "out", "from": "report", "to": "$end"},
    ],
)
