"""A flow whose declared output schema (from a pydantic model) carries `example`."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import Flow
from kindgi._schema import wire_schema


class RunOutput(BaseModel):
    total_cents: int = Field(example=1200)


totals = Flow(
    id="acme.corpus.daily-totals",
    version="1.0.0",
    nodes=[{"id": "total", "kind": "tool", "ref": "acme.corpus.invoice-total"}],
    edges=[
        {"id": "in", "from": "$start", "to": "total"},
        {"id": "out", "from": "total", "to": "$end"},
    ],
    output={
        "mapping": {"total_cents": {"path": "nodeOutputs.total.total_cents"}},
        "schema": wire_schema(RunOutput),
    },
)
