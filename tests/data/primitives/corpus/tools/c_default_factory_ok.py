"""A control case: the optional model's fields use default_factory (pydantic writes no default)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Filters(BaseModel):
    tags: list[str] = Field(default_factory=list)
    statuses: list[str] = Field(default_factory=lambda: ["open"])


class FindTickets(BaseModel):
    query: str
    filters: Filters | None = None


class Tickets(BaseModel):
    keys: list[str]


@tool(id="acme.corpus.find-tickets", mutating=False)
def find_tickets(request: FindTickets) -> Tickets:
    """Finds tickets."""
    return Tickets(keys=[])
