"""Every run fails: no edge leaves $start."""

from __future__ import annotations

from kindgi import Flow

orphan = Flow(
    id="acme.corpus.orphan",
    version="1.0.0",
    nodes=[
        {"id": "a", "kind": "tool", "ref": "acme.corpus.profile"},
        {"id": "b", "kind": "tool", "ref": "acme.corpus.notify"},
    ],
    edges=[
        {"id": "ab", "from": "a", "to": "b"},
        {"id": "out", "from": "b", "to": "$end"},
    ],
)
