"""A lookup tool that documents its field with `Field(example=...)` (pydantic v1 habit)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Lookup(BaseModel):
    sku: str = Field(example="SKU-1234", description="The stock keeping unit.")


class Stock(BaseModel):
    on_hand: int = Field(alias="onHand")


@tool(id="acme.corpus.stock-level", mutating=False)
def stock_level(query: Lookup) -> Stock:
    """How many of a SKU are on hand."""
    return Stock(onHand=3)
