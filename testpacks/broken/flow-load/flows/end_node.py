"""A flow with a node named `$end`, one of the flow's own ends."""

from __future__ import annotations

from kindgi import Flow

closing = Flow(
    id="acme.broken.closing",
    version="1.0.0",
    nodes=[
        {"id": "summarize", "kind": "agent", "ref": "acme.broken.summarizer"},
        {"id": "$end", "kind": "tool", "ref": "acme.broken.archive"},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "summarize"},
        {"id": "out", "from": "summarize", "to": "$end"},
    ],
)
