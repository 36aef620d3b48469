"""Every run fails: a node named `$end`."""

from __future__ import annotations

from kindgi import Flow

closer = Flow(
    id="acme.corpus.closer",
    version="1.0.0",
    nodes=[
        {"id": "summarize", "kind": "agent", "ref": "acme.corpus.summarizer"},
        {"id": "$end", "kind": "tool", "ref": "acme.corpus.notify"},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "summarize"},
        {"id": "out", "from": "summarize", "to": "$end"},
    ],
)
