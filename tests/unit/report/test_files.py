"""Writing a file whole or not at all."""

from __future__ import annotations

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
