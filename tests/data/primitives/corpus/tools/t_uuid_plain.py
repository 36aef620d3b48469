"""A tool keyed by a plain UUID (format "uuid", which Ajv knows): a control case."""

from __future__ import annotations

from uuid import UUID

from pydantic import BaseModel

from kindgi import tool


class InvoiceRef(BaseModel):
    invoice_id: UUID


class InvoiceTotal(BaseModel):
    total_cents: int


@tool(id="acme.corpus.invoice-total", mutating=False)
def invoice_total(ref: InvoiceRef) -> InvoiceTotal:
    """An invoice's total."""
    return InvoiceTotal(total_cents=100)
