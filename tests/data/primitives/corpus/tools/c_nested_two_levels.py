"""Every call fails: a default two models deep under an optional model."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Retry(BaseModel):
    attempts: int = 3
    backoff_ms: int = 200


class Delivery(BaseModel):
    url: str
    retry: Retry = Retry()


class Subscribe(BaseModel):
    topic: str
    webhook: Delivery | None = None


class Subscription(BaseModel):
    subscription_id: str


@tool(id="acme.corpus.subscribe", effects=[{"kind": "writes", "resource": "subscriptions"}])
def subscribe(request: Subscribe) -> Subscription:
    """Subscribes a webhook to a topic."""
    return Subscription(subscription_id="sub-1")
