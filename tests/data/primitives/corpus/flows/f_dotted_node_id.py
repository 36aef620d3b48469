"""Every run fails: a node id with a dot, which a `nodeOutputs.<id>` path can't name."""

from __future__ import annotations

from kindgi import Flow

dotted = Flow(
    id="acme.corpus.dotted",
    version="1.0.0",
    nodes=[
        {"id": "fetch.customer", "kind": "tool", "ref": "acme.corpus.profile"},
        {
            "id": "greet",
            "kind": "agent",
            "ref": "acme.corpus.host",
            "inputMapping": {"guest": {"path": "nodeOutputs.fetch.customer.name"}},
        },
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "fetch.customer"},
        {"id": "next", "from": "fetch.customer", "to": "greet"},
        {"id": "out", "from": "greet", "to": "$end"},
    ],
)
