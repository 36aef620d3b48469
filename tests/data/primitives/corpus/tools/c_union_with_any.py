"""Every call fails even with an `Any` branch: Ajv2020 (unevaluated: true) compiles every anyOf branch."""

from __future__ import annotations

from typing import Any, Union

from pydantic import BaseModel

from kindgi import tool


class Hint(BaseModel):
    text: str
    weight: float = 1.0


class Rank(BaseModel):
    query: str
    hint: Union[Hint, Any] = None


class Ranked(BaseModel):
    ids: list[str]


@tool(id="acme.corpus.rank", mutating=False)
def rank(request: Rank) -> Ranked:
    """Ranks documents for a query."""
    return Ranked(ids=[])
