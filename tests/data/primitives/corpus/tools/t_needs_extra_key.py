"""A tool whose `needs` entry says `required` (the runtime's word is `optional`)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Key(BaseModel):
    key: str


class Value(BaseModel):
    value: str | None


@tool(id="acme.corpus.cache-get", mutating=False, needs=[{"name": "cache", "required": True}])
def cache_get(key: Key) -> Value:
    """Reads a cached value."""
    return Value(value=None)
