"""A healthy tool beside the broken module."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Ping(BaseModel):
    text: str


@tool(id="acme.broken.ping", mutating=False)
def ping(message: Ping) -> str:
    """Answers with the text it got."""
    return message.text
