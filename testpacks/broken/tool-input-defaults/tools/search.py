"""A tool the deploy takes and no call of which ever runs: an optional model with defaults."""

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


@tool(id="acme.broken.search-orders", mutating=False)
def search_orders(search: OrderSearch) -> Orders:
    """Finds a customer's orders."""
    return Orders(order_ids=[])
