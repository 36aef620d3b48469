"""A tool whose id takes the `kindgi_` prefix of the tools built into Kindgi."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Note(BaseModel):
    text: str


class Saved(BaseModel):
    ok: bool


@tool(id="kindgi_save_note")
def save_note(note: Note) -> Saved:
    """Saves a note."""
    return Saved(ok=True)
