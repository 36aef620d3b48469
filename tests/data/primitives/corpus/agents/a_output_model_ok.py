"""A control case: typed output from a pydantic model with optional nested defaults."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel

from kindgi import Agent


class FollowUp(BaseModel):
    on: date
    note: str = ""


class Triage(BaseModel):
    category: str
    urgent: bool = False
    follow_up: FollowUp | None = None


triage = Agent(
    id="acme.corpus.triage",
    version="1.0.0",
    name="Triage",
    instructions="Triage the ticket for {{ team }}.",
    capabilities=[{"needs": [{"feature": "structured-output"}]}],
    parameters=[{"name": "team", "type": "string", "default": "support"}],
    output={"schema": Triage, "maxRepairs": 2},
)
