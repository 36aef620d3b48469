"""A control case: a REQUIRED nested model with defaults (not in anyOf: every call runs)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Paging(BaseModel):
    page: int = 1
    per_page: int = 50


class ListInvoices(BaseModel):
    customer: str
    paging: Paging


class InvoicePage(BaseModel):
    invoice_ids: list[str]


@tool(id="acme.corpus.list-invoices", mutating=False)
def list_invoices(request: ListInvoices) -> InvoicePage:
    """Lists a customer's invoices."""
    return InvoicePage(invoice_ids=[])
