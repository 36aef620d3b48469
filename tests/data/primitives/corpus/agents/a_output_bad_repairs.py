"""A TypeScript build refuses: output maxRepairs -1 and an empty name."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import Agent


class Summary(BaseModel):
    text: str


digest = Agent(
    id="acme.corpus.digest",
    version="1.0.0",
    name="Digest",
    instructions="Summarize the day.",
    capabilities=[{"needs": [{"feature": "structured-output"}]}],
    output={"schema": Summary, "name": "", "maxRepairs": -1},
)
