"""Files a run writes (a report, an index): whole, or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` so a crash or an error leaves the old file as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def unwritable(path: Path) -> str | None:
    """Why a file can't be written at `path`, its folder made first; None when it can.
    Asked before the work whose result is written, so a bad path stops it early."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as cause:
        return str(cause)
    if path.is_dir():
        return "it is a folder"
    if not os.access(path.parent, os.W_OK):
        return "its folder is not writable"
    return None
