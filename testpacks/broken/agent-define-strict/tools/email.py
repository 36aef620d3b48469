"""The tool the agents of this pack call."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Email(BaseModel):
    to: str = Field(min_length=3)
    subject: str
    body: str


class Sent(BaseModel):
    message_id: str


@tool(id="acme.broken.send-email", effects=[{"kind": "external-side-effect", "resource": "smtp"}])
def send_email(email: Email) -> Sent:
    """Sends one email."""
    return Sent(message_id="m-1")
