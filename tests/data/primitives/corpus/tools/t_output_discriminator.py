"""A tool whose OUTPUT is a discriminated union (the input is fine)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from kindgi import tool


class Found(BaseModel):
    status: Literal["found"]
    customer_id: str


class Missing(BaseModel):
    status: Literal["missing"]


class Email(BaseModel):
    email: str


Outcome = Annotated[Union[Found, Missing], Field(discriminator="status")]


@tool(id="acme.corpus.find-customer", mutating=False, output=Outcome)
def find_customer(email: Email) -> Found | Missing:
    """Finds a customer by email."""
    return Missing(status="missing")
