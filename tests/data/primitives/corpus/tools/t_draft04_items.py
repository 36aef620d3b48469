"""A tool whose schema was copied from an old API: draft-04 tuple `items: [...]`."""

from __future__ import annotations

from typing import Any

from kindgi import tool

POINT_INPUT = {
    "type": "object",
    "properties": {
        "point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}]},
    },
    "required": ["point"],
}


@tool(
    id="acme.corpus.nearest-store",
    input=POINT_INPUT,
    output={"type": "object", "properties": {"storeId": {"type": "string"}}},
    mutating=False,
)
def nearest_store(request: dict[str, Any]) -> dict[str, Any]:
    """The store nearest to a point."""
    return {"storeId": "s-1"}
