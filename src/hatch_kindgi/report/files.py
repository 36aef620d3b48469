"""Files a run writes (a report, an index): whole, or not at all."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

_CREATED_MODE = 0o666
"""What `open()` asks for when it creates a file; the umask takes its bits away."""


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` so a crash or an error leaves the old file as it was.

    The file gets the mode any tool's output gets: an existing file's own, else the one the
    umask leaves of 0666 (0644 under umask 022), not the 0600 of the temporary file it is
    written as. A path that is there and is no regular file (`/dev/stdout`, a named pipe)
    is written into, as a shell's `>` writes, never replaced by a file."""
    if _special(path):
        with path.open("wb") as stream:
            stream.write(data)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = written_mode(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):  # POSIX; Windows has no such mode bits
            os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _special(path: Path) -> bool:
    """Whether `path` is there and is neither a regular file nor a folder (a device, a
    pipe, a socket), following links."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def written_mode(path: Path) -> int:
    """The permission bits a file written at `path` gets: those of the regular file already
    there, else 0666 less the process's umask."""
    try:
        existing = path.stat()
    except OSError:
        existing = None
    if existing is not None and stat.S_ISREG(existing.st_mode):
        return stat.S_IMODE(existing.st_mode)
    return _CREATED_MODE & ~_umask()


def _umask() -> int:
    """The process's umask (read by setting it and setting it back: there is no getter
    before Linux's /proc/self/status, and it is read once a written file)."""
    current = os.umask(0o022)
    os.umask(current)
    return current


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
