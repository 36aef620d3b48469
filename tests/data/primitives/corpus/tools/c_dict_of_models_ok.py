"""A control case: a dict of models with defaults (additionalProperties, no anyOf)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Threshold(BaseModel):
    warn: float = 0.8
    critical: float = 0.95


class Alerting(BaseModel):
    service: str
    thresholds: dict[str, Threshold]


class Configured(BaseModel):
    ok: bool


@tool(id="acme.corpus.configure-alerts", effects=[{"kind": "writes", "resource": "alerts"}])
def configure_alerts(request: Alerting) -> Configured:
    """Sets a service's alert thresholds."""
    return Configured(ok=True)
