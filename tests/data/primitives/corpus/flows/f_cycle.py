"""Every run fails: a cycle (review -> revise -> review)."""

from __future__ import annotations

from kindgi import Flow

editorial = Flow(
    id="acme.corpus.editorial",
    version="1.0.0",
    nodes=[
        {"id": "draft", "kind": "agent", "ref": "acme.corpus.writer"},
        {"id": "review", "kind": "agent", "ref": "acme.corpus.reviewer"},
        {"id": "revise", "kind": "agent", "ref": "acme.corpus.writer"},
    ],
    edges=[
        {"id": "start", "from": "$start", "to": "draft"},
        {"id": "to-review", "from": "draft", "to": "review"},
        {
            "id": "needs-work",
            "from": "review",
            "to": "revise",
            "when": {"op": "eq", "left": {"path": "nodeOutputs.review.approved"}, "right": {"literal": False}},
        },
        {"id": "again", "from": "revise", "to": "review"},
        {"id": "done", "from": "review", "to": "$end"},
    ],
)
