"""Every run fails: a cycle inside a loop body."""

from __future__ import annotations

from kindgi import Flow

refine = Flow(
    id="acme.corpus.refine",
    version="1.0.0",
    nodes=[
        {
            "id": "rounds",
            "kind": "loop",
            "loopKind": "while",
            "exitCondition": {"op": "gte", "left": {"path": "iterationIndex"}, "right": {"literal": 3}},
            "maxIterations": 5,
            "outputSchema": {"type": "object"},
            "body": {
                "nodes": [
                    {"id": "critique", "kind": "agent", "ref": "acme.corpus.reviewer"},
                    {"id": "rewrite", "kind": "agent", "ref": "acme.corpus.writer"},
                ],
                "edges": [
                    {"id": "b-in", "from": "$loop-start", "to": "critique"},
                    {"id": "b-1", "from": "critique", "to": "rewrite"},
                    {"id": "b-2", "from": "rewrite", "to": "critique"},
                    {"id": "b-out", "from": "rewrite", "to": "$loop-end"},
                ],
            },
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "rounds"},
        {"id": "out", "from": "rounds", "to": "$end"},
    ],
)
