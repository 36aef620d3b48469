"""The one bounded read of a pack's files (`read_pack_file`): only a regular file is opened,
never more than the bound read, and every reader words why a file wasn't read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hatch_kindgi.config.pyproject import read_pyproject
from hatch_kindgi.config.sources import PYPROJECT_MAX_BYTES, Unread, read_pack_file
from tests.helpers.bounded import run_bounded

fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")

_READ = """\
from pathlib import Path
from hatch_kindgi.config.pyproject import read_pyproject
from hatch_kindgi.config.sources import Unread, read_pack_file
read = read_pack_file({path!r}, 1 << 20)
_, problems = read_pyproject(Path({folder!r}))
print(json.dumps([read.why if isinstance(read, Unread) else len(read),
                  [(p.code, p.message) for p in problems]]))
"""

_NOT_REGULAR = [["config-parse", "is not a regular file (a FIFO, a device or a socket)"]]


@fifos
def test_a_fifo_is_not_opened(tmp_path: Path) -> None:
    """A FIFO named pyproject.toml, no writer ever: refused at once, no hang."""
    os.mkfifo(tmp_path / "pyproject.toml")
    code = _READ.format(path=str(tmp_path / "pyproject.toml"), folder=str(tmp_path))
    assert run_bounded(code) == ["not-regular", _NOT_REGULAR]


@dev_zero
def test_a_link_to_dev_zero_is_not_read(tmp_path: Path) -> None:
    """A pyproject.toml linked to /dev/zero: refused, no MemoryError."""
    (tmp_path / "pyproject.toml").symlink_to("/dev/zero")
    code = _READ.format(path=str(tmp_path / "pyproject.toml"), folder=str(tmp_path))
    assert run_bounded(code) == ["not-regular", _NOT_REGULAR]


def test_a_file_over_the_bound(tmp_path: Path) -> None:
    """A file over the bound is refused with its size; one at the bound is read whole."""
    path = tmp_path / "pyproject.toml"
    path.write_bytes(b"#" * (PYPROJECT_MAX_BYTES + 1))
    assert read_pack_file(path, PYPROJECT_MAX_BYTES) == Unread("too-large", PYPROJECT_MAX_BYTES + 1)
    _, problems = read_pyproject(tmp_path)
    assert [(p.code, p.message) for p in problems] == [
        ("config-parse", f"is {PYPROJECT_MAX_BYTES + 1} bytes, more than the limit of 1048576")
    ]
    path.write_bytes(b"#" * PYPROJECT_MAX_BYTES)
    assert read_pack_file(path, PYPROJECT_MAX_BYTES) == b"#" * PYPROJECT_MAX_BYTES


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="no /proc here")
def test_the_read_is_bounded_whatever_the_size_claims() -> None:
    """A regular file whose size says 0 but whose reading goes on (/proc's): never more than
    the bound plus one byte is read."""
    assert Path("/proc/self/environ").stat().st_size == 0
    read = read_pack_file("/proc/self/environ", 4)
    assert read == Unread("too-large", 5)


def test_what_is_no_file(tmp_path: Path) -> None:
    """Missing, a folder, a loop: each said as such; an editor's buffer counts by its size."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "file").write_bytes(b"on disk")
    assert [read_pack_file(tmp_path / name, 10) for name in ("gone", "folder", "loop")] == [
        Unread("missing"),
        Unread("folder"),
        Unread("loop"),
    ]
    assert read_pack_file(tmp_path / "file", 10, b"buffer") == b"buffer"
    assert read_pack_file(tmp_path / "file", 3, b"buffer") == Unread("too-large", 6)
    assert read_pack_file(tmp_path / "file", 10) == b"on disk"
