"""A coupon tool whose pattern starts with Python's inline flag `(?i)`."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Coupon(BaseModel):
    code: str = Field(pattern=r"(?i)^save\d{2}$")


class Discount(BaseModel):
    percent: int


@tool(id="acme.corpus.coupon-discount", mutating=False)
def coupon_discount(coupon: Coupon) -> Discount:
    """The discount a coupon gives."""
    return Discount(percent=10)
