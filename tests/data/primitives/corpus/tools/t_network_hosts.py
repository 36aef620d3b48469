"""A tool with a well-formed network allowlist: a control case."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class GeoQuery(BaseModel):
    address: str


class GeoPoint(BaseModel):
    lat: float
    lon: float


@tool(
    id="acme.corpus.geocode",
    mutating=False,
    network={"kind": "allowlist", "hosts": ["nominatim.openstreetmap.org"]},
)
def geocode(query: GeoQuery) -> GeoPoint:
    """Geocodes an address."""
    return GeoPoint(lat=0.0, lon=0.0)
