"""An editorial flow that loops back through review: a cycle (the deploy takes it; every run
fails)."""

from __future__ import annotations

from kindgi import Flow

editorial = Flow(
    id="acme.broken.editorial",
    version="1.0.0",
    nodes=[
        {"id": "draft", "kind": "agent", "ref": "acme.broken.writer"},
        {"id": "review", "kind": "agent", "ref": "acme.broken.reviewer"},
        {"id": "revise", "kind": "agent", "ref": "acme.broken.writer"},
    ],
    edges=[
        {"id": "start", "from": "$start", "to": "draft"},
        {"id": "to-review", "from": "draft", "to": "review"},
        {
            "id": "needs-work",
            "from": "review",
            "to": "revise",
            "when": {"op": "falsy", "value": {"path": "nodeOutputs.review.approved"}},
        },
        {"id": "again", "from": "revise", "to": "review"},
        {"id": "done", "from": "review", "to": "$end"},
    ],
)
