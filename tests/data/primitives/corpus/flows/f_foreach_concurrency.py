"""Every run fails: a foreach whose concurrency passes its maxIterations."""

from __future__ import annotations

from kindgi import Flow

resize = Flow(
    id="acme.corpus.resize-images",
    version="1.0.0",
    nodes=[
        {
            "id": "each-image",
            "kind": "loop",
            "loopKind": "foreach",
            "iterateOver": {"path": "runInput.images"},
            "maxIterations": 4,
            "concurrency": 8,
            "outputSchema": {"type": "object"},
            "body": {
                "nodes": [{"id": "resize", "kind": "tool", "ref": "acme.corpus.store-upload"}],
                "edges": [
                    {"id": "b-in", "from": "$loop-start", "to": "resize"},
                    {"id": "b-out", "from": "resize", "to": "$loop-end"},
                ],
            },
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "each-image"},
        {"id": "out", "from": "each-image", "to": "$end"},
    ],
)
