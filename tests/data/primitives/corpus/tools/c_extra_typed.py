"""Every call fails: typed extra fields (`additionalProperties` schema) beside an optional model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from kindgi import tool


class Window(BaseModel):
    days: int = 30


class Metrics(BaseModel):
    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, int]

    service: str
    window: Window | None = None


class Saved(BaseModel):
    ok: bool


@tool(id="acme.corpus.save-metrics", effects=[{"kind": "writes", "resource": "metrics"}])
def save_metrics(metrics: Metrics) -> Saved:
    """Saves a service's counters."""
    return Saved(ok=True)
