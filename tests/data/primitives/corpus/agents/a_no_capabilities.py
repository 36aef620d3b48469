"""A TypeScript build refuses: no capabilities (the Python SDK's default)."""

from __future__ import annotations

from kindgi import Agent

from ..tools.t_plain_ok import record_expense

bookkeeper = Agent(
    id="acme.corpus.bookkeeper",
    version="1.0.0",
    name="Bookkeeper",
    instructions="Record the expenses the user mentions.",
    tools=[record_expense],
)
