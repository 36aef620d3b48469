"""A profile tool bounding a bio's length inside its pattern: a count over 1,000, which RE2
refuses (V8 takes it)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Bio(BaseModel):
    bio: str = Field(pattern=r"^[\s\S]{1,4000}$")


class Saved(BaseModel):
    ok: bool


@tool(id="acme.corpus.save-bio", mutating=True)
def save_bio(bio: Bio) -> Saved:
    """Saves a member's bio."""
    return Saved(ok=True)
