"""A flow that calls the audit tool."""

from __future__ import annotations

from kindgi import Flow

from ..tools.refunds import audit

audit_flow = Flow(
    id="acme.broken.audit-flow",
    version="1.0.0",
    name="Audit",
    nodes=[{"id": "audit", "kind": "tool", "ref": audit}],
    edges=[
        {"id": "in", "from": "$start", "to": "audit"},
        {"id": "out", "from": "audit", "to": "$end"},
    ],
)
