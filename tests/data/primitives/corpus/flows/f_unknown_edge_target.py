"""Every run fails: an edge to a node that isn't there (a typo)."""

from __future__ import annotations

from kindgi import Flow

intake = Flow(
    id="acme.corpus.intake",
    version="1.0.0",
    nodes=[
        {"id": "classify", "kind": "agent", "ref": "acme.corpus.triage"},
        {"id": "summary", "kind": "agent", "ref": "acme.corpus.summarizer"},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "classify"},
        {"id": "next", "from": "classify", "to": "sumary"},
        {"id": "out", "from": "summary", "to": "$end"},
    ],
)
