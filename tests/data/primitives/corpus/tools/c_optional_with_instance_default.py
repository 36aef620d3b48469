"""Every call fails: an optional model defaulted to an instance (its inner defaults sit in anyOf)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Paging(BaseModel):
    page: int = 1
    size: int = 20


class Search(BaseModel):
    text: str
    paging: Paging | None = Paging()


class Results(BaseModel):
    ids: list[str]


@tool(id="acme.corpus.search-kb", mutating=False)
def search_kb(search: Search) -> Results:
    """Searches the knowledge base."""
    return Results(ids=[])
