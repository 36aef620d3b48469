"""Where the pipeline reads a pack file's bytes from: the file on disk, or, for an editor
(`hatch-kindgi lsp`), the unsaved text of its buffer laid over that file.

An `Overlay` maps pack-relative paths (with `/`) to the bytes an editor holds for them. The
readers at the bottom of each stage (the pyproject, a block file, a template file) take the
overlay's bytes where it has them, with the same checks as for the file's; which files a
pack has is still the disk's (discovery walks folders), so a buffer counts once its file
exists. Code modules are read by the pack's SDK, from the disk: they change on save.

Every reader of a pack's files reads through `read_pack_file`: a regular file only, within a
bound, so a FIFO, a device or a file that never ends is a problem its reader words, never a
hang or a `MemoryError`.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

from hatch_kindgi.report.files import NO_WAIT, read_at_most

if TYPE_CHECKING:
    from pathlib import Path

Overlay = Mapping[str, bytes]
"""Pack-relative path -> the bytes an editor's buffer holds for that file."""

NO_OVERLAY: Overlay = MappingProxyType({})
"""Every file as the disk has it."""


PYPROJECT_MAX_BYTES = 1024 * 1024
"""The most a `pyproject.toml` may hold: it is read before any option (`max-file-size`
included) is known, so its bound is fixed, the default of that option."""

Why = Literal["missing", "loop", "folder", "not-regular", "too-large", "error"]


@dataclass(frozen=True)
class Unread:
    """Why a pack file's bytes were not read (`read_pack_file`), for its reader to word:
    `missing`, a symbolic link `loop`, a `folder`, `not-regular` (a FIFO, a device, a socket),
    `too-large` (`size` bytes, at least), or another `error` (`reason`, the OS's words)."""

    why: Why
    size: int = 0
    reason: str = ""


def read_pack_file(path: Path | str, max_bytes: int, buffer: bytes | None = None) -> bytes | Unread:
    """The bytes of the pack file at `path` (`buffer`, an editor's, in their place), at most
    `max_bytes` of them, or why not: only a regular file is opened (a FIFO would block, a
    device never end), and never more than `max_bytes + 1` bytes read, whatever the file
    claims its size is or becomes while it is read. The one way every reader of a pack's
    files (the pyproject, block and template files, `.gitignore`) gets their bytes."""
    try:
        info = os.stat(path)  # noqa: PTH116 (a str path too)
    except OSError as exc:
        return _unread(exc)
    if stat.S_ISDIR(info.st_mode):
        return Unread("folder")
    if not stat.S_ISREG(info.st_mode):
        return Unread("not-regular")
    size = info.st_size if buffer is None else len(buffer)
    if size > max_bytes:
        return Unread("too-large", size)
    if buffer is not None:
        return buffer
    try:
        # Non-blocking: should the file be swapped for a FIFO since the stat, opening it
        # returns at once (and fstat says what it is) instead of waiting for a writer.
        handle = os.open(path, os.O_RDONLY | NO_WAIT)
    except OSError as exc:
        return _unread(exc)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return Unread("not-regular")
        data = read_at_most(handle, max_bytes + 1)
    except OSError as exc:
        return _unread(exc)
    finally:
        os.close(handle)
    if len(data) > max_bytes:
        return Unread("too-large", len(data))
    return data


def _unread(exc: OSError) -> Unread:
    if exc.errno == errno.ENOENT:
        return Unread("missing")
    if exc.errno == errno.ELOOP:
        return Unread("loop")
    if exc.errno == errno.EISDIR:
        return Unread("folder")
    return Unread("error", reason=os_reason(exc))


def unread_said(unread: Unread, max_bytes: int) -> str:
    """What a problem says of a file it names that wasn't read (`read_pack_file`)."""
    if unread.why == "too-large":
        return f"is {unread.size} bytes, more than the limit of {max_bytes}"
    return {
        "missing": "is not there",
        "loop": "is a symbolic link loop",
        "folder": "is a folder, not a file",
        "not-regular": "is not a regular file (a FIFO, a device or a socket)",
        "error": f"cannot be read: {unread.reason}",
    }[unread.why]


def os_reason(exc: OSError) -> str:
    """The OS's reason without the path it names (an absolute path has no place in a report)."""
    return (exc.strerror or type(exc).__name__).lower()
