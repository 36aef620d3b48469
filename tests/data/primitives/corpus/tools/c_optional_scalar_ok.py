"""A control case: optional scalars with defaults (the default sits beside anyOf, not in it)."""

from __future__ import annotations

from typing import Optional

from pydantic import BaseModel

from kindgi import tool


class Translate(BaseModel):
    text: str
    source_lang: Optional[str] = None
    target_lang: str = "en"
    formality: Optional[float] = 0.5


class Translation(BaseModel):
    text: str


@tool(id="acme.corpus.translate", mutating=False)
def translate(request: Translate) -> Translation:
    """Translates a text."""
    return Translation(text=request.text)
