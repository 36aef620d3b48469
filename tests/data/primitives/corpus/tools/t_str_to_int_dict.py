"""A control case: free-form JSON fields (`dict[str, Any]`, `Any`) in input and output."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from kindgi import tool


class Event(BaseModel):
    name: str
    properties: dict[str, Any] = {}
    payload: Any = None


class Tracked(BaseModel):
    event_id: str


@tool(id="acme.corpus.track-event", effects=[{"kind": "emits-event"}])
def track_event(event: Event) -> Tracked:
    """Tracks an analytics event."""
    return Tracked(event_id="ev-1")
