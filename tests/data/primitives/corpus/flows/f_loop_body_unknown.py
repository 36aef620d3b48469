"""Every run fails: a loop body edge to a node outside the body."""

from __future__ import annotations

from kindgi import Flow

batch = Flow(
    id="acme.corpus.batch-notify",
    version="1.0.0",
    nodes=[
        {"id": "prepare", "kind": "tool", "ref": "acme.corpus.profile"},
        {
            "id": "each",
            "kind": "loop",
            "loopKind": "foreach",
            "iterateOver": {"path": "nodeOutputs.prepare.ids"},
            "maxIterations": 50,
            "outputSchema": {"type": "object"},
            "body": {
                "nodes": [{"id": "send", "kind": "tool", "ref": "acme.corpus.notify"}],
                "edges": [
                    {"id": "b-in", "from": "$loop-start", "to": "send"},
                    {"id": "b-back", "from": "send", "to": "prepare"},
                ],
            },
        },
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "prepare"},
        {"id": "loop", "from": "prepare", "to": "each"},
        {"id": "out", "from": "each", "to": "$end"},
    ],
)
