"""An agent whose typed output is a pydantic discriminated union."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from kindgi import Agent


class Approve(BaseModel):
    decision: Literal["approve"]


class Reject(BaseModel):
    decision: Literal["reject"]
    reason: str


class Decision(BaseModel):
    result: Annotated[Union[Approve, Reject], Field(discriminator="decision")]


approver = Agent(
    id="acme.corpus.approver",
    version="1.0.0",
    name="Approver",
    instructions="Decide whether to approve the request.",
    capabilities=[{"needs": [{"feature": "structured-output"}]}],
    output=Decision,
)
