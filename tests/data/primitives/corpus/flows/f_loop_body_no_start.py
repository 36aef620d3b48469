"""Every run fails: a loop body with no edge from $loop-start."""

from __future__ import annotations

from kindgi import Flow

poll = Flow(
    id="acme.corpus.poll-status",
    version="1.0.0",
    nodes=[
        {
            "id": "until-done",
            "kind": "loop",
            "loopKind": "while",
            "exitCondition": {"op": "eq", "left": {"path": "iterationOutput.status"}, "right": {"literal": "done"}},
            "maxIterations": 20,
            "outputSchema": {"type": "object", "properties": {"status": {"type": "string"}}},
            "body": {
                "nodes": [{"id": "check", "kind": "tool", "ref": "acme.corpus.order-status"}],
                "edges": [{"id": "b-out", "from": "check", "to": "$loop-end"}],
            },
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "until-done"},
        {"id": "out", "from": "until-done", "to": "$end"},
    ],
)
