"""A postcode tool with a pattern both Python and JavaScript read alike: a control case."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Postcode(BaseModel):
    zip: str = Field(pattern=r"^\d{5}(?:-\d{4})?$")


class Region(BaseModel):
    state: str


@tool(id="acme.corpus.zip-region", mutating=False)
def zip_region(postcode: Postcode) -> Region:
    """The state a US ZIP code is in."""
    return Region(state="CA")
