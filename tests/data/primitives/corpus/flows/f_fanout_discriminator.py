"""A flow whose fanout branch outputSchema is a pydantic discriminated union."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

from kindgi import Flow


class Hit(BaseModel):
    kind: Literal["hit"]
    score: float


class Miss(BaseModel):
    kind: Literal["miss"]


Lookup = Annotated[Union[Hit, Miss], Field(discriminator="kind")]
LOOKUP_SCHEMA = TypeAdapter(Lookup).json_schema()

search = Flow(
    id="acme.corpus.parallel-search",
    version="1.0.0",
    nodes=[
        {
            "id": "search",
            "kind": "fanout",
            "convergence": "settle-all",
            "branches": [
                {"branchId": "docs", "handler": "acme.corpus.search-docs", "outputSchema": {"type": "object"}},
                {"branchId": "stock", "handler": "acme.corpus.stock-level", "outputSchema": LOOKUP_SCHEMA},
            ],
        }
    ],
    edges=[
        {"id": "in", "from": "$start", "to": "search"},
        {"id": "out", "from": "search", "to": "$end"},
    ],
)
