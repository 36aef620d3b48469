"""Every run fails: two edges with one id."""

from __future__ import annotations

from kindgi import Flow

pipeline = Flow(
    id="acme.corpus.pipeline",
    version="1.0.0",
    nodes=[
        {"id": "fetch", "kind": "tool", "ref": "acme.corpus.read-file"},
        {"id": "count", "kind": "tool", "ref": "acme.corpus.count-tokens"},
    ],
    edges=[
        {"id": "e", "from": "$start", "to": "fetch"},
        {"id": "e", "from": "fetch", "to": "count"},
        {"id": "out", "from": "count", "to": "$end"},
    ],
)
