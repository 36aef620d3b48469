"""A ticket tool whose pattern ends with Python's `\\Z` (pydantic told to use Python's `re`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from kindgi import tool


class Ticket(BaseModel):
    model_config = ConfigDict(regex_engine="python-re")

    key: str = Field(pattern=r"^[A-Z]+-\d+\Z")


class TicketSummary(BaseModel):
    title: str


@tool(id="acme.corpus.ticket-summary", mutating=False)
def ticket_summary(ticket: Ticket) -> TicketSummary:
    """A ticket's title."""
    return TicketSummary(title="Fix it")
