"""The reaper: runs one command for at most a time limit, then leaves no process of it behind.

Run as `python -I -S -c <this file's text> TIMEOUT STATUS SCRATCH -- COMMAND…` by `sdk_run`
(SCRATCH may be empty). It starts COMMAND in a session of its own (a process group on
Windows) and waits for it; when it ends, or when TIMEOUT seconds have passed, it kills what is
left and writes `{"returncode": …, "timedOut": …}` to STATUS, the last thing it does (so
nothing COMMAND started can overwrite it). Stopped (SIGTERM, SIGINT: the hook or the command
line was interrupted), it kills what is left at once; when its parent is gone by then (a build
frontend kills an interrupted backend), it also removes SCRATCH, the parent's scratch folder.

What is left is found differently by platform:
- Linux: the reaper is stopped (SIGTERM) when its parent ends, even killed; it makes itself
  a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`), so a process COMMAND started that lost
  its parent (a daemon's double fork) is re-parented to the reaper instead of to init, even
  after `setsid`: every process still descending from the reaper is killed, until none is left.
- macOS and other POSIX systems: COMMAND's process group is killed. A process that moved to a
  session of its own (`setsid`) and lost its parent is beyond reach.
- Windows: COMMAND's process tree (`taskkill /T`). A process whose parent already exited is
  beyond reach.

Self-contained (standard library only), so it runs as an isolated `-c` script (no site, no
working folder on sys.path); `child` shares its helpers for every other child of the hook.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

_PR_SET_CHILD_SUBREAPER = 36
_PR_SET_PDEATHSIG = 1
_SWEEP_SECONDS = 10.0
"""How long the reaper goes on killing what keeps forking before it gives up."""


def become_subreaper() -> bool:
    """Make this process the child subreaper of its descendants (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def stop_with_parent() -> bool:
    """Have SIGTERM sent to this process when its parent ends, however it ends (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def descendants(pid: int) -> list[int]:
    """Every process whose chain of parents leads to `pid`, read from /proc (Linux)."""
    children: dict[int, list[int]] = {}
    try:
        entries = list(Path("/proc").iterdir())
    except OSError:
        return []  # no /proc mounted: nothing can be found
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue  # gone since listed
        # "pid (comm) state ppid …": comm may hold spaces and parentheses.
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 1:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    pending = [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def reap_children() -> None:
    """Collect every child that has exited, without waiting for the others."""
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] != 0:
            pass


def sweep() -> None:
    """Kill every descendant of this process, again and again, until none is left."""
    deadline = time.monotonic() + _SWEEP_SECONDS
    while True:
        reap_children()
        left = descendants(os.getpid())
        if not left or time.monotonic() > deadline:
            return
        for pid in left:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.01)


def start(command: list[str], **options: Any) -> subprocess.Popen[bytes]:
    """Start `command` with stdin closed, in a session of its own (a process group on Windows),
    so that its whole group can be killed."""
    isolation: dict[str, Any] = (
        {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        if sys.platform == "win32"
        else {"start_new_session": True}
    )
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, **isolation, **options)


def wait_until(process: subprocess.Popen[bytes], timeout: float) -> tuple[int | None, bool]:
    """Wait for `process`, killing its group at `timeout` seconds: (exit code, whether killed).

    A timer kills it while this thread blocks: `wait(timeout=…)` polls, and so would notice
    the end of every child up to 50 ms late.
    """
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        kill_group(process)

    timer = threading.Timer(timeout, expire)
    timer.daemon = True
    timer.start()
    try:
        returncode = process.wait()
    finally:
        timer.cancel()
    if expired.is_set():
        return None, True
    return returncode, False


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the process's group (its session), or its process tree on Windows."""
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


class _Stopped(Exception):
    """SIGTERM or SIGINT reached the reaper: what it runs is to be cleared up now."""


def _stopped(signum: int, frame: object) -> None:
    raise _Stopped


def main(argv: list[str]) -> int:
    """Run the command after `--` for at most TIMEOUT seconds; write STATUS; leave nothing."""
    timeout, status = float(argv[1]), Path(argv[2])
    scratch = argv[3] if argv.index("--") > 3 and argv[3] else None
    command = argv[argv.index("--") + 1 :]
    parent = os.getppid()
    subreaper = become_subreaper()
    # Asked to stop (the hook or the command line was interrupted), or its parent gone (a
    # build frontend kills an interrupted backend): clear up as at the end.
    for stop in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop, _stopped)
    stop_with_parent()
    process = start(command)
    try:
        returncode, timed_out = wait_until(process, timeout)
    except _Stopped:
        for stop in (signal.SIGTERM, signal.SIGINT):
            signal.signal(stop, signal.SIG_IGN)
        kill_group(process)
        if subreaper:
            sweep()
        if scratch is not None and os.getppid() != parent:
            # Its parent was killed before it could remove its scratch folder: done here.
            shutil.rmtree(scratch, ignore_errors=True)
        return 1
    # Also after a normal exit: what the command started may still run.
    kill_group(process)
    if subreaper:
        sweep()
    status.write_text(
        json.dumps({"returncode": returncode, "timedOut": timed_out, "subreaper": subreaper}),
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
