"""A payment tool whose method is a discriminated union (pydantic writes `discriminator`)."""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, Field

from kindgi import tool


class Card(BaseModel):
    kind: Literal["card"]
    last4: str = Field(min_length=4, max_length=4)


class Iban(BaseModel):
    kind: Literal["iban"]
    iban: str


class Payment(BaseModel):
    amount_cents: int = Field(alias="amountCents", ge=1)
    method: Union[Card, Iban] = Field(discriminator="kind")


class Receipt(BaseModel):
    receipt_id: str = Field(alias="receiptId")


@tool(id="acme.corpus.charge", effects=[{"kind": "external-side-effect", "resource": "psp"}])
def charge(payment: Payment) -> Receipt:
    """Charges a customer."""
    return Receipt(receiptId="r-1")
