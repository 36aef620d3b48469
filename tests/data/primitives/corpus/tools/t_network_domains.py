"""A tool whose network allowlist says `domains` (the runtime's is `hosts`)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class FxQuery(BaseModel):
    base: str = "EUR"
    quote: str


class FxRate(BaseModel):
    rate: float


@tool(
    id="acme.corpus.fx-rate",
    mutating=False,
    network={"kind": "allowlist", "domains": ["api.frankfurter.app"]},
)
def fx_rate(query: FxQuery) -> FxRate:
    """Today's exchange rate."""
    return FxRate(rate=1.1)
