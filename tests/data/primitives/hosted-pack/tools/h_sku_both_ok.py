"""A stock tool whose SKU pattern every engine reads alike: a control case."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Sku(BaseModel):
    sku: str = Field(pattern=r"^[A-Z]{3}-\d{4}$")


class Stock(BaseModel):
    count: int


@tool(id="acme.corpus.stock", mutating=False)
def stock(sku: Sku) -> Stock:
    """How many of a SKU are in stock."""
    return Stock(count=0)
