"""A tool whose per-call env value has a non-string default."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Batch(BaseModel):
    ids: list[str]


class BatchResult(BaseModel):
    processed: int


@tool(
    id="acme.corpus.process-batch",
    needs_spec={"env": {"BATCH_SIZE": {"type": "integer", "default": 50}}},
)
def process_batch(batch: Batch) -> BatchResult:
    """Processes a batch of ids."""
    return BatchResult(processed=len(batch.ids))
