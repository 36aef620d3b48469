"""Every call fails: a Union of models whose fields have defaults."""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel

from kindgi import tool


class EmailChannel(BaseModel):
    kind: Literal["email"] = "email"
    address: str
    cc_manager: bool = False


class SlackChannel(BaseModel):
    kind: Literal["slack"] = "slack"
    channel: str
    thread: str | None = None


class Notify(BaseModel):
    message: str
    via: Union[EmailChannel, SlackChannel]


class Sent(BaseModel):
    delivered: bool


@tool(id="acme.corpus.notify", effects=[{"kind": "external-side-effect", "resource": "notify"}])
def notify(request: Notify) -> Sent:
    """Notifies someone by email or Slack."""
    return Sent(delivered=True)
