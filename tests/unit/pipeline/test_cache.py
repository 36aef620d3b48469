"""A run with a `PipelineCache` reports what a fresh run reports, after any edit, and reuses
only what didn't change: the blocks' own checks per file, the code stage's outcome."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.blocks import stage as blocks_stage
from hatch_kindgi.code import stage as code_stage
from hatch_kindgi.code.stage import CodeOutcome
from hatch_kindgi.pipeline import PipelineCache, RunRequest, run_pipeline
from tests.helpers.packs import copy_pack, edit_text

ENV = {"SOURCE_DATE_EPOCH": "1767225600"}
STYLE = "blocks/reply-style/1.2.0.json"
REPLY = "blocks/prompts/reply.liquid"


def _replace(old: str, new: str) -> Callable[[Path, str], None]:
    def edit(root: Path, path: str) -> None:
        edit_text(root / path, old, new)

    return edit


def _remove(root: Path, path: str) -> None:
    (root / path).unlink()


def _copy_from(source: str) -> Callable[[Path, str], None]:
    def edit(root: Path, path: str) -> None:
        (root / path).write_bytes((root / source).read_bytes())

    return edit


def _rename_to(target: str) -> Callable[[Path, str], None]:
    def edit(root: Path, path: str) -> None:
        (root / path).rename(root / target)

    return edit


# Each step: the path it touches, and what it does; run in order on one copy of the pack.
STEPS: list[tuple[str, Callable[[Path, str], None]]] = [
    (STYLE, _replace('"maxSentences": 4', '"maxSentences": 0')),  # breaks an inherited schema
    (STYLE, _replace('"maxSentences": 0', '"maxSentences": 4')),
    (REPLY, _replace("{{ signature }}", "{{ signatur }}")),  # a warning in the template file
    ("blocks/reply-style/1.0.0.json", _replace('"minimum": 1', '"minimum": 5')),  # the schema
    ("blocks/copy.json", _copy_from("blocks/greeting.json")),  # a duplicate id and version
    ("blocks/copy.json", _remove),
    (REPLY, _rename_to("blocks/prompts/Reply.liquid")),  # now missing, then a case near miss
    ("blocks/prompts/Reply.liquid", _rename_to(REPLY)),
    ("blocks/greeting-lines.json", _remove),  # a settings block a template reads
    ("blocks/greeting.json", _replace('"kind": "prompt"', '"kind": "settings"')),
]


def _problems(root: Path, cache: PipelineCache | None = None) -> tuple[Any, ...]:
    return run_pipeline(root, RunRequest(environ=ENV, cache=cache)).problems


@pytest.mark.parametrize("tell", [True, False], ids=["watcher-says", "fingerprints-only"])
def test_cached_runs_report_what_fresh_runs_report(tmp_path: Path, tell: bool) -> None:
    """After every edit, with or without a watcher naming the path, the cached run's
    problems equal a fresh run's, byte for byte (and the edits do change them)."""
    root = copy_pack("blocks", tmp_path)
    cache = PipelineCache()
    assert _problems(root, cache) == _problems(root) == ()
    seen = set()
    for number, (path, edit) in enumerate(STEPS):
        edit(root, path)
        if tell:
            cache.forget([path])
        else:  # a clock tick apart, as any two saves by a person are
            for touched in (root / path, root / REPLY):
                if touched.exists():
                    os.utime(touched, ns=(0, (number + 1) * 10**9))
        fresh = _problems(root)
        assert _problems(root, cache) == fresh, (number, path)
        seen.add(fresh)
    assert len(seen) >= 6  # the steps made different reports


def test_unchanged_files_are_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A re-run checks again only the file that changed."""
    root = copy_pack("blocks", tmp_path)
    cache = PipelineCache()
    _problems(root, cache)
    assert len(cache.blocks.files) == 8
    read: list[str] = []
    original = blocks_stage._check_file

    def counting(root_: Path, file: str, *args: Any) -> Any:
        read.append(file)
        return original(root_, file, *args)

    monkeypatch.setattr(blocks_stage, "_check_file", counting)
    _problems(root, cache)
    assert read == []
    _replace('"maxSentences": 4', '"maxSentences": 5')(root, STYLE)
    cache.forget([STYLE])
    _problems(root, cache)
    assert read == [STYLE]


def test_code_stage_runs_again_only_for_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The code stage's outcome is kept until a Python file or pyproject.toml changes."""
    root = copy_pack("blocks", tmp_path)
    (root / "tools").mkdir()
    (root / "tools" / "hello.py").write_text("X = 1\n", encoding="utf-8")
    calls: list[tuple[str, ...]] = []

    def fake_index_code(_root: Path, modules: Any, **_: Any) -> CodeOutcome:
        calls.append(tuple(modules))
        return CodeOutcome((), (), (), (), ())

    monkeypatch.setattr(code_stage, "index_code", fake_index_code)
    cache = PipelineCache()
    _problems(root, cache)
    _replace('"maxSentences": 4', '"maxSentences": 5')(root, STYLE)
    cache.forget([STYLE])
    _problems(root, cache)
    assert calls == [("tools/hello.py",)]
    cache.forget(["tools/_helper.py"])  # a helper the modules may import
    _problems(root, cache)
    assert len(calls) == 2
    cache.forget(["pyproject.toml"])
    _problems(root, cache)
    assert len(calls) == 3
    (root / "tools" / "bye.py").write_text("Y = 2\n", encoding="utf-8")  # unannounced
    _problems(root, cache)
    assert calls[-1] == ("tools/bye.py", "tools/hello.py")


def test_a_git_revision_is_read_once_per_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--against HEAD~1` in a watch: the revision's pack folder is read out of git and
    checked once, while HEAD~1 names the same commit; when it names another (a new commit),
    that one is read, and the comparison follows it."""
    from hatch_kindgi.against import stage as against_stage
    from hatch_kindgi.against.git import extract_pack as extract
    from tests.helpers.git import GIT_ENV, commit_all, init_repo

    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    root = init_repo(copy_pack("blocks", tmp_path))
    commit_all(root, "one")
    commit_all(root, "two")
    reads: list[str] = []

    def counting(repo: Path, tree: Any, *args: Any) -> Any:
        reads.append(tree.commit)
        return extract(repo, tree, *args)

    monkeypatch.setattr(against_stage, "extract_pack", counting)
    cache = PipelineCache()

    def problems() -> tuple[str, ...]:
        result = run_pipeline(root, RunRequest(environ=ENV, cache=cache, against="HEAD~1"))
        return tuple(problem.code for problem in result.problems)

    assert problems() == ()
    edit_text(root / STYLE, '"maxSentences": 4', '"maxSentences": 5')
    cache.forget([STYLE])
    assert problems() == ("version-reused",)
    assert len(reads) == 1
    commit_all(root, "three: the edit")  # HEAD~1 is now "two", which has the old value
    assert problems() == ("version-reused",)
    commit_all(root, "four")  # HEAD~1 is "three", which has the new value
    assert problems() == ()
    assert len(reads) == 3
    assert len(set(reads)) == 3


@pytest.mark.sdk
def test_a_block_change_parses_no_module_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pack's modules are parsed once a run, for the check of what the code reads and
    the placement of problems alike, and kept: a re-check after a block changed parses none
    of them again, and reports what a fresh run reports."""
    from hatch_kindgi.primitives import modules as modules_module
    from hatch_kindgi.primitives.declarations import ModuleSource

    root = copy_pack("full", tmp_path)
    parsed: list[str] = []

    class Counting(ModuleSource):
        def __init__(self, text: str) -> None:
            parsed.append(text)
            super().__init__(text)

    monkeypatch.setattr(modules_module, "ModuleSource", Counting)
    cache = PipelineCache()
    first = _problems(root, cache)
    assert parsed  # the reads check parsed the pack's modules
    assert len(parsed) == len(set(parsed))  # each text once
    parsed.clear()
    block = "blocks/reply-style.json"
    text = (root / block).read_text(encoding="utf-8")
    (root / block).write_text(text.replace('"description": "', '"description": "New: ', 1))
    cache.forget([block])
    again = _problems(root, cache)
    assert parsed == []
    assert again == _problems(root) == first
    assert parsed  # the fresh run did parse them
