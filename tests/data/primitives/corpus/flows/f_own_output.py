"""Every run fails: a node mapping its own output."""

from __future__ import annotations

from kindgi import Flow

selfish = Flow(
    id="acme.corpus.selfish",
    version="1.0.0",
    nodes=[
        {
            "id": "score",
            "kind": "tool",
            "ref": "acme.corpus.readability",
            "inputMapping": {"text": {"path": "nodeOutputs.score.text"}},
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "score"},
        {"id": "out", "from": "score", "to": "$end"},
    ],
)
