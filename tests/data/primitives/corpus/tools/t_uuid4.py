"""A tool keyed by a UUID4 (pydantic: format "uuid4")."""

from __future__ import annotations

from pydantic import UUID4, BaseModel

from kindgi import tool


class OrderRef(BaseModel):
    order_id: UUID4


class OrderStatus(BaseModel):
    status: str


@tool(id="acme.corpus.order-status", mutating=False)
def order_status(ref: OrderRef) -> OrderStatus:
    """The status of an order."""
    return OrderStatus(status="shipped")
