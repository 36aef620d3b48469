"""A price tool whose pattern uses a lookbehind (V8 takes it; RE2, the hosted profile, doesn't)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from kindgi import tool


class PriceText(BaseModel):
    model_config = ConfigDict(regex_engine="python-re")

    text: str = Field(pattern=r"(?<=\$)\d+(\.\d{2})?")


class Cents(BaseModel):
    cents: int


@tool(id="acme.corpus.parse-price", mutating=False)
def parse_price(price: PriceText) -> Cents:
    """Parses a price out of a text."""
    return Cents(cents=0)
