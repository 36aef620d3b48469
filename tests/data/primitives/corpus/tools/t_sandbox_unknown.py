"""A tool asking for sandbox `isolated` (the runtime's are none, context-isolated, strict)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Code(BaseModel):
    source: str


class Result(BaseModel):
    stdout: str


@tool(id="acme.corpus.run-snippet", sandbox="isolated")
def run_snippet(code: Code) -> Result:
    """Runs a code snippet."""
    return Result(stdout="")
