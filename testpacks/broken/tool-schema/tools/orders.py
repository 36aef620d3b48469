"""Tools whose input or output pydantic writes as a schema the runtime's Ajv won't compile."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Union

from pydantic import BaseModel, Field

from kindgi import tool


class Card(BaseModel):
    kind: Literal["card"]
    last4: str = Field(pattern=r"^(?P<digits>\d{4})$")


class Invoice(BaseModel):
    kind: Literal["invoice"]
    po_number: str = Field(example="PO-1234")


class Payment(BaseModel):
    order_id: str
    method: Union[Card, Invoice] = Field(discriminator="kind")


class Receipt(BaseModel):
    path: Path


@tool(id="acme.broken.pay", mutating=True)
def pay(payment: Payment) -> Receipt:
    """Pays an order."""
    return Receipt(path=Path("receipt.pdf"))
