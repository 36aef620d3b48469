"""Every call fails: a schema copied from an OpenAPI document, a default inside `oneOf`."""

from __future__ import annotations

from typing import Any

from kindgi import tool

SHIPMENT = {
    "type": "object",
    "properties": {
        "orderId": {"type": "string"},
        "carrier": {
            "oneOf": [
                {"type": "object", "properties": {"name": {"const": "ups"}, "service": {"type": "string", "default": "ground"}}, "required": ["name"]},
                {"type": "object", "properties": {"name": {"const": "dhl"}, "express": {"type": "boolean", "default": False}}, "required": ["name"]},
            ]
        },
    },
    "required": ["orderId", "carrier"],
}


@tool(
    id="acme.corpus.create-shipment",
    input=SHIPMENT,
    output={"type": "object", "properties": {"trackingId": {"type": "string"}}},
    effects=[{"kind": "external-side-effect", "resource": "carrier"}],
)
def create_shipment(request: dict[str, Any]) -> dict[str, Any]:
    """Books a shipment with a carrier."""
    return {"trackingId": "1Z"}
