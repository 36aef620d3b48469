"""A phone-number tool whose pattern uses Python's named group syntax `(?P<area>...)`."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Phone(BaseModel):
    number: str = Field(pattern=r"^\((?P<area>\d{3})\) \d{3}-\d{4}$")


class Normalized(BaseModel):
    e164: str


@tool(id="acme.corpus.normalize-phone", mutating=False)
def normalize_phone(phone: Phone) -> Normalized:
    """Normalizes a US phone number to E.164."""
    return Normalized(e164="+15550000000")
