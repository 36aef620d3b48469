"""A tool whose model adds an OpenAPI-style `nullable` and `x-order` via json_schema_extra."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Lookup(BaseModel):
    email: str = Field(json_schema_extra={"x-order": 1})


class Profile(BaseModel):
    name: str


@tool(id="acme.corpus.profile", mutating=False)
def profile(lookup: Lookup) -> Profile:
    """A customer's profile."""
    return Profile(name="Ada")
