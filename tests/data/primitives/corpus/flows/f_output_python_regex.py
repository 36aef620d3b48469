"""A flow whose output schema's pattern is Python-only (`(?P<year>...)`)."""

from __future__ import annotations

from kindgi import Flow

archive = Flow(
    id="acme.corpus.archive",
    version="1.0.0",
    nodes=[{"id": "store", "kind": "tool", "ref": "acme.corpus.store-upload"}],
    edges=[
        {"id": "in", "from": "$start", "to": "store"},
        {"id": "out", "from": "store", "to": "$end"},
    ],
    output={
        "mapping": {"key": {"path": "nodeOutputs.store.key"}},
        "schema": {
            "type": "object",
            "properties": {"key": {"type": "string", "pattern": "^(?P<year>\\d{4})/"}},
        },
    },
)
