"""A review loop whose exit edge comes first: the runtime's own cycle search never ends on it
(a TypeScript build or a run that loads it hangs)."""

from __future__ import annotations

from kindgi import Flow

proofread = Flow(
    id="acme.broken.proofread",
    version="1.0.0",
    nodes=[
        {"id": "check", "kind": "agent", "ref": "acme.broken.reviewer"},
        {"id": "fix", "kind": "agent", "ref": "acme.broken.writer"},
        {"id": "ship", "kind": "tool", "ref": "acme.broken.publish"},
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "check"},
        {"id": "to-fix", "from": "check", "to": "fix"},
        {"id": "to-ship", "from": "fix", "to": "ship"},
        {"id": "back", "from": "fix", "to": "check"},
        {"id": "out", "from": "ship", "to": "$end"},
    ],
)
