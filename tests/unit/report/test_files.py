"""Writing a file whole or not at all."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hatch_kindgi.report.files import write_atomically


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
