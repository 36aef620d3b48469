"""A tool whose secret's schema carries `example` (Ajv strict: unknown keyword)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Sms(BaseModel):
    to: str
    body: str


class SmsSent(BaseModel):
    sid: str


@tool(
    id="acme.corpus.send-sms",
    effects=[{"kind": "external-side-effect", "resource": "twilio"}],
    needs_spec={"secrets": {"TWILIO_TOKEN": {"type": "string", "example": "tok_123"}}},
)
def send_sms(sms: Sms) -> SmsSent:
    """Sends an SMS."""
    return SmsSent(sid="SM1")
