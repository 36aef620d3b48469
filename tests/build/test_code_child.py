"""What pack code does in the indexer child stays there: no process of it outlives the build."""

from __future__ import annotations

import json
import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.helpers.entries import PING_TOOL
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import build_env, report_of, run_build, wheel_files

pytestmark = [
    pytest.mark.slow,
    pytest.mark.sdk,
    pytest.mark.skipif(
        not sys.platform.startswith("linux"),
        reason="only Linux can reach a daemon that left the session (docs/configuration.md)",
    ),
]

PYPROJECT = """\
[build-system]
requires = ["hatchling", "hatch-kindgi"]
build-backend = "hatchling.build"

[project]
name = "acme-daemon"
version = "1.0.0"
dependencies = ["kindgi>=0.1.10,<0.2"]

[tool.kindgi.pack]
id = "acme.scratch"
version = "1.0.0"

[tool.hatch.build.hooks.kindgi]
published-at = "2026-01-02T03:04:05.678Z"
"""

# A helper that starts a daemon the classic way (fork, setsid, fork) at import, and waits
# until it has written its pid.
DAEMON = """\
import os
import time

PIDS = {pids!r}

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        with open(PIDS, "a") as out:
            out.write(f"{{os.getpid()}}\\n")
        os.execvp("sleep", ["sleep", "600"])
    os._exit(0)
os.wait()
_started = time.monotonic()
while not open(PIDS).read() and time.monotonic() - _started < 20:
    time.sleep(0.01)
{then}
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "\nState:\tZ" in status.read_text())


def _daemon_pack(tmp_path: Path, then: str) -> tuple[Path, Path]:
    """A pack whose tool module imports a daemon-starting helper; and the daemons' pid file."""
    pids = tmp_path / "pids"
    pids.write_text("")
    pack = tmp_path / "pack"
    (pack / "tools").mkdir(parents=True)
    (pack / "pyproject.toml").write_text(PYPROJECT, "utf-8")
    (pack / "tools/_daemon.py").write_text(DAEMON.format(pids=str(pids), then=then), "utf-8")
    (pack / "tools/ping.py").write_text(
        textwrap.dedent(PING_TOOL) + "from . import _daemon\n", "utf-8"
    )
    return pack, pids


def _left_alive(pids: Path) -> list[int]:
    recorded = [int(pid) for pid in pids.read_text().split()]
    assert recorded  # a daemon was started: the check is not vacuous
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in recorded) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in recorded if _alive(pid)]


def test_daemon_started_by_pack_code_is_gone_after_the_build(tmp_path: Path) -> None:
    """The pack builds, and the daemon its code started at import no longer runs."""
    pack, pids = _daemon_pack(tmp_path, "")
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode == 0, run.stderr
    index = json.loads(wheel_files(run.wheels[0])["acme_daemon/index.json"])
    assert [entry["id"] for entry in index["tools"]] == ["acme.scratch.ping"]
    assert _left_alive(pids) == []


def test_daemons_of_a_failed_build_are_gone(tmp_path: Path) -> None:
    """A module that starts a daemon and then kills the indexer: the build fails naming it,
    and neither the whole pack's run nor the module's own run leaves its daemon behind."""
    pack, pids = _daemon_pack(tmp_path, "os._exit(9)")
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    assert report_of(run.stderr).splitlines()[:-1] == [
        "tools/_daemon.py: error[module-import]: the kindgi indexer exited with code 9 while "
        "importing this module; it printed nothing",
        "tools/ping.py: error[module-import]: the kindgi indexer exited with code 9 while "
        "importing this module; it printed nothing",
    ]
    assert len(pids.read_text().split()) == 3
    assert _left_alive(pids) == []
