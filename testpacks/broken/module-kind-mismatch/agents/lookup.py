"""A tool placed under agents/: the folder says agent, the module defines a tool."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Query(BaseModel):
    text: str


@tool(id="acme.broken.lookup", mutating=False)
def lookup(query: Query) -> str:
    """Looks the text up."""
    return query.text
