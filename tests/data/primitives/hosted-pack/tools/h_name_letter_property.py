"""A name tool matching letters by their long Unicode property name, Letter (V8 and
Rust's regex take it; RE2 knows only the short names, such as L)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Name(BaseModel):
    given: str = Field(pattern=r"^\p{Letter}+$")


class Greeting(BaseModel):
    text: str


@tool(id="acme.corpus.greet", mutating=False)
def greet(name: Name) -> Greeting:
    """Greets a person by their given name."""
    return Greeting(text="Hi")
