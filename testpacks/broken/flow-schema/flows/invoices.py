"""A month-end flow whose inline schemas the runtime's Ajv (strict) won't compile: a hand-written
one with `required` but no `"type": "object"`, and two pydantic wrote (a discriminated union,
an `example`)."""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, Field

from kindgi import Flow


TOTAL = {
    "properties": {"invoiceId": {"type": "string"}, "totalCents": {"type": "integer"}},
    "required": ["invoiceId", "totalCents"],
}


class Paid(BaseModel):
    state: Literal["paid"]


class Overdue(BaseModel):
    state: Literal["overdue"]
    days: int


class Status(BaseModel):
    status: Union[Paid, Overdue] = Field(discriminator="state")


class Summary(BaseModel):
    total_cents: int = Field(json_schema_extra={"example": 1999})


month_end = Flow(
    id="acme.broken.month-end",
    version="1.0.0",
    nodes=[
        {
            "id": "each-invoice",
            "kind": "loop",
            "loopKind": "foreach",
            "iterateOver": {"path": "runInput.invoices"},
            "maxIterations": 500,
            "outputSchema": TOTAL,
            "body": {
                "nodes": [{"id": "total", "kind": "tool", "ref": "acme.broken.invoice-total"}],
                "edges": [
                    {"id": "b-in", "from": "$loop-start", "to": "total"},
                    {"id": "b-out", "from": "total", "to": "$loop-end"},
                ],
            },
        },
        {
            "id": "checks",
            "kind": "fanout",
            "convergence": "all-succeed",
            "branches": [
                {"branchId": "ledger", "handler": "acme.broken.ledger", "outputSchema": {"type": "object"}},
                {"branchId": "status", "handler": "acme.broken.status", "outputSchema": Status.model_json_schema()},
            ],
        },
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "each-invoice"},
        {"id": "to-checks", "from": "each-invoice", "to": "checks"},
        {"id": "out", "from": "checks", "to": "$end"},
    ],
    output={"mapping": {"ledger": {"path": "nodeOutputs.checks.ledger"}}, "schema": Summary.model_json_schema()},
)
