"""A tool declaring an effect kind `delete` (the runtime's is `deletes`)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Purge(BaseModel):
    customer_id: str


class Purged(BaseModel):
    rows: int


@tool(id="acme.corpus.purge-customer", effects=[{"kind": "delete", "resource": "db:customers"}])
def purge_customer(request: Purge) -> Purged:
    """Deletes a customer's records."""
    return Purged(rows=1)
