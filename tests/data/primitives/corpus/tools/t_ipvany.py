"""A firewall tool taking any IP address (pydantic: format "ipvanyaddress")."""

from __future__ import annotations

from pydantic import BaseModel, IPvAnyAddress

from kindgi import tool


class BlockIp(BaseModel):
    address: IPvAnyAddress
    reason: str


class Blocked(BaseModel):
    rule_id: str


@tool(id="acme.corpus.block-ip", effects=[{"kind": "writes", "resource": "firewall"}])
def block_ip(request: BlockIp) -> Blocked:
    """Blocks an IP address at the edge."""
    return Blocked(rule_id="fw-1")
