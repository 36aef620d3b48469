"""A tool with `limits.cpuMs: 0`."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Text(BaseModel):
    text: str


class Tokens(BaseModel):
    count: int


@tool(id="acme.corpus.count-tokens", mutating=False, limits={"memMB": 64, "cpuMs": 0})
def count_tokens(text: Text) -> Tokens:
    """Counts a text's tokens."""
    return Tokens(count=len(text.text.split()))
