"""Writing a file whole or not at all."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hatch_kindgi.report.files import ChangedOnDisk, write_atomically, write_in_place


def test_interrupted_write_leaves_old_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails halfway leaves the previous file intact and no temp file."""
    output = tmp_path / "index.json"
    output.write_bytes(b"old\n")

    def fail(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(Path, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_atomically(output, b"new\n")
    assert output.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.json"]


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX modes")
@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o027, 0o640)])
def test_a_new_file_gets_the_umask_mode(tmp_path: Path, umask: int, mode: int) -> None:
    """What `open()` would give a new file: 0666 less the umask (not mkstemp's 0600)."""
    before = os.umask(umask)
    try:
        write_atomically(tmp_path / "index.json", b"{}\n")
    finally:
        os.umask(before)
    assert stat.S_IMODE((tmp_path / "index.json").stat().st_mode) == mode
    assert os.umask(before) == before  # the umask is as it was


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX modes")
def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    """Writing over a file keeps the mode its owner gave it, as writing it in place would."""
    output = tmp_path / "report.sarif"
    output.write_bytes(b"old\n")
    output.chmod(0o604)
    write_atomically(output, b"new\n")
    assert (output.read_bytes(), stat.S_IMODE(output.stat().st_mode)) == (b"new\n", 0o604)


def test_in_place_keeps_the_inode_mode_and_links(tmp_path: Path) -> None:
    """`write_in_place` writes into the same inode: a hard link elsewhere holds the new
    bytes, the mode stays (0640 here, no umask applied), a longer and a shorter text both
    come out exact."""
    path = tmp_path / "a.json"
    path.write_bytes(b"old text\n")
    path.chmod(0o640)
    other = tmp_path / "other-name.json"
    os.link(path, other)
    inode = path.stat().st_ino
    write_in_place(path, b"a longer new text\n", b"old text\n")
    assert other.read_bytes() == b"a longer new text\n"
    write_in_place(path, b"short\n", b"a longer new text\n")
    assert other.read_bytes() == b"short\n"
    assert path.stat().st_ino == inode
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "other-name.json"]


def test_in_place_refuses_changed_bytes(tmp_path: Path) -> None:
    """Bytes other than those the text was made from (changed, or grown past them): no
    write, `ChangedOnDisk`."""
    path = tmp_path / "a.json"
    path.write_bytes(b"old text, and more\n")
    for expected in (b"old text\n", b"old text, and more"):
        with pytest.raises(ChangedOnDisk):
            write_in_place(path, b"new\n", expected)
    assert path.read_bytes() == b"old text, and more\n"


def test_in_place_write_failing_midway_puts_the_old_bytes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk that fills after part of the new bytes is written: the old bytes are written
    back (and the file cut to them), then the error is raised."""
    path = tmp_path / "a.json"
    old = b"x" * 100 + b"\n"
    path.write_bytes(old)
    real_write = os.write
    calls = []

    def full_disk(handle: int, data: bytes) -> int:
        calls.append(len(data))
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real_write(handle, bytes(data)[:50])  # half of it, the rest asked again

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_in_place(path, b"y" * 300, old)
    monkeypatch.setattr(os, "write", real_write)
    assert path.read_bytes() == old
