"""A child process with a time limit, killed together with every process it started.

The child runs in its own session (its own process group on Windows) with stdin closed, so a
hang is killed with its children, and it is killed that way after a normal exit too: code it ran
may have left children behind. Its output goes to files the caller opens, of which only the end
is read back (pack code may print megabytes).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from typing import IO, TYPE_CHECKING

from hatch_kindgi.code.reaper import kill_group, start, wait_until

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from pathlib import Path


def run_bounded(
    command: Sequence[str],
    cwd: Path,
    stdout: IO[bytes],
    stderr: IO[bytes],
    *,
    timeout: float,
    env: Mapping[str, str],
) -> tuple[int | None, bool]:
    """Run `command` in its own session for at most `timeout` s: (exit code, whether killed)."""
    process = start(list(command), cwd=cwd, stdout=stdout, stderr=stderr, env=env)
    try:
        returncode, killed = wait_until(process, timeout)
    except BaseException:
        # Interrupted (Ctrl-C): the child is asked to stop, and the reaper then clears up
        # what it started, in sessions of their own that killing its group would miss. It
        # does so on its own, in its own session: a build frontend kills an interrupted
        # backend within a quarter of a second, and this one must be quick to clear up its
        # own folders first.
        stop_gently(process)
        raise
    # Also after a normal exit: the child may have left children behind.
    kill_group(process)
    if process.poll() is None:
        process.kill()
    process.wait()
    return returncode, killed


def stop_gently(process: subprocess.Popen[bytes]) -> None:
    """Ask `process` to stop: SIGTERM, on which the reaper kills what it started and exits."""
    if process.poll() is None:
        with contextlib.suppress(OSError):
            process.terminate()


def read_tail(path: Path, limit: int) -> str:
    """The last `limit` bytes of a child's output file, decoded leniently ("" if unreadable)."""
    try:
        with path.open("rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - limit))
            data = handle.read()
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace")
