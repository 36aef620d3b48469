"""A tool that takes a file path (`pathlib.Path` -> format "path")."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from kindgi import tool


class ReadFile(BaseModel):
    path: Path
    max_bytes: int = 65536


class FileText(BaseModel):
    text: str


@tool(id="acme.corpus.read-file", mutating=False)
def read_file(request: ReadFile) -> FileText:
    """Reads a text file from the shared volume."""
    return FileText(text=request.path.read_text()[: request.max_bytes])
