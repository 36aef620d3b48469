"""A tool with no version of its own in a pack versioned 1.1.0-rc.1: it takes the pack's."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Ping(BaseModel):
    text: str = "ping"


class Pong(BaseModel):
    text: str


@tool(id="acme.beta.echo", mutating=False)
def echo(ping: Ping) -> Pong:
    """Echoes a text."""
    return Pong(text=ping.text)
