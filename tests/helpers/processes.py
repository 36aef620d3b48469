"""Processes pack code starts: a module that starts a daemon, and whether processes are gone."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

# The classic daemon, started at import: fork, setsid, fork again; the grandchild, re-parented,
# writes its pid and becomes `sleep 600`. The module returns once that pid is written.
_DAEMON = """\
import os
import time

PIDS = {pids!r}

_before = open(PIDS).read().count("\\n")
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        with open(PIDS, "a") as out:
            out.write(f"{{os.getpid()}}\\n")
        os.execvp("sleep", ["sleep", "600"])
    os._exit(0)
os.wait()
_started = time.monotonic()
while open(PIDS).read().count("\\n") <= _before and time.monotonic() - _started < 20:
    time.sleep(0.01)
{then}
"""

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"),
    reason="only Linux can reach a daemon that left the session (docs/configuration.md)",
)


def daemon_module(pids: Path, then: str = "") -> str:
    """A module that starts a daemon recording its pid in `pids`, then runs `then`."""
    if not pids.exists():
        pids.write_text("")
    return _DAEMON.format(pids=str(pids), then=then)


def alive(pid: int) -> bool:
    """Whether a process with this id still exists (and is not a zombie)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    if status.exists():
        return "\nState:\tZ" not in status.read_text()
    return True


def left_alive(pids: Path) -> list[int]:
    """The processes recorded in `pids` that still run a few seconds on (none, it is hoped)."""
    recorded = [int(pid) for pid in pids.read_text().split()]
    assert recorded  # processes were started: the check is not vacuous
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in recorded) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in recorded if alive(pid)]
