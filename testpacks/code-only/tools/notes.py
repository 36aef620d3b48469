"""Note tools: a pack with code only, no blocks."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class NoteInput(BaseModel):
    title: str = Field(min_length=1)
    body: str = ""
    weight: float = 1.0


class Note(BaseModel):
    note_id: str = Field(alias="noteId")
    score: float


@tool(id="acme.notes.add-note", effects=[{"kind": "writes", "resource": "db:notes"}])
def add_note(note: NoteInput) -> Note:
    """Adds a note and returns its id."""
    return Note(noteId=f"n-{len(note.title)}", score=note.weight * 0.5)


@tool(id="acme.notes.count-words", version="0.2.1", mutating=False)
def count_words(note: NoteInput) -> int:
    """Counts the words of a note's body."""
    return len(note.body.split())
