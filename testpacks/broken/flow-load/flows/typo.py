"""A publishing flow whose last edge names a node that isn't there (a typo)."""

from __future__ import annotations

from kindgi import Flow

publishing = Flow(
    id="acme.broken.publishing",
    version="1.0.0",
    nodes=[
        {"id": "draft", "kind": "agent", "ref": "acme.broken.writer"},
        {"id": "publish", "kind": "tool", "ref": "acme.broken.publish"},
    ],
    edges=[
        {"id": "start", "from": "$start", "to": "draft"},
        {"id": "approved", "from": "draft", "to": "publsh"},
        {"id": "done", "from": "publish", "to": "$end"},
    ],
)
