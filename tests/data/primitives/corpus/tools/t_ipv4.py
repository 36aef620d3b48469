"""A tool taking an IPv4 address (format "ipv4", which Ajv knows): a control case."""

from __future__ import annotations

from ipaddress import IPv4Address

from pydantic import BaseModel

from kindgi import tool


class Ping(BaseModel):
    host: IPv4Address


class Pong(BaseModel):
    rtt_ms: float


@tool(id="acme.corpus.ping", mutating=False)
def ping(request: Ping) -> Pong:
    """Pings a host."""
    return Pong(rtt_ms=1.5)
