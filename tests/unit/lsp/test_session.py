"""A pack's session: code modules are indexed as saved, never from a buffer; a changed
buffer reports only the files whose problems changed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.code import stage as code_stage
from hatch_kindgi.code.stage import CodeOutcome
from hatch_kindgi.lsp.session import PackSession, pack_root
from tests.helpers.packs import copy_pack

ENV = {"SOURCE_DATE_EPOCH": "1767225600"}


def test_code_is_indexed_on_save_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing in a code module re-checks without the SDK; saving it runs the SDK again."""
    root = copy_pack("blocks", tmp_path)
    (root / "tools").mkdir()
    (root / "tools" / "hello.py").write_text("X = 1\n", encoding="utf-8")
    calls: list[tuple[str, ...]] = []

    def fake_index_code(_root: Path, modules: Any, **_: Any) -> CodeOutcome:
        calls.append(tuple(modules))
        return CodeOutcome((), (), (), (), ())

    monkeypatch.setattr(code_stage, "index_code", fake_index_code)
    session = PackSession(root, ENV)
    session.check()
    assert len(calls) == 1
    session.edit("tools/hello.py", "X = 2\n")
    assert "tools/hello.py" not in session.overlay()
    session.check()
    assert len(calls) == 1
    session.saved("tools/hello.py")
    session.check()
    assert len(calls) == 2


def test_changed_files_only(tmp_path: Path) -> None:
    """A buffer that breaks one file reports that file, and again when its text moves the
    problem; closing it reports it with no problems; an unchanged re-check reports nothing."""
    root = copy_pack("blocks", tmp_path)
    session = PackSession(root, ENV)
    assert session.check() == {}
    path = "blocks/greeting.json"
    text = (root / path).read_text("utf-8")
    session.edit(path, text.replace('"kind": "prompt"', '"kind": "promt"'))
    changed = session.check()
    assert list(changed) == [path]
    assert [p.code for p in changed[path]] == ["block-kind"]
    assert session.check() == {}
    # The same problem, moved a line down with the text: published again, at its new place.
    session.edit(path, "\n" + text.replace('"kind": "prompt"', '"kind": "promt"'))
    assert list(session.check()) == [path]
    session.close(path)
    assert session.check() == {path: ()}


def test_pack_root_is_the_nearest_pyproject(tmp_path: Path) -> None:
    """A file's pack is the folder of the nearest pyproject.toml above it; none, no pack."""
    root = copy_pack("blocks", tmp_path)
    assert pack_root(root / "blocks" / "greeting.json") == root
    assert pack_root(root) == root
    assert pack_root(tmp_path / "elsewhere.json") is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_text_of_a_fifo_is_none_without_a_hang(tmp_path: Path) -> None:
    """The session reads a file it has no buffer for as every pack file is read: a FIFO
    named like a block file is no text, at once; a buffer is its text."""
    os.mkfifo(tmp_path / "pipe.json")
    session = PackSession(tmp_path, ENV)
    assert session.text("pipe.json") is None
    session.edit("pipe.json", "{}")
    assert session.text("pipe.json") == "{}"
