"""A tool that takes raw bytes (pydantic: format "binary")."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Upload(BaseModel):
    filename: str
    content: bytes


class Stored(BaseModel):
    key: str


@tool(id="acme.corpus.store-upload", effects=[{"kind": "writes", "resource": "blob:*"}])
def store_upload(upload: Upload) -> Stored:
    """Stores an uploaded file."""
    return Stored(key=upload.filename)
