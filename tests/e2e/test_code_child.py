"""What pack code does in the indexer child stays there: no process of it outlives the build."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.helpers.entries import PING_TOOL
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import build_env, report_of, run_build, scratch_pyproject, wheel_files
from tests.helpers.processes import daemon_module, left_alive, linux_only

pytestmark = [pytest.mark.slow, pytest.mark.sdk, linux_only]


def _daemon_pack(tmp_path: Path, then: str) -> tuple[Path, Path]:
    """A pack whose tool module imports a daemon-starting helper; and the daemons' pid file."""
    pids = tmp_path / "pids"
    pack = tmp_path / "pack"
    (pack / "tools").mkdir(parents=True)
    (pack / "pyproject.toml").write_text(scratch_pyproject("acme-daemon", "acme.scratch"), "utf-8")
    (pack / "tools/_daemon.py").write_text(daemon_module(pids, then), "utf-8")
    (pack / "tools/ping.py").write_text(
        textwrap.dedent(PING_TOOL) + "from . import _daemon\n", "utf-8"
    )
    return pack, pids


def test_daemon_started_by_pack_code_is_gone_after_the_build(tmp_path: Path) -> None:
    """The pack builds, and the daemon its code started at import no longer runs."""
    pack, pids = _daemon_pack(tmp_path, "")
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode == 0, run.stderr
    index = json.loads(wheel_files(run.wheels[0])["acme_daemon/index.json"])
    assert [entry["id"] for entry in index["tools"]] == ["acme.scratch.ping"]
    assert left_alive(pids) == []


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
    assert left_alive(pids) == []
