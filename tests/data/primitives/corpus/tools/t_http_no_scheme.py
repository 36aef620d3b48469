"""An HTTP tool whose URL template has no scheme."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import http_tool


class Sku(BaseModel):
    sku: str


class Price(BaseModel):
    cents: int


get_price = http_tool(
    id="acme.corpus.get-price",
    description="Reads a SKU's price.",
    input=Sku,
    output=Price,
    method="GET",
    url_template="prices.example.com/v2/{sku}",
    mutating=False,
)
