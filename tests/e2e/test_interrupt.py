"""Ctrl-C, as a user gives it: during `check` of a large pack (its templates checked in a
helper process, its code indexed by the real SDK in a child that has started a daemon), during
a check of two packs side by side, and during a build. Each time: exit 130, `interrupted` and
no traceback, no temporary folder and no process left behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from hatch_kindgi.blocks.templates import PARALLEL_FROM
from tests.helpers.entries import PING_TOOL
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import build_env, scratch_pyproject
from tests.helpers.processes import alive, daemon_module, left_alive, linux_only

pytestmark = [pytest.mark.slow, pytest.mark.sdk, linux_only]

_WAIT_SECONDS = 120  # the SDK's import of pack code on a loaded machine
_RECORD_SELF = 'with open(PIDS, "a") as out:\n    out.write(f"{os.getpid()}\\n")\ntime.sleep(600)\n'
"""After its daemon: the module records the process importing it, and sleeps."""


def _large_pack(folder: Path, name: str) -> tuple[Path, Path]:
    """A pack of PARALLEL_FROM block files whose tool module starts a daemon, records its
    importer and sleeps; and the file where both pids go."""
    pids = folder / f"{name}.pids"
    pack = folder / name
    (pack / "tools").mkdir(parents=True)
    (pack / "blocks").mkdir()
    (pack / "pyproject.toml").write_text(scratch_pyproject(name, "acme.scratch"), "utf-8")
    (pack / "tools" / "_daemon.py").write_text(daemon_module(pids, _RECORD_SELF), "utf-8")
    (pack / "tools" / "ping.py").write_text(
        textwrap.dedent(PING_TOOL) + "from . import _daemon\n", "utf-8"
    )
    for number in range(PARALLEL_FROM):
        block = {
            "id": f"acme.greeting{number}",
            "version": "1.0.0",
            "kind": "prompt",
            "content": {
                "template": "Hello {{ name | capitalize }}!",
                "parameters": [{"name": "name", "type": "string"}],
            },
        }
        (pack / "blocks" / f"g{number}.json").write_text(json.dumps(block), "utf-8")
    return pack, pids


def _start(command: list[str], scratch: Path, cwd: Path | None = None) -> subprocess.Popen[str]:
    scratch.mkdir(exist_ok=True)
    env = build_env({**GOLDEN_ENV, "TMPDIR": str(scratch), "NO_COLOR": "1"})
    return subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
        start_new_session=True,  # its own group, as a shell's foreground job
    )


def _wait_for(pids: list[Path], count: int, process: subprocess.Popen[str]) -> None:
    """Until each pid file holds `count` pids (the code is being indexed)."""
    deadline = time.monotonic() + _WAIT_SECONDS
    while time.monotonic() < deadline:
        if all(p.exists() and len(p.read_text().split()) >= count for p in pids):
            return
        if process.poll() is not None:
            pytest.fail(f"it ended first: {process.communicate()}")
        time.sleep(0.05)
    process.kill()
    pytest.fail(f"the pack code never ran: {process.communicate()}")


def _interrupted(process: subprocess.Popen[str], *, group: bool) -> tuple[int, str, str]:
    """SIGINT to the process (or its whole group, as a terminal's Ctrl-C); what it did."""
    if group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=_WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"still running after SIGINT: {out!r} {err!r}")
    return process.returncode, out, err


def _group_gone(leader: int) -> bool:
    """Whether no process of the interrupted command's group is left."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        members = [
            entry
            for entry in Path("/proc").iterdir()
            if entry.name.isdigit() and _group_of(entry) == leader and alive(int(entry.name))
        ]
        if not members:
            return True
        time.sleep(0.05)
    return False


def _group_of(entry: Path) -> int | None:
    try:
        stat = (entry / "stat").read_text()
    except OSError:
        return None
    return int(stat[stat.rfind(")") + 2 :].split()[2])


@pytest.mark.parametrize("group", [False, True], ids=["sigint-to-the-command", "ctrl-c-group"])
def test_ctrl_c_during_a_check_of_a_large_pack(tmp_path: Path, group: bool) -> None:
    """SIGINT while the SDK imports the pack's code: exit 130, `interrupted`, nothing left."""
    pack, pids = _large_pack(tmp_path, "large")
    scratch = tmp_path / "tmp"
    process = _start([sys.executable, "-m", "hatch_kindgi", "check", str(pack)], scratch)
    _wait_for([pids], 2, process)
    code, out, err = _interrupted(process, group=group)
    assert (code, out, err) == (130, "", "hatch-kindgi: interrupted\n")
    assert left_alive(pids) == []
    assert _group_gone(process.pid)
    assert list(scratch.iterdir()) == []


def test_ctrl_c_during_a_check_of_packs_side_by_side(tmp_path: Path) -> None:
    """Two packs checked at once, each in the SDK: SIGINT to the command stops both children
    and theirs; exit 130, nothing left."""
    first, first_pids = _large_pack(tmp_path, "first")
    second, second_pids = _large_pack(tmp_path, "second")
    scratch = tmp_path / "tmp"
    command = [sys.executable, "-m", "hatch_kindgi", "check", "-j", "2", str(first), str(second)]
    process = _start(command, scratch)
    _wait_for([first_pids, second_pids], 2, process)
    code, out, err = _interrupted(process, group=False)
    assert (code, out, err) == (130, "", "hatch-kindgi: interrupted\n")
    assert left_alive(first_pids) == []
    assert left_alive(second_pids) == []
    assert _group_gone(process.pid)
    assert list(scratch.iterdir()) == []


def test_ctrl_c_during_a_build(tmp_path: Path) -> None:
    """Ctrl-C (the group's SIGINT) during `python -m build` while the hook indexes the code:
    no traceback through our code, no folder nor process left. (The frontend kills its
    backend a quarter of a second after Ctrl-C: whether the hook had the time to say so
    depends on the machine's load; the reaper clears up after it either way.)"""
    pack, pids = _large_pack(tmp_path, "large")
    scratch = tmp_path / "tmp"
    command = [
        sys.executable,
        "-m",
        "build",
        "--no-isolation",
        "--wheel",
        "--outdir",
        str(tmp_path / "dist"),
        str(pack),
    ]
    process = _start(command, scratch)
    _wait_for([pids], 2, process)
    code, out, err = _interrupted(process, group=True)
    assert code != 0
    assert "hatch_kindgi" not in out + err  # no traceback through our code
    assert left_alive(pids) == []
    assert _group_gone(process.pid)
    assert _no_scratch_left(scratch)


def test_ctrl_c_in_the_build_hook(tmp_path: Path) -> None:
    """The backend alone (as a frontend that lets it finish runs it): SIGINT while the hook
    indexes the code: `kindgi: interrupted`, exit 130, nothing left."""
    pack, pids = _large_pack(tmp_path, "large")
    scratch = tmp_path / "tmp"
    backend = f"from hatchling.build import build_wheel; build_wheel({str(tmp_path / 'd')!r})"
    process = _start([sys.executable, "-c", backend], scratch, cwd=pack)
    _wait_for([pids], 2, process)
    code, out, err = _interrupted(process, group=True)
    assert (code, out, err) == (130, "", "kindgi: interrupted\n")
    assert left_alive(pids) == []
    assert _group_gone(process.pid)
    assert list(scratch.iterdir()) == []


def _no_scratch_left(scratch: Path) -> bool:
    """Whether no folder of ours is left in `scratch` (within a few seconds: the reaper
    removes one whose hook was killed)."""
    deadline = time.monotonic() + 5
    while any(p.name.startswith("hatch-kindgi") for p in scratch.iterdir()):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
