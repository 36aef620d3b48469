"""Every call fails: an optional nested model whose field has a default (`placed: DateRange | None`)."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel

from kindgi import tool


class DateRange(BaseModel):
    start: date
    end: date | None = None


class OrderSearch(BaseModel):
    customer: str
    placed: DateRange | None = None


class Orders(BaseModel):
    order_ids: list[str]


@tool(id="acme.corpus.search-orders", mutating=False)
def search_orders(search: OrderSearch) -> Orders:
    """Finds a customer's orders."""
    return Orders(order_ids=[])
