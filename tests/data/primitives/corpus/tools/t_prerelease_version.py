"""A tool shipped under a prerelease version (`tool.schema.json` takes plain semver only)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Draft(BaseModel):
    text: str


class Score(BaseModel):
    readability: float


@tool(id="acme.corpus.readability", version="2.0.0-beta.1", mutating=False)
def readability(draft: Draft) -> Score:
    """Scores a text's readability."""
    return Score(readability=0.5)
