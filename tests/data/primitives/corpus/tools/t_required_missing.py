"""A tool with a hand-written input schema whose `required` names a field it doesn't define."""

from __future__ import annotations

from typing import Any

from kindgi import tool

SEARCH_INPUT = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}},
    "required": ["query", "lang"],
}


@tool(
    id="acme.corpus.search-docs",
    input=SEARCH_INPUT,
    output={"type": "object", "properties": {"hits": {"type": "array"}}},
    mutating=False,
)
def search_docs(query: dict[str, Any]) -> dict[str, Any]:
    """Searches the documentation."""
    return {"hits": []}
