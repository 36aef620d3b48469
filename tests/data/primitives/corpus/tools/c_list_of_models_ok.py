"""A control case: a required list of models with defaults (no anyOf: every call runs)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Recipient(BaseModel):
    email: str
    name: str = ""


class Broadcast(BaseModel):
    subject: str
    recipients: list[Recipient]


class BroadcastResult(BaseModel):
    queued: int


@tool(id="acme.corpus.broadcast", effects=[{"kind": "external-side-effect", "resource": "mail"}])
def broadcast(request: Broadcast) -> BroadcastResult:
    """Queues an email to many recipients."""
    return BroadcastResult(queued=len(request.recipients))
