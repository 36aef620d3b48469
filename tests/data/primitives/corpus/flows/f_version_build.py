"""The SDK refuses (flow.schema.json's version pattern): a flow version with build metadata."""

from __future__ import annotations

from kindgi import Flow

nightly = Flow(
    id="acme.corpus.nightly",
    version="2.1.0+20260101",
    nodes=[{"id": "sync", "kind": "tool", "ref": "acme.corpus.profile"}],
    edges=[
        {"id": "in", "from": "$start", "to": "sync"},
        {"id": "out", "from": "sync", "to": "$end"},
    ],
)
