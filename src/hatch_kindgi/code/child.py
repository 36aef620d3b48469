"""A child process with a time limit, killed together with every process it started.

The child runs in its own session (its own process group on Windows) with stdin closed, so a
hang is killed with its children, and it is killed that way after a normal exit too: code it ran
may have left children behind. Its output goes to files the caller opens, of which only the end
is read back (pack code may print megabytes).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from typing import IO, TYPE_CHECKING, Any

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
    # Its own session (process group on Windows), so the whole tree can be killed at once.
    isolation: dict[str, Any] = (
        {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        if sys.platform == "win32"
        else {"start_new_session": True}
    )
    process = subprocess.Popen(
        command,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        env=env,
        **isolation,
    )
    # A timer kills it at the limit while this thread waits: `wait(timeout=…)` polls, and so
    # would notice the end of every child up to 50 ms late.
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        _kill_group(process)

    timer = threading.Timer(timeout, expire)
    timer.daemon = True
    timer.start()
    try:
        returncode: int | None = process.wait()
    finally:
        timer.cancel()
        # Also after a normal exit: the child may have left children behind.
        _kill_tree(process)
    if expired.is_set():
        return None, True
    return returncode, False


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


def _kill_tree(process: subprocess.Popen[bytes]) -> None:
    """Kill the child's whole process group (its session), then reap the child."""
    _kill_group(process)
    if process.poll() is None:
        process.kill()
    process.wait()


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the child's process group (its session), or its process tree on Windows."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        if process.poll() is None:
            subprocess.run(
                ["taskkill", "/F", "/T", "/PID", str(process.pid)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
    else:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
