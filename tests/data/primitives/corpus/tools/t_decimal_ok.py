"""A control case: money as Decimal, datetimes, enums, literals, sets, tuples, SecretStr, HttpUrl."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field, HttpUrl, SecretStr

from kindgi import tool


class Priority(str, Enum):
    low = "low"
    high = "high"


class Refund(BaseModel):
    amount: Decimal = Field(max_digits=10, decimal_places=2)
    requested_at: datetime
    window: timedelta
    priority: Priority = Priority.low
    channel: Literal["web", "phone"] = "web"
    tags: set[str] = set()
    span: tuple[int, int]
    callback: HttpUrl | None = None
    api_key: SecretStr
    note: str = Field(default="", examples=["customer called twice"], max_length=500)


class RefundId(BaseModel):
    refund_id: str


@tool(id="acme.corpus.request-refund", effects=[{"kind": "writes", "resource": "refunds"}])
def request_refund(refund: Refund) -> RefundId:
    """Requests a refund."""
    return RefundId(refund_id="rf-1")
