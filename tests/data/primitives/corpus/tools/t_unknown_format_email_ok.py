"""A tool with `Field(json_schema_extra={"format": "email"})`-style formats Ajv knows: a control case."""

from __future__ import annotations

from datetime import date, time

from pydantic import BaseModel, Field

from kindgi import tool


class Booking(BaseModel):
    email: str = Field(json_schema_extra={"format": "email"})
    day: date
    at: time


class Booked(BaseModel):
    booking_id: str


@tool(id="acme.corpus.book-table", effects=[{"kind": "writes", "resource": "bookings"}])
def book_table(booking: Booking) -> Booked:
    """Books a table."""
    return Booked(booking_id="b-1")
