"""Every call fails: an optional list of line items whose model has a defaulted field."""

from __future__ import annotations

from typing import Optional

from pydantic import BaseModel, Field

from kindgi import tool


class LineItem(BaseModel):
    sku: str
    quantity: int = Field(default=1, ge=1)


class Quote(BaseModel):
    customer: str
    currency: str = "EUR"
    items: Optional[list[LineItem]] = None


class QuoteTotal(BaseModel):
    total_cents: int


@tool(id="acme.corpus.quote", mutating=False)
def quote(request: Quote) -> QuoteTotal:
    """Prices a quote."""
    return QuoteTotal(total_cents=0)
