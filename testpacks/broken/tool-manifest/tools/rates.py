"""Tools the deploy refuses for their manifest: tool.schema.json, and the kindgi_ prefix."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Pair(BaseModel):
    base: str = "EUR"
    quote: str


class Rate(BaseModel):
    rate: float


@tool(
    id="acme.broken.fx-rate",
    version="2.0.0-beta.1",
    mutating=False,
    network={"kind": "allowlist", "domains": ["api.frankfurter.app"]},
)
def fx_rate(pair: Pair) -> Rate:
    """Today's exchange rate."""
    return Rate(rate=1.0)


@tool(
    id="acme.broken.purge",
    effects=[{"kind": "delete", "resource": "db:rates"}],
    limits={"memMB": 128, "cpuMs": 0},
)
def purge(pair: Pair) -> Rate:
    """Drops the cached rates of a pair."""
    return Rate(rate=0.0)


@tool(id="kindgi_convert", mutating=False)
def convert(pair: Pair) -> Rate:
    """Converts an amount."""
    return Rate(rate=1.0)
