"""The module `{slow}` would be mistaken for, were its name taken as a glob."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Text(BaseModel):
    text: str


@tool(id="acme.broken.slow", mutating=False)
def slow(message: Text) -> str:
    """Answers with the text it got."""
    return message.text
