"""Instructions the runtime's liquidjs won't parse, and an output model with a discriminated
union, which the runtime's Ajv (strict) won't compile."""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, Field

from kindgi import Agent


class Refund(BaseModel):
    kind: Literal["refund"]
    amount_cents: int


class Replacement(BaseModel):
    kind: Literal["replacement"]
    sku: str


class Resolution(BaseModel):
    outcome: Union[Refund, Replacement] = Field(discriminator="kind")


resolver = Agent(
    id="acme.broken.resolver",
    version="1.0.0",
    name="Resolver",
    instructions="Resolve the claim for {{ customer.name }.\n{% if vip %}Be generous.",
    capabilities=[{"needs": [{"feature": "structured-output"}]}],
    output={"schema": Resolution, "name": "resolution"},
)
