"""A module whose name holds a comma, a space and brackets."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Text(BaseModel):
    text: str


@tool(id="acme.broken.abc", mutating=False)
def abc(message: Text) -> str:
    """Answers with the text it got."""
    return message.text
