"""Files a run writes (a report, an index): whole, or not at all; and the pack files
`check --fix` rewrites in place (`write_in_place`), keeping their mode and their links; and
where the pack is in its repository (`repository_prefix`), which reports' paths start from."""

from __future__ import annotations

import errno
import os
import stat
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
    import tempfile  # (with shutil and random: only a run that writes a file loads them)

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


class ChangedOnDisk(Exception):
    """The file no longer holds the bytes its new text was made from (`write_in_place`)."""


NO_WAIT = (
    getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
"""`os.open` flags (with a mode's) for a pack file that may have been swapped for a FIFO or
a device: the open returns at once, no terminal is taken, no child inherits it, no byte is
translated; `fstat` then says what was opened."""


def write_in_place(path: Path, data: bytes, expected: bytes) -> None:
    """Write `data` into the regular file at `path` in place (the same inode: its mode, its
    owner and every hard link to it keep, and all its names then hold `data`), provided it
    still holds `expected` byte for byte, else `ChangedOnDisk` and the file untouched.

    The file is opened once, checked to be a regular file and read back through that one
    descriptor (at most `len(expected) + 1` bytes: no FIFO waited on, no device read
    without end), so what is compared is what is written into. Then: the new bytes written
    from the start, the file cut to their length, synced. Truncate-and-write, with the old
    bytes restorable: should a write fail midway (a full disk, a quota, an I/O error), the
    old bytes, held in memory, are written back and the file cut to their length before the
    error is raised, so a failure leaves the file as it was. (A rename of a temporary copy,
    `write_atomically`, would also survive a crash midway, but gives the path a new inode:
    the other names of a hard-linked file would keep the old text.)"""
    handle = os.open(path, os.O_RDWR | NO_WAIT)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(errno.EINVAL, "it is not a regular file")
        if getattr(os, "O_NONBLOCK", 0):  # opened so as not to wait on a FIFO; a file is read
            os.set_blocking(handle, True)
        if read_at_most(handle, len(expected) + 1) != expected:
            raise ChangedOnDisk
        try:
            _overwrite(handle, data)
        except OSError:
            _overwrite(handle, expected)  # the old bytes back, then the first error
            raise
    finally:
        os.close(handle)


def read_at_most(handle: int, most: int) -> bytes:
    """The bytes `handle` reads from where it stands, `most` at the most (fewer at its end)."""
    chunks = []
    total = 0
    while total < most:
        chunk = os.read(handle, most - total)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _overwrite(handle: int, data: bytes) -> None:
    """`data` written over the open file from its start, the file cut to it, synced."""
    os.lseek(handle, 0, os.SEEK_SET)
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view) :]
    os.ftruncate(handle, len(data))
    os.fsync(handle)


def repository_prefix(root: Path) -> str:
    """The pack folder `root` as a path inside the git working tree holding it, with a
    trailing slash (`packs/ledger/`); `""` at the tree's root or outside any tree.

    Looks for `.git` (a folder, or the file of a linked worktree or submodule) from `root`
    up, without running git."""
    folder = root.resolve()
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            inside = folder.relative_to(candidate).as_posix()
            return "" if inside == "." else f"{inside}/"
    return ""
