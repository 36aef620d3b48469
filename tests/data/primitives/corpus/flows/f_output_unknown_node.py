"""Every run fails: the flow's output maps a node that isn't there."""

from __future__ import annotations

from kindgi import Flow

report = Flow(
    id="acme.corpus.report",
    version="1.0.0",
    nodes=[{"id": "usage", "kind": "tool", "ref": "acme.corpus.usage-report"}],
    edges=[
        {"id": "in", "from": "$start", "to": "usage"},
        {"id": "out", "from": "usage", "to": "$end"},
    ],
    output={"mapping": {"units": {"path": "nodeOutputs.usage_report.units"}}},
)
