"""A flow whose loop outputSchema has `required` but no `type`."""

from __future__ import annotations

from kindgi import Flow

enrich = Flow(
    id="acme.corpus.enrich-contacts",
    version="1.0.0",
    nodes=[
        {
            "id": "each-contact",
            "kind": "loop",
            "loopKind": "foreach",
            "iterateOver": {"path": "runInput.contacts"},
            "maxIterations": 100,
            "outputSchema": {"properties": {"email": {"type": "string"}}, "required": ["email"]},
            "body": {
                "nodes": [{"id": "lookup", "kind": "tool", "ref": "acme.corpus.profile"}],
                "edges": [
                    {"id": "b-in", "from": "$loop-start", "to": "lookup"},
                    {"id": "b-out", "from": "lookup", "to": "$loop-end"},
                ],
            },
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "each-contact"},
        {"id": "out", "from": "each-contact", "to": "$end"},
    ],
)
